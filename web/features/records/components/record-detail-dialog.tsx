/**
 * The record dialog (001 §2, §4, §5, §8): Basic Information (date or 'Not scheduled', cost or
 * 'Not specified', category, due date and mileage for maintenance, and the odometer at the
 * service when it has one, decision 050), Service Information (technician, location), description, notes, the attached document ('View'), the pictures with
 * their viewer, and Completed or Scheduled (Planned for repairs and modifications). Add Image
 * takes one picture at a time (an image, at most 5 MB) captioned 'Added on {date time}', up to
 * MAX_RECORD_IMAGES (decision 041: counted and closed at the limit as a vehicle's images are). The
 * completion toggle flips the status and closes the dialog; Edit Record and Delete hand over to
 * their dialogs. 'No record data available' when there is no record to show.
 */
import {
  MAX_RECORD_IMAGES,
  RECORD_KINDS,
  RECORD_MESSAGES,
  type RecordType,
  recordStatus,
  UNTITLED,
} from '@contract/records';
import type { DistanceUnit } from '@contract/units';
import { imageSource, UPLOAD_RULES, uploadHint } from '@contract/uploads';
import { VEHICLE_TOASTS } from '@contract/vehicles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { formatDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';
import { useMoney } from '@web/lib/preferences';
import { refreshRecordData } from '@web/lib/query-client';
import {
  CheckCircle2,
  CircleAlert,
  CircleDashed,
  FileText,
  ImagePlus,
  Pencil,
  Trash2,
} from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { addRecordImage } from '../api/add-record-image';
import { useRecordImages } from '../api/get-record-images';
import { useToggleRecordCompletion } from '../api/toggle-record-completion';
import { checkRecordImage, recordImageCaption } from '../lib/record-image-check';
import { RECORD_DIALOG_TEXTS, RECORD_IMAGE_TEXTS, RECORD_STATE_TEXTS } from '../lib/record-texts';
import { type GalleryImage, RecordGallery } from './record-gallery';
import { RecordOdometer } from './record-odometer';

/** What the dialog shows: a record as any of the record calls answers it. */
export type RecordView = {
  id: number;
  type: RecordType;
  vehicleId: number;
  vehicleName: string;
  title: string | null;
  category: string;
  description: string | null;
  cost: number | null;
  date: string | null;
  location: string | null;
  technician: string | null;
  notes: string | null;
  fileUrl: string | null;
  imageUrl: string | null;
  /** Decision 033: the record's photo and its record images. */
  photoCount: number;
  isCompleted: boolean;
  dueDate: string | null;
  dueMileage: number | null;
  /** Decision 050: the odometer at the service, in its vehicle's unit. */
  odometer: number | null;
  /** D49: what the vehicle's odometer shows, which the due mileage and the odometer are in. */
  odometerUnit: DistanceUnit;
};

export type RecordDetailDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: RecordView | null;
  onEdit: (record: RecordView) => void;
  onDelete: (record: RecordView) => void;
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2 rounded-lg border border-border p-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function thumbnailOf(src: string): string {
  return src.startsWith('/uploads/') ? `${src}/thumbnail` : src;
}

