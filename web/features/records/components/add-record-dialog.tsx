/**
 * Add New Record (001 §2): tabs Repair, Maintenance and Modification, each the one record form
 * in its add mode, with the vehicle chosen in advance when opened from a vehicle. Opened only
 * after the plan allows it (canAddRecord, 001 §4); a 402 from the server hands over to the
 * upgrade dialog all the same. The dialog stays open while a save runs.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { Dialog } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useState } from 'react';
import { MAIN_ADD_KIND, RECORD_ADD_ORDER } from '../lib/record-kinds';
import { RECORD_DIALOG_TEXTS } from '../lib/record-texts';
import { RecordForm } from './record-form';
import type { RecordFormVehicle } from './record-form-fields';

export type AddRecordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicles: readonly RecordFormVehicle[];
  /** The tab shown first. */
  initialType?: RecordType;
  /** The vehicle chosen in advance. */
  vehicleId?: number;
  onPlanLimit: () => void;
};

export function AddRecordDialog({
  open,
  onOpenChange,
  vehicles,
  initialType = MAIN_ADD_KIND,
  vehicleId,
  onPlanLimit,
}: AddRecordDialogProps) {
  const [type, setType] = useState<RecordType>(initialType);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={RECORD_DIALOG_TEXTS.addNewRecord}
        description="Log work done or planned: a repair, a maintenance service or a modification."
        isBusy={isBusy}
      >
        <Tabs value={type} onValueChange={(value) => !isBusy && setType(value as RecordType)}>
          <TabsList className="grid w-full grid-cols-3">
            {RECORD_ADD_ORDER.map((tab) => (
              <TabsTrigger key={tab} value={tab} disabled={isBusy && tab !== type}>
                {RECORD_KINDS[tab].label}
              </TabsTrigger>
            ))}
          </TabsList>
          {RECORD_ADD_ORDER.map((tab) => (
            <TabsContent key={tab} value={tab} className="pt-4">
              <RecordForm
                type={tab}
                mode="add"
                vehicles={vehicles}
                {...(vehicleId !== undefined ? { vehicleId } : {})}
                onSaved={close}
                onCancel={close}
                onPlanLimit={onPlanLimit}
                onBusyChange={setIsBusy}
              />
            </TabsContent>
          ))}
        </Tabs>
      </FormDialogContent>
    </Dialog>
  );
}
