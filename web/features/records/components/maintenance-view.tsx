/**
 * The Maintenance view (the legacy Maintenance page's body, 001 §2, §4, D16, D28), shown in
 * /records for maintenance: tabs Upcoming (open items in the groups Overdue, Due Soon and
 * Upcoming, soonest due first), History (completed, newest first) and All. Complete marks an
 * open item completed. Each group of Upcoming also lists the service schedules' next
 * occurrences that fall in it (decision 054), after its records.
 */
import { recordStatus, type UpcomingItem } from '@contract/records';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toCalendarDate } from '@web/lib/format';
import { useMemo } from 'react';
import { useToggleRecordCompletion } from '../api/toggle-record-completion';
import { groupMaintenance, groupScheduleOccurrences } from '../lib/legacy-views';
import { RECORD_VIEW_TEXTS } from '../lib/record-texts';
import { overdueFirst } from '../lib/upcoming-due';
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
  children,
}: {
  title: string;
  records: readonly RecordView[];
  /** Service schedules' next occurrences in the group, listed after its records. */
  scheduled?: readonly UpcomingItem[];
  empty: string;
  children: (records: readonly RecordView[]) => React.ReactNode;
}) {
  const count = records.length + scheduled.length;
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
              <UpcomingItemList items={overdueFirst(scheduled)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function MaintenanceView({
  records,
  scheduleItems = [],
  ...actions
}: RecordActions & { records: readonly RecordView[]; scheduleItems?: readonly UpcomingItem[] }) {
  const groups = useMemo(() => groupMaintenance(records, toCalendarDate(new Date())), [records]);
  const scheduled = useMemo(
    () => groupScheduleOccurrences(scheduleItems, toCalendarDate(new Date())),
    [scheduleItems],
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

  return (
    <Tabs defaultValue="all">
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
          records={groups.history}
          empty="No completed maintenance yet."
        >
          {list('Completed maintenance')}
        </ViewGroup>
      </TabsContent>
      <TabsContent value="all" className="pt-4">
        <RecordList records={records} label="Maintenance" onComplete={complete} {...actions} />
      </TabsContent>
    </Tabs>
  );
}
