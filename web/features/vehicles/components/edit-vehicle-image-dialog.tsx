/**
 * The Edit Vehicle Image dialog of the vehicle page (001 §2): the image manager in a dialog that
 * stays open while uploads run, so none is abandoned halfway.
 */
import { VEHICLE_TEXTS } from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useState } from 'react';
import { VehicleImageManager } from './vehicle-image-manager';

export type EditVehicleImageDialogProps = {
  vehicleId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function EditVehicleImageDialog({
  vehicleId,
  open,
  onOpenChange,
}: EditVehicleImageDialogProps) {
  const [isUploading, setIsUploading] = useState(false);
  const keepOpenWhileUploading = (event: Event) => {
    if (isUploading) event.preventDefault();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isUploading) onOpenChange(next);
      }}
    >
      {open && (
        <DialogContent
          className="max-w-3xl"
          showCloseButton={!isUploading}
          onEscapeKeyDown={keepOpenWhileUploading}
          onInteractOutside={keepOpenWhileUploading}
        >
          <DialogHeader>
            <DialogTitle>{VEHICLE_TEXTS.editImageTitle}</DialogTitle>
            <DialogDescription>
              The primary image shows on the vehicle's card and page. Add photos, change captions,
              or delete the ones you no longer want.
            </DialogDescription>
          </DialogHeader>
          <VehicleImageManager vehicleId={vehicleId} onUploadingChange={setIsUploading} />
          <DialogFooter>
            <Button variant="outline" disabled={isUploading} onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
