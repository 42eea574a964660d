/**
 * The confirmation before deleting a vehicle (001 §2): 'Delete Vehicle', the vehicle's name, and
 * the caller's text (the list and the detail page word it differently). The vehicle goes with its records, images
 * and files (D22); success toasts 'Vehicle deleted' from the hook; a failure toasts 'Error' with
 * the server's message or the caller's fallback (001 §8) and leaves the dialog open.
 */
import { VEHICLE_TEXTS, VEHICLE_TOASTS, type Vehicle, vehicleTitle } from '@contract/vehicles';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { Trash2 } from 'lucide-react';
import { useDeleteVehicle } from '../api/delete-vehicle';

export type DeleteVehicleDialogProps = {
  vehicle: Pick<Vehicle, 'id' | 'year' | 'make' | 'model'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** VEHICLE_TEXTS.deleteListText on the list, deleteDetailText on the detail page. */
  text: string;
  /** After a successful delete, e.g. to leave the deleted vehicle's page. */
  onDeleted?: () => void;
  /** The toast text when the server gives no message (001 §8). */
  failureText: string;
};

export function DeleteVehicleDialog({
  vehicle,
  open,
  onOpenChange,
  text,
  onDeleted,
  failureText,
}: DeleteVehicleDialogProps) {
  const deletion = useDeleteVehicle({
    onDeleted: () => {
      onOpenChange(false);
      onDeleted?.();
    },
  });

  const confirm = () =>
    deletion.mutate(vehicle, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: VEHICLE_TOASTS.deleteFailedTitle,
          description: errorMessage(error, failureText),
        }),
    });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // A delete under way is not abandoned halfway by Escape.
        if (!deletion.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <div className="mx-auto mb-2 flex size-11 items-center justify-center rounded-full bg-danger-soft text-destructive sm:mx-0">
            <Trash2 className="size-5" aria-hidden />
          </div>
          <AlertDialogTitle>{VEHICLE_TEXTS.deleteTitle}</AlertDialogTitle>
          {/* Which vehicle goes, said before the warning: a garage often holds look-alikes. */}
          <p className="font-semibold" data-testid="delete-vehicle-name">
            {vehicleTitle(vehicle)}
          </p>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletion.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={deletion.isPending} onClick={confirm}>
            {deletion.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
