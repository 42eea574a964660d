/**
 * The Documents view (the legacy Documents page's body, D27, D28), shown in /records for
 * `?type=document`: every record attachment (PDF or photo) and every stored document, with a
 * search box, a type filter (the document types of 001 §9 and 'Record attachment') and a vehicle
 * filter; each opens its file.
 */
import { RECORD_ATTACHMENT_TYPE_LABEL, STORED_DOCUMENT_TYPES } from '@contract/categories';
import type { StoredDocument } from '@contract/records';
import { imageSource } from '@contract/uploads';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { Input } from '@web/components/ui/input';
import { formatDate } from '@web/lib/format';
import { Car, ExternalLink, FileText, ImageIcon, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { documentEntries, filterDocuments, RECORD_ATTACHMENT } from '../lib/legacy-views';
import { ALL_TYPES, ALL_VEHICLES } from '../lib/record-lists';
import type { RecordView } from './record-detail-dialog';
import type { RecordFormVehicle } from './record-form-fields';
import { VehicleFilter } from './records-filters';

const typeLabel = (type: string) =>
  type === RECORD_ATTACHMENT
    ? RECORD_ATTACHMENT_TYPE_LABEL
    : `${type.charAt(0).toUpperCase()}${type.slice(1)}`;

export function DocumentsView({
  records,
  documents,
  vehicles,
}: {
  records: readonly RecordView[];
  documents: readonly StoredDocument[];
  vehicles: readonly RecordFormVehicle[];
}) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<string>(ALL_TYPES);
  const [vehicle, setVehicle] = useState(ALL_VEHICLES);
  const entries = useMemo(() => documentEntries(records, documents), [records, documents]);
  const shown = useMemo(
    () => filterDocuments(entries, { query, type, vehicle }, ALL_TYPES, ALL_VEHICLES),
    [entries, query, type, vehicle],
  );

  return (
    <section aria-label="Documents" className="grid gap-4">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_13rem_13rem]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search documents..."
            aria-label="Search documents"
            className="pl-9"
          />
        </div>
        <ChoiceSelect
          aria-label="Document type"
          value={type}
          onValueChange={setType}
          choices={[
            { value: ALL_TYPES, label: 'All Types' },
            ...[...STORED_DOCUMENT_TYPES, RECORD_ATTACHMENT].map((value) => ({
              value,
              label: typeLabel(value),
            })),
          ]}
        />
        <VehicleFilter
          label="Document vehicle"
          vehicle={vehicle}
          onVehicleChange={setVehicle}
          vehicles={vehicles}
        />
      </div>

      {shown.length === 0 ? (
        <div
          data-testid="documents-empty"
          className="rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center"
        >
          <p className="font-semibold">No documents found</p>
          <p className="text-sm text-muted-foreground">
            {entries.length === 0
              ? 'Files attached to your records appear here.'
              : 'Try adjusting your filters'}
          </p>
        </div>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Document list">
          {shown.map((entry) => (
            <li
              key={entry.key}
              data-testid="document-entry"
              className="flex items-start gap-3 rounded-xl border border-border bg-card p-3 shadow-card"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                {entry.format === 'Photo' ? (
                  <ImageIcon className="size-4" aria-hidden />
                ) : (
                  <FileText className="size-4" aria-hidden />
                )}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="truncate text-sm font-medium">{entry.title}</p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge variant="outline">{typeLabel(entry.type)}</Badge>
                  <span className="text-xs text-muted-foreground">
                    {formatDate(entry.date, 'No date')}
                  </span>
                </div>
                {entry.vehicleName && (
                  <p className="break-words text-xs text-muted-foreground">
                    <Car className="mr-1 inline size-3 align-[-2px]" aria-hidden />
                    {entry.vehicleName}
                    {entry.source ? ` · ${entry.source}` : ''}
                  </p>
                )}
              </div>
              <Button asChild variant="outline" size="sm">
                <a
                  href={imageSource(entry.url)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open ${entry.title}`}
                >
                  <ExternalLink aria-hidden />
                  Open
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
