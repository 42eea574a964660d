/**
 * `GET /api/user/backup`: the whole account as one zip (its data and every photo and document),
 * read with its progress and saved as `garage-ledger-backup-YYYY-MM-DD.zip` (local date).
 */
import { BACKUP_TEXTS, backupFileName } from '@contract/backup';
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

/** Downloads the backup and hands it to the browser; answers the name it was saved as. */
export async function downloadBackup(
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  const zip = await fetchFileWithProgress('/api/user/backup', onProgress);
  const fileName = backupFileName(currentToday());
  saveFile(zip, fileName);
  return fileName;
}

export function useDownloadBackup() {
  const { progress, report, clear } = useDownloadProgress();
  const mutation = useMutation({
    mutationFn: () => downloadBackup(report),
    onMutate: () => report({ received: 0, total: null }),
    onSuccess: (fileName) => {
      toast({
        title: BACKUP_TEXTS.backupSaved,
        description: BACKUP_TEXTS.backupSavedDescription(fileName),
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: BACKUP_TEXTS.backupFailed,
        // The server's sentence when it refused; a cut connection gets the plain one.
        description:
          error instanceof ApiError
            ? errorMessage(error, BACKUP_TEXTS.backupFailedDescription)
            : BACKUP_TEXTS.backupFailedDescription,
      });
    },
    onSettled: clear,
  });
  return { download: () => mutation.mutate(), isPending: mutation.isPending, progress };
}
