/**
 * The Maintenance view (the legacy Maintenance page's body, 001 §2, §4, D16, D28), shown in
 * /records for maintenance: tabs Upcoming (open items in the groups Overdue, Due Soon and
 * Upcoming, soonest due first), History (completed, newest first) and All. Complete marks an
 * open item completed. Each group of Upcoming also lists the service schedules' next
 * occurrences that fall in it (decision 054), after its records.
 */
import { recordStatus, type UpcomingItem } from '@contract/records';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useToday, useUserNow } from '@web/lib/today';
import { useEffect, useMemo, useState } from 'react';
import { type RecordPageFilters, useRecordPages } from '../api/get-record-page';
import { useToggleRecordCompletion } from '../api/toggle-record-completion';
import { groupMaintenance, groupScheduleOccurrences } from '../lib/legacy-views';
import { RECORD_VIEW_TEXTS } from '../lib/record-texts';
import { overdueFirst } from '../lib/upcoming-due';
import { PagedRecordList } from './paged-record-list';
import type { RecordCardProps } from './record-card';
import type { RecordView } from './record-detail-dialog';
import { RecordList } from './record-list';
import { UpcomingItemList } from './upcoming-item-list';

export type RecordActions = Pick<RecordCardProps, 'onOpen' | 'onEdit' | 'onDelete'>;

export function ViewGroup({
  title,
  records,
  scheduled = [],
  empty,
  count: wholeCount,
  children,
}: {
  title: string;
  records: readonly RecordView[];
  /** How many records the group holds when only some are loaded (decision 057). */
  count?: number;
  /** Service schedules' next occurrences in the group, listed after its records. */
  scheduled?: readonly UpcomingItem[];
  empty: string;
  children: (records: readonly RecordView[]) => React.ReactNode;
}) {
  const count = (wholeCount ?? records.length) + scheduled.length;
  const now = useUserNow();
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        {title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
          {count}
        </span>
      </h2>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <>
          {records.length > 0 && children(records)}
          {scheduled.length > 0 && (
            <div
              className="overflow-hidden rounded-xl border border-border bg-card"
              data-testid="scheduled-occurrences"
            >
              <h3 className="border-b border-border px-4 py-2 text-xs font-semibold text-muted-foreground">
                {RECORD_VIEW_TEXTS.fromSchedules}
              </h3>
              <UpcomingItemList items={overdueFirst(scheduled, now)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** Open maintenance is read whole to be grouped by when it is due: one page in all but rare garages. */
function useAllPages(list: ReturnType<typeof useRecordPages>) {
  const { hasMore, isLoadingMore, loadMore } = list;
  useEffect(() => {
    if (hasMore && !isLoadingMore) loadMore();
  }, [hasMore, isLoadingMore, loadMore]);
  return list;
}

export function MaintenanceView({
  filters,
  scheduleItems = [],
  ...actions
}: RecordActions & { filters: RecordPageFilters; scheduleItems?: readonly UpcomingItem[] }) {
  const [tab, setTab] = useState('all');
  const maintenance = { ...filters, type: 'maintenance' as const };
  // Decision 057: each tab reads its own pages, and only while it is shown.
  const open = useAllPages(
    useRecordPages({ ...maintenance, status: 'pending' }, { enabled: tab === 'upcoming' }),
  );
  const history = useRecordPages(
    { ...maintenance, status: 'completed' },
    { enabled: tab === 'history' },
  );
  const all = useRecordPages(maintenance, { enabled: tab === 'all' });
  const counts = all.firstPage ?? history.firstPage ?? open.firstPage;
  const today = useToday();
  const groups = useMemo(() => groupMaintenance(open.items, today), [open.items, today]);
  const scheduled = useMemo(
    () => groupScheduleOccurrences(scheduleItems, today),
    [scheduleItems, today],
  );
  const completion = useToggleRecordCompletion();
  const complete = (record: RecordView) =>
    completion.mutate({
      type: record.type,
      id: record.id,
      vehicleId: record.vehicleId,
      status: recordStatus(record.isCompleted),
    });
  const list = (label: string) => (shown: readonly RecordView[]) => (
    <RecordList records={shown} label={label} onComplete={complete} {...actions} />
  );
  const paged = (label: string, pages: ReturnType<typeof useRecordPages>, total: number) => (
    <PagedRecordList pages={pages} total={total} label={label} onComplete={complete} {...actions} />
  );
  const completedCount = counts
    ? counts.counts.maintenance - counts.pendingCounts.maintenance
    : history.items.length;

  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList className="grid w-full grid-cols-3 sm:w-fit">
        <TabsTrigger value="upcoming">{RECORD_VIEW_TEXTS.upcomingTab}</TabsTrigger>
        <TabsTrigger value="history">{RECORD_VIEW_TEXTS.historyTab}</TabsTrigger>
        <TabsTrigger value="all">{RECORD_VIEW_TEXTS.allTab}</TabsTrigger>
      </TabsList>
      <TabsContent value="upcoming" className="grid gap-5 pt-4">
        <ViewGroup
          title={RECORD_VIEW_TEXTS.overdue}
          records={groups.overdue}
          scheduled={scheduled.overdue}
          empty="Nothing overdue."
        >
          {list('Overdue maintenance')}
        </ViewGroup>
        <ViewGroup
          title={RECORD_VIEW_TEXTS.dueSoon}
          records={groups.dueSoon}
          scheduled={scheduled.dueSoon}
          empty="Nothing due in the next 14 days."
        >
          {list('Maintenance due soon')}
        </ViewGroup>
        <ViewGroup
          title={RECORD_VIEW_TEXTS.upcoming}
          records={groups.upcoming}
          scheduled={scheduled.upcoming}
          empty="Nothing else scheduled."
        >
          {list('Upcoming maintenance')}
        </ViewGroup>
      </TabsContent>
      <TabsContent value="history" className="pt-4">
        <ViewGroup
          title={RECORD_VIEW_TEXTS.historyTab}
          records={history.items}
          count={completedCount}
          empty="No completed maintenance yet."
        >
          {() => paged('Completed maintenance', history, completedCount)}
        </ViewGroup>
      </TabsContent>
      <TabsContent value="all" className="pt-4">
        {paged('Maintenance', all, counts?.counts.maintenance ?? all.items.length)}
      </TabsContent>
    </Tabs>
  );
}
