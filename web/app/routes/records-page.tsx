/**
 * `/records`, Records (001 §2, §4, D27): every record of the user from one call, the search box,
 * the type filter with its counts, the vehicle filter (all three kept in the query string,
 * decision 033), the add buttons
 * (Repair, Maintenance, Modification, each asking the plan first), the record cards and their
 * dialogs, and the empty states. Requests stay constant whatever the number of records: the
 * records and the vehicles, plus what an opened dialog reads. The legacy pages' bodies live
 * here too (D27, D28): the Maintenance view for maintenance, the Modifications view for
 * modifications, and the Documents view for `?type=document`.
 */
import { RECORD_KINDS, type UpcomingItem } from '@contract/records';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDocuments } from '@web/features/records/api/get-documents';
import { useRecordVehicles } from '@web/features/records/api/get-record-vehicles';
import { RECORDS_QUERY_KEY, useRecords } from '@web/features/records/api/get-records';
import { useUpcomingMaintenance } from '@web/features/records/api/get-upcoming-maintenance';
import { DocumentsView } from '@web/features/records/components/documents-view';
import {
  MaintenanceView,
  type RecordActions,
} from '@web/features/records/components/maintenance-view';
import { ModificationsView } from '@web/features/records/components/modifications-view';
import type { RecordView } from '@web/features/records/components/record-detail-dialog';
import { RecordDialogs, useRecordDialogs } from '@web/features/records/components/record-dialogs';
import { RecordList } from '@web/features/records/components/record-list';
import { RecordsFilters } from '@web/features/records/components/records-filters';
import {
  MAIN_ADD_KIND,
  RECORD_ADD_ORDER,
  RECORD_KINDS_ON_WEB,
  type RecordKindOnWeb,
} from '@web/features/records/lib/record-kinds';
import {
  ALL_TYPES,
  ALL_VEHICLES,
  countByType,
  filterRecords,
  isDocumentsType,
  type RecordFilters,
  recordFiltersOf,
  searchOfRecordFilters,
} from '@web/features/records/lib/record-lists';
import { RECORD_VIEW_TEXTS, RECORDS_PAGE_TEXTS } from '@web/features/records/lib/record-texts';
import { usePageTitle } from '@web/lib/page-title';
import { queryClient } from '@web/lib/query-client';
import { CircleAlert, ClipboardList, Plus, SearchX } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';

type ListViewProps = RecordActions & {
  records: readonly RecordView[];
  /** Decision 054: the schedules' next occurrences, which the Maintenance view lists too. */
  scheduleItems: readonly UpcomingItem[];
};

function PlainRecordList({ records, scheduleItems: _, ...actions }: ListViewProps) {
  return (
    <>
      {/* The cards are h3s, as in the other views' sections: keep the outline whole. */}
      <h2 className="sr-only">Record list</h2>
      <RecordList records={records} {...actions} />
    </>
  );
}

/** D27, D28: the bodies the type filter chooses between (RECORD_KINDS_ON_WEB's `listView`). */
const LIST_VIEWS: Record<RecordKindOnWeb['listView'], (props: ListViewProps) => ReactNode> = {
  maintenance: MaintenanceView,
  modifications: ({ scheduleItems: _, ...props }) => <ModificationsView {...props} />,
  plain: PlainRecordList,
};

export function RecordsPage() {
  usePageTitle(RECORDS_PAGE_TEXTS.title);
  const search = useSearch();
  const [path, navigate] = useLocation();
  // Decision 033: the URL is the filters' one state. A change replaces the history entry rather
  // than adding one, so typing leaves no entry per key and Back leaves the page.
  const filters = recordFiltersOf(search);
  const changeFilters = (changes: Partial<RecordFilters>) =>
    navigate(`${path}${searchOfRecordFilters({ ...filters, ...changes })}`, { replace: true });
  return (
    <RecordsView
      filters={filters}
      onFiltersChange={changeFilters}
      showsDocuments={isDocumentsType(new URLSearchParams(search).get('type'))}
    />
  );
}

