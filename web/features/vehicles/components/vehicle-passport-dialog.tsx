/**
 * A vehicle's passport (docs/data-formats.md): what it carries for the vehicle's next owner and
 * what it leaves out, then its download with the progress shown as it comes. A download under
 * way is not abandoned by Escape; once the zip is saved the dialog closes and a toast names it.
 */
import { BACKUP_TEXTS } from '@contract/backup';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { DownloadProgressBar } from '@web/components/download-progress';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FileArchive } from 'lucide-react';
import { useDownloadPassport } from '../api/download-passport';

export function VehiclePassportDialog({
  vehicle,
  open,
  onOpenChange,
}: {
  vehicle: Pick<Vehicle, 'id' | 'year' | 'make' | 'model'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const passport = useDownloadPassport(vehicle, () => onOpenChange(false));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!passport.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg" showCloseButton={!passport.isPending}>
        <DialogHeader>
          <DialogTitle>{BACKUP_TEXTS.passportTitle}</DialogTitle>
          <DialogDescription>{BACKUP_TEXTS.passportExplanation}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 rounded-lg bg-muted/60 px-4 py-3">
          <p className="flex items-center gap-2 font-semibold" data-testid="passport-vehicle">
            <FileArchive className="size-4 shrink-0 text-primary" aria-hidden />
            {vehicleTitle(vehicle)}
          </p>
          <p className="text-sm text-muted-foreground">{BACKUP_TEXTS.passportPrivacy}</p>
        </div>
        {passport.progress && (
          <DownloadProgressBar
            progress={passport.progress}
            label={BACKUP_TEXTS.passportProgressLabel}
          />
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={passport.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={passport.download} disabled={passport.isPending}>
            <FileArchive aria-hidden />
            {passport.isPending ? BACKUP_TEXTS.downloading : BACKUP_TEXTS.passportButton}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
