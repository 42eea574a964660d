/**
 * The Maintenance view (the legacy Maintenance page's body, 001 §2, §4, D16, D28), shown in
 * /records for maintenance: tabs Upcoming (open items in the groups Overdue, Due Soon and
 * Upcoming, soonest due first), History (completed, newest first) and All. Complete marks an
 * open item completed.
 */
import { recordStatus } from '@contract/records';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toCalendarDate } from '@web/lib/format';
import { useMemo } from 'react';
import { useToggleRecordCompletion } from '../api/toggle-record-completion';
import { groupMaintenance } from '../lib/legacy-views';
import { RECORD_VIEW_TEXTS } from '../lib/record-texts';
import type { RecordCardProps } from './record-card';
import type { RecordView } from './record-detail-dialog';
import { RecordList } from './record-list';

export type RecordActions = Pick<RecordCardProps, 'onOpen' | 'onEdit' | 'onDelete'>;

export function ViewGroup({
  title,
  records,
  empty,
  children,
}: {
  title: string;
  records: readonly RecordView[];
  empty: string;
  children: (records: readonly RecordView[]) => React.ReactNode;
}) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        {title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
          {records.length}
        </span>
      </h2>
      {records.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        children(records)
      )}
    </section>
  );
}

export function MaintenanceView({
  records,
  ...actions
}: RecordActions & { records: readonly RecordView[] }) {
  const groups = useMemo(() => groupMaintenance(records, toCalendarDate(new Date())), [records]);
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
          empty="Nothing overdue."
        >
          {list('Overdue maintenance')}
        </ViewGroup>
        <ViewGroup
          title={RECORD_VIEW_TEXTS.dueSoon}
          records={groups.dueSoon}
          empty="Nothing due in the next 14 days."
        >
          {list('Maintenance due soon')}
        </ViewGroup>
        <ViewGroup
          title={RECORD_VIEW_TEXTS.upcoming}
          records={groups.upcoming}
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
