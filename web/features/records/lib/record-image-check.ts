/**
 * The record dialog's Add Image rules (001 §5): an image only, at most 5 MB, one at a time, and
 * the caption 'Added on' with the date and time it was added.
 */
import { UPLOAD_LIMITS } from '@contract/uploads';
import { format } from 'date-fns';
import { RECORD_IMAGE_TEXTS } from './record-texts';

export type ImageRefusal = { title: string; description: string };

/** Why a file cannot be added as a record image, or null when it can. */
export function checkRecordImage(file: Pick<File, 'type' | 'size'>): ImageRefusal | null {
  if (!file.type.startsWith('image/')) {
    return {
      title: RECORD_IMAGE_TEXTS.invalidTypeTitle,
      description: RECORD_IMAGE_TEXTS.invalidType,
    };
  }
  if (file.size > UPLOAD_LIMITS.recordImageBytes) {
    return { title: RECORD_IMAGE_TEXTS.tooLargeTitle, description: RECORD_IMAGE_TEXTS.tooLarge };
  }
  return null;
}

/** 'Added on Mar 4, 2025 3:07 PM' */
export function recordImageCaption(now = new Date()): string {
  return `${RECORD_IMAGE_TEXTS.captionPrefix} ${format(now, 'MMM d, yyyy h:mm a')}`;
}
