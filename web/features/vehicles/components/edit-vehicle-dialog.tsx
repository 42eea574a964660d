/**
 * The Edit Vehicle dialog of the vehicle page (001 §2, §5, §8): the vehicle form in edit mode,
 * notes and the other stored fields included. A save toasts 'Vehicle updated', closes the dialog
 * and refreshes the data groups (D32); a failure toasts 'Failed to update vehicle' with the
 * server's message and keeps every field as typed.
 */
import { VEHICLE_TEXTS, type Vehicle, type VehicleInput } from '@contract/vehicles';
import { Dialog } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { useUpdateVehicle } from '../api/update-vehicle';
import { VehicleForm } from './vehicle-form';

export type EditVehicleDialogProps = {
  vehicle: Vehicle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function EditVehicleDialog({ vehicle, open, onOpenChange }: EditVehicleDialogProps) {
  const update = useUpdateVehicle({ onUpdated: () => onOpenChange(false) });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!update.isPending) onOpenChange(next);
      }}
    >
      {/* Mounted only while open, so every opening starts from the vehicle as it is now. */}
      {open && (
        <FormDialogContent
          title={VEHICLE_TEXTS.editTitle}
          description="Year, make and model are required; everything else is optional."
          isBusy={update.isPending}
        >
          <VehicleForm
            mode="edit"
            vehicle={vehicle}
            isPending={update.isPending}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            onSubmit={(input: VehicleInput) => update.mutate({ id: vehicle.id, input })}
            onCancel={() => onOpenChange(false)}
          />
        </FormDialogContent>
      )}
    </Dialog>
  );
}
