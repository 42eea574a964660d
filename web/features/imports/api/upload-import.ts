/**
 * `POST /api/imports` (multipart: up to five files in `file`, optional `source`): the files
 * read into a preview, nothing added yet. Sent with XMLHttpRequest for its upload progress; the
 * preview is kept under its own key, so its page opens without asking for it again.
 */
import type { ImportFormat, ImportPreview } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { type UploadProgress, uploadWithProgress } from '@web/lib/upload-with-progress';
import { importQueryKey } from './import-reads';

export type ImportUpload = { files: readonly File[]; source: ImportFormat | null };

export function uploadImport(
  { files, source }: ImportUpload,
  onProgress?: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  if (source) form.append('source', source);
  for (const file of files) form.append('file', file, file.name);
  return uploadWithProgress<ImportPreview>('/api/imports', form, onProgress);
}

export function useUploadImport({
  onProgress,
  onPreview,
}: {
  onProgress: (progress: UploadProgress) => void;
  onPreview: (preview: ImportPreview) => void;
}) {
  return useMutation({
    mutationFn: (upload: ImportUpload) => uploadImport(upload, onProgress),
    onSuccess: (preview) => {
      queryClient.setQueryData(importQueryKey(preview.id), preview);
      onPreview(preview);
    },
  });
}