function RecordsView({
  filters,
  onFiltersChange,
  showsDocuments,
}: {
  filters: RecordFilters;
  onFiltersChange: (changes: Partial<RecordFilters>) => void;
  showsDocuments: boolean;
}) {
  const { records, isLoading, isError } = useRecords();
  const { documents, isLoading: isLoadingDocuments } = useDocuments(showsDocuments);
  const { vehicles } = useRecordVehicles();
  // The shell reads the upcoming items on every page: the schedules' occurrences cost no request.
  const { items: upcoming } = useUpcomingMaintenance(true);
  const dialogs = useRecordDialogs();
  const { query, type, vehicle } = filters;
  const scheduleItems = useMemo(
    () =>
      upcoming.filter(
        (item) =>
          item.scheduleId !== null &&
          (vehicle === ALL_VEHICLES || String(item.vehicleId) === vehicle),
      ),
    [upcoming, vehicle],
  );

  const shown = useMemo(
    () => filterRecords(records, { query, type, vehicle }),
    [records, query, type, vehicle],
  );
  const counts = useMemo(() => countByType(records, { query, vehicle }), [records, query, vehicle]);
  const hasRecords = records.length > 0;
  const actions = { onOpen: dialogs.open, onEdit: dialogs.edit, onDelete: dialogs.remove };
  // The add form starts on the vehicle the list is filtered to, or the garage's only one.
  const preselectedVehicle =
    vehicle !== ALL_VEHICLES
      ? Number(vehicle)
      : vehicles.length === 1
        ? vehicles[0]?.id
        : undefined;

  // D27, D28: the type filter chooses the view; All Types shows the plain list.
  const ListView = LIST_VIEWS[type === ALL_TYPES ? 'plain' : RECORD_KINDS_ON_WEB[type].listView];
  // The Maintenance view shows schedules' occurrences even when no record matches.
  const listsSchedules = ListView === LIST_VIEWS.maintenance;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{RECORDS_PAGE_TEXTS.title}</h1>
          <p className="text-sm text-muted-foreground">{RECORDS_PAGE_TEXTS.subtitle}</p>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:flex">
          {RECORD_ADD_ORDER.map((recordType) => (
            <Button
              key={recordType}
              variant={recordType === MAIN_ADD_KIND ? 'default' : 'outline'}
              onClick={() => dialogs.startAdding(recordType, preselectedVehicle)}
              disabled={dialogs.isChecking}
              aria-busy={dialogs.isChecking || undefined}
              aria-label={`Add ${RECORD_KINDS[recordType].label}`}
              className="gap-1 px-1.5 text-[13px] sm:gap-2 sm:px-4 sm:text-sm"
            >
              <Plus aria-hidden />
              {RECORD_KINDS[recordType].label}
            </Button>
          ))}
        </div>
      </header>

      {showsDocuments ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">{RECORD_VIEW_TEXTS.documents}</h2>
            <Link
              href="/records"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              View all records
            </Link>
          </div>
          {isLoading || isLoadingDocuments ? (
            <Skeleton className="h-32 rounded-xl" />
          ) : (
            <DocumentsView records={records} documents={documents} vehicles={vehicles} />
          )}
        </div>
      ) : (
        <>
          <div className="mb-4">
            <RecordsFilters
              query={query}
              onQueryChange={(changed) => onFiltersChange({ query: changed })}
              type={type}
              onTypeChange={(changed) => onFiltersChange({ type: changed })}
              counts={counts}
              vehicle={vehicle}
              onVehicleChange={(changed) => onFiltersChange({ vehicle: changed })}
              vehicles={vehicles}
            />
          </div>

          {isLoading ? (
            <div className="grid gap-3" aria-hidden>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} className="h-32 rounded-xl" />
              ))}
            </div>
          ) : isError ? (
            <div
              role="alert"
              className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-12 text-center"
            >
              <CircleAlert className="size-8 text-destructive" aria-hidden />
              <p className="font-medium">Your records could not be loaded.</p>
              <Button
                variant="outline"
                onClick={() => queryClient.invalidateQueries({ queryKey: RECORDS_QUERY_KEY })}
              >
                Try again
              </Button>
            </div>
          ) : shown.length === 0 && !(listsSchedules && scheduleItems.length > 0) ? (
            <div
              data-testid="records-empty"
              className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border bg-card px-6 py-14 text-center"
            >
              {hasRecords ? (
                <SearchX className="size-8 text-muted-foreground" aria-hidden />
              ) : (
                <ClipboardList className="size-8 text-muted-foreground" aria-hidden />
              )}
              <h2 className="text-lg font-semibold">{RECORDS_PAGE_TEXTS.noRecordsFound}</h2>
              <p className="text-sm text-muted-foreground">
                {hasRecords ? RECORDS_PAGE_TEXTS.adjustFilters : RECORDS_PAGE_TEXTS.addFirstRecord}
              </p>
            </div>
          ) : (
            <>
              <p className="mb-3 text-sm text-muted-foreground tabular-nums" aria-live="polite">
                {shown.length === records.length
                  ? `${records.length} ${records.length === 1 ? 'record' : 'records'}`
                  : `${shown.length} of ${records.length} records`}
              </p>
              <ListView records={shown} scheduleItems={scheduleItems} {...actions} />
            </>
          )}
        </>
      )}

      <RecordDialogs dialogs={dialogs} records={records} vehicles={vehicles} />
    </div>
  );
}
