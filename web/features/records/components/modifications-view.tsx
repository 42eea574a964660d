/**
 * The Modifications view (the legacy Modifications page's body, 001 §2, §4, D28), shown in
 * /records for modifications: In Progress (not completed) and Completed, each read a page at a
 * time from the server's filtered list (decision 057), each count from the server's.
 */
import { type RecordPageFilters, useRecordPages } from '../api/get-record-page';
import { RECORD_VIEW_TEXTS } from '../lib/record-texts';
import { type RecordActions, ViewGroup } from './maintenance-view';
import { PagedRecordList } from './paged-record-list';

export function ModificationsView({
  filters,
  ...actions
}: RecordActions & { filters: RecordPageFilters }) {
  const modifications = { ...filters, type: 'modification' as const };
  const inProgress = useRecordPages({ ...modifications, status: 'pending' });
  const completed = useRecordPages({ ...modifications, status: 'completed' });
  const summary = inProgress.firstPage ?? completed.firstPage;
  const inProgressCount = summary?.pendingCounts.modification ?? inProgress.items.length;
  const completedCount = summary
    ? summary.counts.modification - summary.pendingCounts.modification
    : completed.items.length;
  const section = (
    title: string,
    empty: string,
    label: string,
    pages: ReturnType<typeof useRecordPages>,
    count: number,
  ) => (
    <ViewGroup title={title} records={pages.items} count={count} empty={empty}>
      {() => <PagedRecordList pages={pages} total={count} label={label} {...actions} />}
    </ViewGroup>
  );
  return (
    <div className="grid gap-5">
      {section(
        RECORD_VIEW_TEXTS.inProgress,
        'No modification in progress.',
        'Modifications in progress',
        inProgress,
        inProgressCount,
      )}
      {section(
        RECORD_VIEW_TEXTS.completed,
        'No completed modification yet.',
        'Completed modifications',
        completed,
        completedCount,
      )}
    </div>
  );
}
