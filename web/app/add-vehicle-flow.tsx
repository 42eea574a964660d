/**
 * Add Vehicle, wherever a page offers it (001 §4): the subscription status is read fresh first
 * (else the cached one, else the add is allowed), then the add-vehicle dialog opens or, past the
 * plan's limit, the upgrade dialog. Once a vehicle is added, its starter schedules are offered
 * (decision 054), never added without asking. Every dialog is a chunk of its own (convention 11),
 * fetched while the status is read, so the page that offers them stays light.
 */

import type { Vehicle } from '@contract/vehicles';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { canAddVehicleNow } from '@web/lib/subscription-status';
import { type ReactNode, Suspense, useState } from 'react';

const AddVehicleDialog = lazyComponent(
  () => import('@web/features/vehicles/components/add-vehicle-dialog'),
  'AddVehicleDialog',
);
const StarterSchedulesDialog = lazyComponent(
  () => import('@web/features/schedules/components/starter-schedules-dialog'),
  'StarterSchedulesDialog',
);
const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

type OpenDialog = { name: 'add' | 'upgrade' } | { name: 'starter'; vehicle: Vehicle } | null;

export function useAddVehicleFlow(): {
  startAdding: () => Promise<void>;
  isChecking: boolean;
  dialogs: ReactNode;
} {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [isChecking, setIsChecking] = useState(false);

  const startAdding = async () => {
    setIsChecking(true);
    // The offer that follows an add is fetched too, without holding the form back.
    void preloadAhead(StarterSchedulesDialog);
    const [canAdd] = await Promise.all([
      canAddVehicleNow(),
      preloadAhead(AddVehicleDialog, UpgradeDialog),
    ]);
    setIsChecking(false);
    setOpenDialog({ name: canAdd ? 'add' : 'upgrade' });
  };
  const closeDialog = (open: boolean) => {
    if (!open) setOpenDialog(null);
  };

  const dialogs = (
    <Suspense fallback={null}>
      {openDialog?.name === 'add' && (
        <AddVehicleDialog
          open
          onOpenChange={closeDialog}
          onPlanLimit={() => setOpenDialog({ name: 'upgrade' })}
          onAdded={(vehicle) => setOpenDialog({ name: 'starter', vehicle })}
        />
      )}
      {openDialog?.name === 'starter' && (
        <StarterSchedulesDialog open onOpenChange={closeDialog} vehicle={openDialog.vehicle} />
      )}
      {openDialog?.name === 'upgrade' && <UpgradeDialog open onOpenChange={closeDialog} />}
    </Suspense>
  );

  return { startAdding, isChecking, dialogs };
}
