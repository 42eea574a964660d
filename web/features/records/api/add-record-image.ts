/**
 * `POST /api/record-images/{type}/{recordId}` (001 §5, §7): one image with its caption,
 * multipart `image` and `caption`, with the bytes sent reported for a progress bar.
 */
import type { RecordImage, RecordType } from '@contract/records';
import { queryKeyToPath } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { type UploadProgress, uploadWithProgress } from '@web/lib/upload-with-progress';
import { RECORD_PATHS } from './record-paths';

export async function addRecordImage({
  type,
  recordId,
  file,
  caption,
  onProgress,
}: {
  type: RecordType;
  recordId: number;
  file: File;
  caption: string;
  onProgress?: (progress: UploadProgress) => void;
}): Promise<RecordImage> {
  const form = new FormData();
  // The text field first: the server reads it before the file's bytes.
  form.append('caption', caption);
  form.append('image', file, file.name);
  const queryKey = RECORD_PATHS.images(type, recordId);
  const image = await uploadWithProgress<RecordImage>(queryKeyToPath(queryKey), form, onProgress);
  await queryClient.invalidateQueries({ queryKey });
  return image;
}
