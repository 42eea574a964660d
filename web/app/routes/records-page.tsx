/**
 * `/records`, Records (001 §2, §4, D27): the user's records a page at a time as the list is
 * scrolled (decision 057), searched and filtered by the server: the search box, the type filter
 * with the server's counts, the vehicle filter (all three kept in the query string, decision
 * 033), the add buttons (Repair, Maintenance, Modification, each asking the plan first), the
 * record cards (only those near the viewport drawn) and their dialogs, and the empty states. The
 * legacy pages' bodies live here too (D27, D28): the Maintenance view for maintenance, the
 * Modifications view for modifications, and the Documents view for `?type=document`.
 */
import { RECORD_KINDS, type UpcomingItem } from '@contract/records';
import { Button } from '@web/components/ui/button';
import { LoadFailed } from '@web/components/ui/load-failed';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  type RecordPageFilters,
  useLoadedRecords,
  useRecordPages,
} from '@web/features/records/api/get-record-page';
import { useRecordVehicles } from '@web/features/records/api/get-record-vehicles';
import { useUpcomingMaintenance } from '@web/features/records/api/get-upcoming-maintenance';
import { DocumentsView } from '@web/features/records/components/documents-view';
import {
  MaintenanceView,
  type RecordActions,
} from '@web/features/records/components/maintenance-view';
import { ModificationsView } from '@web/features/records/components/modifications-view';
import { PagedRecordList } from '@web/features/records/components/paged-record-list';
import { RecordDialogs, useRecordDialogs } from '@web/features/records/components/record-dialogs';
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
  isDocumentsType,
  type RecordFilters,
  recordFiltersOf,
  searchOfRecordFilters,
} from '@web/features/records/lib/record-lists';
import { RECORD_VIEW_TEXTS, RECORDS_PAGE_TEXTS } from '@web/features/records/lib/record-texts';
import { usePageTitle } from '@web/lib/page-title';
import { queryClient } from '@web/lib/query-client';
import { SEARCH_PAUSE_MS, useDebouncedValue } from '@web/lib/use-debounced-value';
import { ClipboardList, Plus, SearchX } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';

type ListViewProps = RecordActions & {
  /** The search, the type and the vehicle, as the server reads them. */
  filters: RecordPageFilters;
  /** Decision 054: the schedules' next occurrences, which the Maintenance view lists too. */
  scheduleItems: readonly UpcomingItem[];
};

/** All Types: every kind in one list, a page at a time. */
function PlainRecordList({ filters, scheduleItems: _, ...actions }: ListViewProps) {
  const list = useRecordPages(filters);
  return (
    <>
      {/* The cards are h3s, as in the other views' sections: keep the outline whole. */}
      <h2 className="sr-only">Record list</h2>
      <PagedRecordList pages={list} total={list.firstPage?.counts.all ?? 0} {...actions} />
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

  // Decision 057: the server searches and filters; the first page of the chosen type answers the
  // counts of every type and the garage's total, which the views' own pages share.
  const searched = useDebouncedValue(query, SEARCH_PAUSE_MS);
  const vehicleId = vehicle === ALL_VEHICLES ? undefined : Number(vehicle) || undefined;
  const serverFilters: RecordPageFilters = {
    q: searched,
    ...(vehicleId !== undefined ? { vehicleId } : {}),
    ...(type !== ALL_TYPES ? { type } : {}),
  };
  const summary = useRecordPages(serverFilters, { enabled: !showsDocuments });
  const loaded = useLoadedRecords();
  const { isLoading, isError } = summary;
  const counts = summary.firstPage?.counts ?? {
    all: 0,
    maintenance: 0,
    repair: 0,
    modification: 0,
  };
  const total = summary.firstPage?.total ?? 0;
  const shownCount = counts[type];
  const hasRecords = total > 0;
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
          <DocumentsView vehicles={vehicles} />
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
            <LoadFailed
              message="Your records could not be loaded."
              onRetry={() => queryClient.invalidateQueries({ queryKey: ['/api/records'] })}
            />
          ) : shownCount === 0 && !(listsSchedules && scheduleItems.length > 0) ? (
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
                {shownCount === total
                  ? `${total} ${total === 1 ? 'record' : 'records'}`
                  : `${shownCount} of ${total} records`}
              </p>
              <ListView filters={serverFilters} scheduleItems={scheduleItems} {...actions} />
            </>
          )}
        </>
      )}

      <RecordDialogs dialogs={dialogs} records={loaded} vehicles={vehicles} />
    </div>
  );
}
