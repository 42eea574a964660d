/**
 * `GET /api/vehicles/{id}/passport`: one vehicle's whole history as a zip for its next owner,
 * read with its progress and saved as `garage-ledger-passport-<year>-<make>-<model>-YYYY-MM-DD.zip`
 * (local date).
 */
import { BACKUP_TEXTS, passportFileName } from '@contract/backup';
import type { Vehicle } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import {
  type DownloadProgress,
  fetchFileWithProgress,
  saveFile,
  useDownloadProgress,
} from '@web/lib/download-file';
import { currentToday } from '@web/lib/today';

type PassportVehicle = Pick<Vehicle, 'id' | 'year' | 'make' | 'model'>;

/** Downloads the vehicle's passport and hands it to the browser; answers the name it was saved as. */
export async function downloadPassport(
  vehicle: PassportVehicle,
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  const zip = await fetchFileWithProgress(`/api/vehicles/${vehicle.id}/passport`, onProgress);
  const fileName = passportFileName(vehicle, currentToday());
  saveFile(zip, fileName);
  return fileName;
}

export function useDownloadPassport(vehicle: PassportVehicle, onSaved?: () => void) {
  const { progress, report, clear } = useDownloadProgress();
  const mutation = useMutation({
    mutationFn: () => downloadPassport(vehicle, report),
    onMutate: () => report({ received: 0, total: null }),
    onSuccess: (fileName) => {
      toast({
        title: BACKUP_TEXTS.passportSaved,
        description: BACKUP_TEXTS.passportSavedDescription(fileName),
      });
      onSaved?.();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: BACKUP_TEXTS.passportFailed,
        description:
          error instanceof ApiError
            ? errorMessage(error, BACKUP_TEXTS.passportFailedDescription)
            : BACKUP_TEXTS.passportFailedDescription,
      });
    },
    onSettled: clear,
  });
  return { download: () => mutation.mutate(), isPending: mutation.isPending, progress };
}
