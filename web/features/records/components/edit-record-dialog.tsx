/**
 * Edit Record (001 §2): the one record form in its edit mode, for the record read back on its own
 * (so the form sees exactly what is stored, title included).
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { Dialog } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { Spinner } from '@web/components/ui/spinner';
import { useState } from 'react';
import { useRecord } from '../api/get-record';
import { RECORD_STATE_TEXTS } from '../lib/record-texts';
import { RecordForm } from './record-form';
import type { RecordFormVehicle } from './record-form-fields';

export type EditRecordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: { type: RecordType; id: number; vehicleId: number };
  vehicles: readonly RecordFormVehicle[];
};

export function EditRecordDialog({ open, onOpenChange, record, vehicles }: EditRecordDialogProps) {
  const kind = RECORD_KINDS[record.type];
  const { record: stored, isLoading, isRefreshing } = useRecord(record.type, record.id);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={`Edit ${kind.label}`}
        description="Change what was done, when, and what it cost."
        isBusy={isBusy}
      >
        {/* The form takes its values once: after a save, it waits for the record read afresh. */}
        {isLoading || isRefreshing ? (
          <div className="flex justify-center py-10 text-primary">
            <Spinner label="Loading the record" />
          </div>
        ) : stored ? (
          <RecordForm
            type={record.type}
            mode="edit"
            record={stored}
            vehicles={vehicles}
            onSaved={close}
            onCancel={close}
            onBusyChange={setIsBusy}
          />
        ) : (
          <p className="py-8 text-center text-sm text-muted-foreground">
            {RECORD_STATE_TEXTS.noRecordData}
          </p>
        )}
      </FormDialogContent>
    </Dialog>
  );
}
