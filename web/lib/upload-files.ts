/**
 * `POST /api/upload` (001 §7): a form's attachments in one multipart call, the field `files`
 * repeated; answers the stored files' URLs in upload order. Reports the bytes sent. The one
 * upload path of the records' attachments and the fill-ups' receipts (decision 050), so it lives
 * here (decision 004).
 */
import type { UploadResponse } from '@contract/uploads';
import { type UploadProgress, uploadWithProgress } from './upload-with-progress';

export async function uploadFiles(
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const answer = await uploadWithProgress<UploadResponse>('/api/upload', form, onProgress);
  return answer.fileUrls;
}
