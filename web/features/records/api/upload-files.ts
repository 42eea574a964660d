/**
 * `POST /api/upload` (001 §7): the record form's attachments in one multipart call, the field
 * `files` repeated; answers the stored files' URLs in upload order. Reports the bytes sent.
 */
import type { UploadResponse } from '@contract/uploads';
import { type UploadProgress, uploadWithProgress } from '@web/lib/upload-with-progress';

export async function uploadFiles(
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const answer = await uploadWithProgress<UploadResponse>('/api/upload', form, onProgress);
  return answer.fileUrls;
}
