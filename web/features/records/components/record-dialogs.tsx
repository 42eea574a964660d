/**
 * The record dialogs a list opens (001 §2, §4), in one place for every page that lists records:
 * Add New Record (after the plan allows it, else the upgrade dialog), the record dialog, Edit
 * Record and the delete confirmation. The dialogs' code (forms, calendar, gallery) loads on
 * demand (convention 11), fetched while the subscription status is read.
 */
import type { RecordType } from '@contract/records';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { canAddRecordNow } from '@web/lib/subscription-status';
import { Suspense, useCallback, useState } from 'react';
import type { RecordView } from './record-detail-dialog';
import type { RecordFormVehicle } from './record-form-fields';

const AddRecordDialog = lazyComponent(() => import('./add-record-dialog'), 'AddRecordDialog');
const RecordDetailDialog = lazyComponent(
  () => import('./record-detail-dialog'),
  'RecordDetailDialog',
);
const EditRecordDialog = lazyComponent(() => import('./edit-record-dialog'), 'EditRecordDialog');
const DeleteRecordDialog = lazyComponent(
  () => import('./delete-record-dialog'),
  'DeleteRecordDialog',
);
const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

export type RecordRef = { type: RecordType; id: number; vehicleId: number };

export type RecordDialogState =
  | { name: 'add'; type: RecordType; vehicleId?: number }
  | { name: 'upgrade' }
  | { name: 'detail' | 'edit' | 'delete'; record: RecordRef }
  | null;

const refOf = ({ type, id, vehicleId }: RecordRef): RecordRef => ({ type, id, vehicleId });

export function useRecordDialogs() {
  const [state, setState] = useState<RecordDialogState>(null);
  const [isChecking, setIsChecking] = useState(false);

  /** 001 §4: the status fresh, else cached, else allowed; then the form or the upgrade dialog. */
  const startAdding = useCallback(async (type: RecordType, vehicleId?: number) => {
    setIsChecking(true);
    const [canAdd] = await Promise.all([
      canAddRecordNow(),
      preloadAhead(AddRecordDialog, UpgradeDialog),
    ]);
    setIsChecking(false);
    setState(
      canAdd
        ? { name: 'add', type, ...(vehicleId !== undefined ? { vehicleId } : {}) }
        : { name: 'upgrade' },
    );
  }, []);

  return {
    state,
    isChecking,
    startAdding,
    open: (record: RecordRef) => setState({ name: 'detail', record: refOf(record) }),
    edit: (record: RecordRef) => setState({ name: 'edit', record: refOf(record) }),
    remove: (record: RecordRef) => setState({ name: 'delete', record: refOf(record) }),
    showUpgrade: () => setState({ name: 'upgrade' }),
    close: () => setState(null),
  };
}

export type RecordDialogsProps = {
  dialogs: ReturnType<typeof useRecordDialogs>;
  /** The records the list shows: the record dialog shows the current one of these. */
  records: readonly RecordView[];
  vehicles: readonly RecordFormVehicle[];
};

export function RecordDialogs({ dialogs, records, vehicles }: RecordDialogsProps) {
  const { state } = dialogs;
  const closeOnFalse = (open: boolean) => {
    if (!open) dialogs.close();
  };
  const shown =
    state && 'record' in state
      ? (records.find(
          (record) => record.type === state.record.type && record.id === state.record.id,
        ) ?? null)
      : null;

  return (
    <Suspense fallback={null}>
      {state?.name === 'add' && (
        <AddRecordDialog
          open
          onOpenChange={closeOnFalse}
          vehicles={vehicles}
          initialType={state.type}
          {...(state.vehicleId !== undefined ? { vehicleId: state.vehicleId } : {})}
          onPlanLimit={dialogs.showUpgrade}
        />
      )}
      {state?.name === 'upgrade' && <UpgradeDialog open onOpenChange={closeOnFalse} />}
      {state?.name === 'detail' && (
        <RecordDetailDialog
          open
          onOpenChange={closeOnFalse}
          record={shown}
          onEdit={dialogs.edit}
          onDelete={dialogs.remove}
        />
      )}
      {state?.name === 'edit' && (
        <EditRecordDialog
          open
          onOpenChange={closeOnFalse}
          record={state.record}
          vehicles={vehicles}
        />
      )}
      {state?.name === 'delete' && (
        <DeleteRecordDialog open onOpenChange={closeOnFalse} record={state.record} />
      )}
    </Suspense>
  );
}
