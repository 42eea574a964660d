/**
 * The Modifications view (the legacy Modifications page's body, 001 §2, §4, D28), shown in
 * /records for modifications: In Progress (not completed) and Completed.
 */
import { useMemo } from 'react';
import { groupModifications } from '../lib/legacy-views';
import { RECORD_VIEW_TEXTS } from '../lib/record-texts';
import { type RecordActions, ViewGroup } from './maintenance-view';
import type { RecordView } from './record-detail-dialog';
import { RecordList } from './record-list';

export function ModificationsView({
  records,
  ...actions
}: RecordActions & { records: readonly RecordView[] }) {
  const groups = useMemo(() => groupModifications(records), [records]);
  return (
    <div className="grid gap-5">
      <ViewGroup
        title={RECORD_VIEW_TEXTS.inProgress}
        records={groups.inProgress}
        empty="No modification in progress."
      >
        {(shown) => <RecordList records={shown} label="Modifications in progress" {...actions} />}
      </ViewGroup>
      <ViewGroup
        title={RECORD_VIEW_TEXTS.completed}
        records={groups.completed}
        empty="No completed modification yet."
      >
        {(shown) => <RecordList records={shown} label="Completed modifications" {...actions} />}
      </ViewGroup>
    </div>
  );
}
