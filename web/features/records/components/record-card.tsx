/**
 * A record in a list (001 §2): the type badge (Maintenance, Repairs, Mods), the title ('Untitled'
 * when it has none), its vehicle, date, cost, the odometer at the service when it has one
 * (decision 050), technician, location and notes, Completed or Pending, and a marker for its PDF
 * and its photos with their count (decision 033). The title opens the record dialog; Edit and
 * Delete open theirs.
 */
import { RECORD_KINDS, recordStatus, UNTITLED } from '@contract/records';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';
import { useMoney } from '@web/lib/preferences';
import {
  Calendar,
  CalendarClock,
  Camera,
  Car,
  CheckCircle2,
  FileText,
  Gauge,
  MapPin,
  Pencil,
  Trash2,
  UserRound,
} from 'lucide-react';
import {
  RECORD_ATTACHMENT_TEXTS,
  RECORD_DIALOG_TEXTS,
  RECORD_VIEW_TEXTS,
} from '../lib/record-texts';
import type { RecordView } from './record-detail-dialog';
import { RecordOdometer } from './record-odometer';
import { RecordTypeIcon } from './record-type-icon';

export type RecordCardProps = {
  record: RecordView;
  onOpen: (record: RecordView) => void;
  onEdit: (record: RecordView) => void;
  onDelete: (record: RecordView) => void;
  /** D16: the Maintenance view's Complete button marks an open item completed. */
  onComplete?: (record: RecordView) => void;
};

/** One marker: an icon and a count, read as its label. */
function AttachmentMarker({
  icon: Icon,
  count,
  label,
}: {
  icon: typeof FileText;
  count: number;
  label: string;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="record-attachment"
      className="inline-flex items-center gap-1 rounded-md border border-border px-1.5 py-0.5 text-xs font-medium text-muted-foreground tabular-nums"
    >
      <Icon className="size-3.5" aria-hidden />
      {count}
    </span>
  );
}

/** Decision 033: what the record has attached, at a glance; nothing when it has nothing. */
function AttachmentMarkers({ record }: { record: RecordView }) {
  // A record holds one document (001 §9), so its marker counts one.
  return (
    <>
      {record.fileUrl && (
        <AttachmentMarker icon={FileText} count={1} label={RECORD_ATTACHMENT_TEXTS.pdf} />
      )}
      {record.photoCount > 0 && (
        <AttachmentMarker
          icon={Camera}
          count={record.photoCount}
          label={RECORD_ATTACHMENT_TEXTS.photos(record.photoCount)}
        />
      )}
    </>
  );
}

export function RecordCard({ record, onOpen, onEdit, onDelete, onComplete }: RecordCardProps) {
  const kind = RECORD_KINDS[record.type];
  const title = record.title || UNTITLED;
  const status = recordStatus(record.isCompleted);
  const money = useMoney();
  return (
    <article
      aria-label={title}
      data-testid="record-card"
      data-type={record.type}
      className="flex gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
    >
      <RecordTypeIcon type={record.type} className="hidden sm:flex" />
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge variant="outline" data-testid="record-type-badge">
                {kind.badge}
              </Badge>
              <Badge
                variant={record.isCompleted ? 'success' : 'secondary'}
                data-testid="record-card-status"
              >
                {status === 'Completed'
                  ? RECORD_DIALOG_TEXTS.completed
                  : RECORD_DIALOG_TEXTS.pending}
              </Badge>
              <AttachmentMarkers record={record} />
            </div>
            <h3 className="min-w-0 text-base font-semibold leading-snug">
              <button
                type="button"
                onClick={() => onOpen(record)}
                className="cursor-pointer text-left break-words underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
              >
                {title}
              </button>
            </h3>
            <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
              <Car className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{record.vehicleName}</span>
              <span aria-hidden>·</span>
              <span className="truncate">{record.category}</span>
            </p>
          </div>
          <p className="text-base font-semibold tabular-nums" data-testid="record-cost">
            {money.format(record.cost)}
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex items-center gap-1.5">
            <dt>
              <Calendar className="size-3.5" aria-hidden />
              <span className="sr-only">Date</span>
            </dt>
            <dd data-testid="record-date">
              {formatDate(record.date, RECORD_DIALOG_TEXTS.notScheduled)}
            </dd>
          </div>
          {record.odometer !== null && (
            <div className="flex items-center gap-1.5" data-testid="record-odometer">
              <dt className="flex items-center gap-1.5">
                <Gauge className="size-3.5" aria-hidden />
                Odometer
              </dt>{' '}
              <dd>
                <RecordOdometer odometer={record.odometer} unit={record.odometerUnit} />
              </dd>
            </div>
          )}
          {(record.dueDate || record.dueMileage !== null) && (
            <div className="flex items-center gap-1.5">
              <dt>
                <CalendarClock className="size-3.5" aria-hidden />
                <span className="sr-only">Due</span>
              </dt>
              <dd data-testid="record-due">
                Due{' '}
                {[
                  record.dueDate ? formatDate(record.dueDate) : null,
                  record.dueMileage !== null
                    ? `at ${formatDistance(record.dueMileage, record.odometerUnit)}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </dd>
            </div>
          )}
          <div className="flex items-center gap-1.5">
            <dt>
              <UserRound className="size-3.5" aria-hidden />
              <span className="sr-only">Technician</span>
            </dt>
            <dd>{record.technician || RECORD_DIALOG_TEXTS.notSpecified}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <MapPin className="size-3.5" aria-hidden />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{record.location || RECORD_DIALOG_TEXTS.notSpecified}</dd>
          </div>
        </dl>
        {record.description && (
          <p className="line-clamp-2 text-sm text-foreground">{record.description}</p>
        )}
        {record.notes && (
          <p className="line-clamp-2 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">Notes: </span>
            {record.notes}
          </p>
        )}
        <div className="flex gap-1 justify-self-end">
          {onComplete && !record.isCompleted && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onComplete(record)}
              aria-label={`Complete ${title}`}
            >
              <CheckCircle2 aria-hidden />
              {RECORD_VIEW_TEXTS.complete}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(record)}
            aria-label={`Edit ${title}`}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => onDelete(record)}
            aria-label={`Delete ${title}`}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
