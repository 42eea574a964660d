/**
 * `POST /api/user/restore` (multipart `file`: a Garage Ledger backup zip, possibly hundreds of
 * MB): the backup read into a preview of what it adds and what the garage already has. Sent with
 * XMLHttpRequest for its upload progress.
 */
import type { ImportPreview } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { type UploadProgress, uploadWithProgress } from '@web/lib/upload-with-progress';

export function uploadBackup(file: File, onProgress?: (progress: UploadProgress) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<ImportPreview>('/api/user/restore', form, onProgress);
}

export function useUploadBackup({
  onProgress,
}: {
  onProgress: (progress: UploadProgress) => void;
}) {
  return useMutation({ mutationFn: (file: File) => uploadBackup(file, onProgress) });
}
