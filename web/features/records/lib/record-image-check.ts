/**
 * The record dialog's Add Image rules (001 §5): an image only, at most 5 MB, one at a time, and
 * the caption 'Added on' with the date and time it was added. "An image" is judged by the file's
 * bytes as the server judges it (D15), so a file the server would refuse is never sent.
 */
import { judgeUpload, UPLOAD_RULES } from '@contract/uploads';
import { format } from 'date-fns';
import { RECORD_IMAGE_TEXTS } from './record-texts';

export type ImageRefusal = { title: string; description: string };

/** Why a file cannot be added as a record image, or null when it can. */
export async function checkRecordImage(file: Blob): Promise<ImageRefusal | null> {
  const verdict = await judgeUpload(file, UPLOAD_RULES.recordImage);
  if (verdict.isAccepted) return null;
  if (verdict.message === UPLOAD_RULES.recordImage.tooLargeMessage) {
    return { title: RECORD_IMAGE_TEXTS.tooLargeTitle, description: RECORD_IMAGE_TEXTS.tooLarge };
  }
  return {
    title: RECORD_IMAGE_TEXTS.invalidTypeTitle,
    description: RECORD_IMAGE_TEXTS.invalidType,
  };
}

/** 'Added on Mar 4, 2025 3:07 PM' */
export function recordImageCaption(now = new Date()): string {
  return `${RECORD_IMAGE_TEXTS.captionPrefix} ${format(now, 'MMM d, yyyy h:mm a')}`;
}
