/**
 * The Documents view (the legacy Documents page's body, D27, D28), shown in /records for
 * `?type=document`: every record attachment (PDF or photo) and every stored document, read a page
 * at a time as the list is scrolled (decision 057) and drawn only near the viewport, two columns
 * on a wide screen; with a search box, a type filter (the document types of 001 §9 and 'Record
 * attachment') and a vehicle filter, all three applied by the server; each entry opens its file.
 */
import { RECORD_ATTACHMENT_TYPE_LABEL } from '@contract/categories';
import {
  DOCUMENT_FILTER_TYPES,
  type DocumentEntry,
  type DocumentFilterType,
  RECORD_ATTACHMENT,
} from '@contract/document-pages';
import { imageSource } from '@contract/uploads';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { Input } from '@web/components/ui/input';
import { LoadFailed } from '@web/components/ui/load-failed';
import { ShowMore } from '@web/components/ui/show-more';
import { Skeleton } from '@web/components/ui/skeleton';
import { VirtualList } from '@web/components/ui/virtual-list';
import { formatDate } from '@web/lib/format';
import { queryClient } from '@web/lib/query-client';
import { SEARCH_PAUSE_MS, useDebouncedValue } from '@web/lib/use-debounced-value';
import { useMediaQuery } from '@web/lib/use-media-query';
import { Car, ExternalLink, FileText, ImageIcon, Search } from 'lucide-react';
import { useState } from 'react';
import { useDocumentPages } from '../api/get-document-page';
import { ALL_TYPES, ALL_VEHICLES } from '../lib/record-lists';
import type { RecordFormVehicle } from './record-form-fields';
import { VehicleFilter } from './records-filters';

/** Tailwind's `sm`: from there on, entries sit two to a row, as the view's grid always had them. */
const TWO_COLUMNS = '(min-width: 40rem)';

const typeLabel = (type: string) =>
  type === RECORD_ATTACHMENT
    ? RECORD_ATTACHMENT_TYPE_LABEL
    : `${type.charAt(0).toUpperCase()}${type.slice(1)}`;

const TYPE_CHOICES = [
  { value: ALL_TYPES, label: 'All Types' },
  ...DOCUMENT_FILTER_TYPES.map((value) => ({ value, label: typeLabel(value) })),
];

const isFilterType = (value: string): value is DocumentFilterType =>
  (DOCUMENT_FILTER_TYPES as readonly string[]).includes(value);

export function DocumentsView({ vehicles }: { vehicles: readonly RecordFormVehicle[] }) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<string>(ALL_TYPES);
  const [vehicle, setVehicle] = useState(ALL_VEHICLES);
  const searched = useDebouncedValue(query, SEARCH_PAUSE_MS);
  const vehicleId = vehicle === ALL_VEHICLES ? undefined : Number(vehicle) || undefined;
  const list = useDocumentPages({
    q: searched,
    ...(isFilterType(type) ? { type } : {}),
    ...(vehicleId !== undefined ? { vehicleId } : {}),
  });
  const isWide = useMediaQuery(TWO_COLUMNS);
  const matching = list.firstPage?.matching ?? 0;
  const total = list.firstPage?.total ?? 0;
  const shownOf = Math.max(matching, list.items.length);

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
          choices={TYPE_CHOICES}
        />
        <VehicleFilter
          label="Document vehicle"
          vehicle={vehicle}
          onVehicleChange={setVehicle}
          vehicles={vehicles}
        />
      </div>

      {list.isLoading ? (
        <Skeleton className="h-32 rounded-xl" />
      ) : list.isError ? (
        <LoadFailed
          message="Your documents could not be loaded."
          onRetry={() => queryClient.invalidateQueries({ queryKey: ['/api/documents'] })}
        />
      ) : list.items.length === 0 ? (
        <div
          data-testid="documents-empty"
          className="rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center"
        >
          <p className="font-semibold">No documents found</p>
          <p className="text-sm text-muted-foreground">
            {total === 0
              ? 'Files attached to your records appear here.'
              : 'Try adjusting your filters'}
          </p>
        </div>
      ) : (
        <div className="grid gap-3">
          <VirtualList
            items={list.items}
            itemKey={(entry) => entry.key}
            renderItem={(entry) => <DocumentEntryCard entry={entry} />}
            label="Document list"
            setSize={shownOf}
            columns={isWide ? 2 : 1}
            estimateSize={86}
            gap={8}
            onNearEnd={list.hasMore ? list.loadMore : undefined}
          />
          {list.hasMore && (
            <ShowMore
              shown={list.items.length}
              total={shownOf}
              isLoading={list.isLoadingMore}
              onShowMore={list.loadMore}
            />
          )}
        </div>
      )}
    </section>
  );
}

function DocumentEntryCard({ entry }: { entry: DocumentEntry }) {
  return (
    <div
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
          <span className="text-xs text-muted-foreground">{formatDate(entry.date, 'No date')}</span>
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
    </div>
  );
}
