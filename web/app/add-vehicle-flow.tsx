/**
 * Add Vehicle, wherever a page offers it (001 §4): the subscription status is read fresh first
 * (else the cached one, else the add is allowed), then the add-vehicle dialog opens or, past the
 * plan's limit, the upgrade dialog. Both dialogs are chunks of their own (convention 11), fetched
 * while the status is read, so the page that offers them stays light.
 */

import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { canAddVehicleNow } from '@web/lib/subscription-status';
import { type ReactNode, Suspense, useState } from 'react';

const AddVehicleDialog = lazyComponent(
  () => import('@web/features/vehicles/components/add-vehicle-dialog'),
  'AddVehicleDialog',
);
const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

type OpenDialog = 'add' | 'upgrade' | null;

export function useAddVehicleFlow(): {
  startAdding: () => Promise<void>;
  isChecking: boolean;
  dialogs: ReactNode;
} {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [isChecking, setIsChecking] = useState(false);

  const startAdding = async () => {
    setIsChecking(true);
    const [canAdd] = await Promise.all([
      canAddVehicleNow(),
      preloadAhead(AddVehicleDialog, UpgradeDialog),
    ]);
    setIsChecking(false);
    setOpenDialog(canAdd ? 'add' : 'upgrade');
  };
  const closeDialog = (open: boolean) => {
    if (!open) setOpenDialog(null);
  };

  const dialogs = (
    <Suspense fallback={null}>
      {openDialog === 'add' && (
        <AddVehicleDialog
          open
          onOpenChange={closeDialog}
          onPlanLimit={() => setOpenDialog('upgrade')}
        />
      )}
      {openDialog === 'upgrade' && <UpgradeDialog open onOpenChange={closeDialog} />}
    </Suspense>
  );

  return { startAdding, isChecking, dialogs };
}
