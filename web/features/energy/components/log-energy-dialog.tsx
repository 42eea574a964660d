/**
 * "Log fuel" / "Log charge" and the edit of an entry (decision 050): the log form in a dialog that
 * fills the screen on a phone (large inputs, the buttons within the thumb's reach), with a
 * vehicle picker when it is opened from the dashboard with several vehicles. Stays open while a
 * save runs; the plan's limit (402, D12) hands over to the upgrade dialog.
 */
import type { EnergyEntry } from '@contract/energy';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { Dialog } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { Skeleton } from '@web/components/ui/skeleton';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePreferences } from '@web/lib/preferences';
import { Suspense, useState } from 'react';
import { entryKindOf, logLabelFor } from '../lib/entry-kinds';
import { EnergyEntryForm } from './energy-entry-form';

const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

/** Full screen on a phone, a centred panel from the sm breakpoint up. */
const PHONE_FULL_SCREEN = [
  'max-w-2xl',
  'max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none',
  'max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:[--dialog-inline:--spacing(4)]',
].join(' ');

export type LogEnergyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The vehicles a new entry may be for, the first chosen; an edit is of its own vehicle. */
  vehicles: readonly Vehicle[];
  /** The entry to edit; none to log a new one. */
  entry?: EnergyEntry;
};

export function LogEnergyDialog({ open, onOpenChange, vehicles, entry }: LogEnergyDialogProps) {
  const { preferences } = usePreferences();
  const [isBusy, setIsBusy] = useState(false);
  const [isOverLimit, setIsOverLimit] = useState(false);
  const close = () => onOpenChange(false);
  const first = vehicles[0];
  const title = entry ? entryKindOf(entry.energy).editTitle : logLabelFor(first?.energies ?? []);
  const description =
    entry || vehicles.length === 1
      ? first
        ? vehicleTitle(first)
        : ''
      : 'Choose the vehicle, then any two of quantity, price and total.';

  if (isOverLimit) {
    return (
      <Suspense fallback={null}>
        <UpgradeDialog open onOpenChange={(next) => !next && close()} />
      </Suspense>
    );
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={title}
        description={description}
        isBusy={isBusy}
        className={PHONE_FULL_SCREEN}
      >
        {preferences ? (
          <EnergyEntryForm
            vehicles={vehicles}
            entry={entry}
            preferences={preferences}
            onSaved={close}
            onCancel={close}
            onPlanLimit={() => setIsOverLimit(true)}
            onBusyChange={setIsBusy}
          />
        ) : (
          <div className="grid gap-4" role="status" aria-label="Loading the form">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
      </FormDialogContent>
    </Dialog>
  );
}