export function RecordDetailDialog({
  open,
  onOpenChange,
  record,
  onEdit,
  onDelete,
}: RecordDetailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Its own Close button ends the dialog; a second one in the corner would say the same. */}
      <DialogContent className="max-w-2xl" showCloseButton={false}>
        {record ? (
          <RecordDetails
            record={record}
            onClose={() => onOpenChange(false)}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Record</DialogTitle>
              <DialogDescription>{RECORD_STATE_TEXTS.noRecordData}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {RECORD_DIALOG_TEXTS.close}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RecordDetails({
  record,
  onClose,
  onEdit,
  onDelete,
}: {
  record: RecordView;
  onClose: () => void;
  onEdit: (record: RecordView) => void;
  onDelete: (record: RecordView) => void;
}) {
  const kind = RECORD_KINDS[record.type];
  const title = record.title || UNTITLED;
  const money = useMoney();
  const inputId = useId();
  const { images, isError } = useRecordImages(record.type, record.id);
  const [isAdding, setIsAdding] = useState(false);
  const [percent, setPercent] = useState(0);
  const toggle = useToggleRecordCompletion({ onToggled: onClose });
  const status = recordStatus(record.isCompleted);
  const isFull = images.length >= MAX_RECORD_IMAGES;

  const gallery: GalleryImage[] = [
    ...(record.imageUrl
      ? [
          {
            key: 'photo',
            src: imageSource(record.imageUrl),
            thumbnail: thumbnailOf(imageSource(record.imageUrl)),
            caption: null,
          },
        ]
      : []),
    ...images.map((image) => ({
      key: `image-${image.id}`,
      src: imageSource(image.imageUrl),
      thumbnail: image.thumbnailUrl ? imageSource(image.thumbnailUrl) : imageSource(image.imageUrl),
      caption: image.caption,
    })),
  ];

  const addImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = await checkRecordImage(file);
    if (refusal) {
      toast({ variant: 'destructive', ...refusal });
      return;
    }
    setIsAdding(true);
    setPercent(0);
    try {
      await addRecordImage({
        type: record.type,
        recordId: record.id,
        file,
        caption: recordImageCaption(),
        onProgress: ({ loaded, total }) =>
          setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      toast({ title: VEHICLE_TOASTS.imageAdded });
      void refreshRecordData();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.uploadFailed,
        description: errorMessage(error, VEHICLE_TOASTS.uploadImageFailed),
      });
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <Badge variant="outline">{kind.badge}</Badge>
          <Badge variant={record.isCompleted ? 'success' : 'secondary'} data-testid="record-status">
            {record.isCompleted ? <CheckCircle2 aria-hidden /> : <CircleDashed aria-hidden />}
            {record.isCompleted ? RECORD_DIALOG_TEXTS.completed : kind.pendingLabel}
          </Badge>
        </div>
        <DialogTitle className="break-words">{title}</DialogTitle>
        <DialogDescription>
          {record.vehicleName} · {record.category}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-3 sm:grid-cols-2">
        <Section title={RECORD_DIALOG_TEXTS.basicInformation}>
          <dl className="grid grid-cols-2 gap-3">
            <Item label="Date">{formatDate(record.date, RECORD_DIALOG_TEXTS.notScheduled)}</Item>
            <Item label="Cost">
              <span className="tabular-nums">
                {record.cost === null
                  ? RECORD_DIALOG_TEXTS.notSpecified
                  : money.format(record.cost)}
              </span>
            </Item>
            {kind.hasDue && (record.dueDate || record.dueMileage !== null) && (
              <>
                <Item label="Due Date">
                  {formatDate(record.dueDate, RECORD_DIALOG_TEXTS.notScheduled)}
                </Item>
                <Item label="Due Mileage">
                  {record.dueMileage === null
                    ? RECORD_DIALOG_TEXTS.notSpecified
                    : formatDistance(record.dueMileage, record.odometerUnit)}
                </Item>
              </>
            )}
            {record.odometer !== null && (
              <Item label="Odometer">
                <RecordOdometer odometer={record.odometer} unit={record.odometerUnit} />
              </Item>
            )}
          </dl>
        </Section>
        <Section title={RECORD_DIALOG_TEXTS.serviceInformation}>
          <dl className="grid grid-cols-2 gap-3">
            <Item label="Technician">{record.technician || RECORD_DIALOG_TEXTS.notSpecified}</Item>
            <Item label="Location">{record.location || RECORD_DIALOG_TEXTS.notSpecified}</Item>
          </dl>
        </Section>
      </div>

      {record.description && (
        <section aria-label="Description" className="grid gap-1">
          <h3 className="text-sm font-semibold">Description</h3>
          <p className="whitespace-pre-line text-sm text-foreground">{record.description}</p>
        </section>
      )}
      {record.notes && (
        <section aria-label="Notes" className="grid gap-1">
          <h3 className="text-sm font-semibold">Notes</h3>
          <p className="whitespace-pre-line text-sm text-foreground">{record.notes}</p>
        </section>
      )}
      {record.fileUrl && (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2">
          <span className="flex items-center gap-2 text-sm">
            <FileText className="size-4 text-muted-foreground" aria-hidden />
            Document
          </span>
          <Button asChild variant="outline" size="sm">
            <a
              href={imageSource(record.fileUrl)}
              target="_blank"
              rel="noreferrer"
              aria-label={`View document of ${title}`}
            >
              {RECORD_DIALOG_TEXTS.viewDocument}
            </a>
          </Button>
        </div>
      )}

      <section aria-label="Images" className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold">Images</h3>
            <p
              className="text-xs text-muted-foreground tabular-nums"
              data-testid="record-image-count"
            >
              {images.length} of {MAX_RECORD_IMAGES} added · {uploadHint(UPLOAD_RULES.recordImage)}
            </p>
          </div>
          <div className="shrink-0">
            <input
              id={inputId}
              type="file"
              accept="image/*"
              disabled={isAdding || isFull}
              onChange={addImage}
              className="peer sr-only"
              aria-label={RECORD_DIALOG_TEXTS.addImage}
            />
            <label
              htmlFor={inputId}
              aria-hidden
              className={cn(
                'inline-flex h-8 cursor-pointer items-center gap-1.5 whitespace-nowrap rounded-md border border-input bg-card px-3 text-sm font-medium shadow-card',
                'transition-colors hover:bg-accent hover:text-accent-foreground',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
                'peer-disabled:pointer-events-none peer-disabled:opacity-50',
              )}
            >
              <ImagePlus className="size-4" aria-hidden />
              {isAdding ? `Uploading… ${percent}%` : RECORD_DIALOG_TEXTS.addImage}
            </label>
          </div>
        </div>
        {isFull && (
          <p className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
            <CircleAlert className="size-4 shrink-0" aria-hidden />
            {RECORD_MESSAGES.tooManyImages}.
          </p>
        )}
        {isAdding && (
          <div
            role="progressbar"
            aria-label="Upload of the image"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        )}
        {isError ? (
          <p className="text-sm text-destructive">{RECORD_IMAGE_TEXTS.fetchFailed}</p>
        ) : (
          <RecordGallery images={gallery} title={title} />
        )}
      </section>

      <DialogFooter className="flex-wrap gap-2 sm:justify-between">
        <Button
          variant="secondary"
          disabled={toggle.isPending}
          onClick={() =>
            toggle.mutate({ type: record.type, id: record.id, vehicleId: record.vehicleId, status })
          }
        >
          {record.isCompleted ? <CircleDashed aria-hidden /> : <CheckCircle2 aria-hidden />}
          {record.isCompleted
            ? `Mark as ${kind.pendingLabel}`
            : `Mark as ${RECORD_DIALOG_TEXTS.completed}`}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onClose}>
            {RECORD_DIALOG_TEXTS.close}
          </Button>
          <Button variant="destructive" onClick={() => onDelete(record)}>
            <Trash2 aria-hidden />
            {RECORD_DIALOG_TEXTS.delete}
          </Button>
          <Button onClick={() => onEdit(record)}>
            <Pencil aria-hidden />
            {RECORD_DIALOG_TEXTS.editRecord}
          </Button>
        </div>
      </DialogFooter>
    </>
  );
}
