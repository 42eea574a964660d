/**
 * `/records-fixed` (001 §2, D17): the records list in its simple variant, for checking what the
 * server answers: every record of the user from one call, a search box, the cards with their
 * dialogs, and 'No records match your search.' when a search finds nothing.
 */
import { Skeleton } from '@web/components/ui/skeleton';
import { useRecordVehicles } from '@web/features/records/api/get-record-vehicles';
import { useRecords } from '@web/features/records/api/get-records';
import { RecordDialogs, useRecordDialogs } from '@web/features/records/components/record-dialogs';
import { RecordList } from '@web/features/records/components/record-list';
import { RecordSearch } from '@web/features/records/components/records-filters';
import { ALL_TYPES, ALL_VEHICLES, filterRecords } from '@web/features/records/lib/record-lists';
import { RECORDS_PAGE_TEXTS } from '@web/features/records/lib/record-texts';
import { usePageTitle } from '@web/lib/page-title';
import { useMemo, useState } from 'react';

export function RecordsFixedPage() {
  usePageTitle(RECORDS_PAGE_TEXTS.title);
  const { records, isLoading, isError } = useRecords();
  const { vehicles } = useRecordVehicles();
  const dialogs = useRecordDialogs();
  const [query, setQuery] = useState('');
  const shown = useMemo(
    () => filterRecords(records, { query, type: ALL_TYPES, vehicle: ALL_VEHICLES }),
    [records, query],
  );

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{RECORDS_PAGE_TEXTS.title}</h1>
        <p className="text-sm text-muted-foreground">{RECORDS_PAGE_TEXTS.subtitle}</p>
      </header>
      <RecordSearch query={query} onQueryChange={setQuery} />
      {isLoading ? (
        <Skeleton className="h-32 rounded-xl" />
      ) : isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Your records could not be loaded.
        </p>
      ) : records.length === 0 ? (
        <p data-testid="records-empty" className="py-8 text-center text-sm text-muted-foreground">
          {RECORDS_PAGE_TEXTS.noRecordsFound}. {RECORDS_PAGE_TEXTS.addFirstRecord}.
        </p>
      ) : shown.length === 0 ? (
        <p data-testid="records-empty" className="py-8 text-center text-sm text-muted-foreground">
          {RECORDS_PAGE_TEXTS.noSearchMatch}
        </p>
      ) : (
        <RecordList
          records={shown}
          onOpen={dialogs.open}
          onEdit={dialogs.edit}
          onDelete={dialogs.remove}
        />
      )}
      <RecordDialogs dialogs={dialogs} records={records} vehicles={vehicles} />
    </div>
  );
}
