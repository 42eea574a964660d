/**
 * The record forms' attachments (001 §5, §9): one PDF and one photo, or, on the maintenance edit
 * form, several files (PDF, JPG, PNG), each at most 10 MB. They go up together through
 * `POST /api/upload`, the PDF first, and the URLs it answers (in that order) become the
 * record's `fileUrl` and `imageUrl`. A record holds one document and one photo; further photos
 * chosen on the maintenance edit form join the record's images.
 */
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES,
  PHOTO_ACCEPT,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
} from '@contract/uploads';

export type AttachmentSlot = 'document' | 'photo' | 'several';

/** 001 §5: the types each slot accepts (the maintenance edit form: PDF, JPG, PNG). */
export const ATTACHMENT_ACCEPT: Record<AttachmentSlot, string> = {
  document: DOCUMENT_ACCEPT,
  photo: PHOTO_ACCEPT,
  several: 'application/pdf,image/jpeg,image/png',
};

const SEVERAL_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

export const ONE_DOCUMENT_MESSAGE = 'A record keeps one PDF: remove the chosen one first';

export function isDocument(file: Pick<File, 'type'>): boolean {
  return (DOCUMENT_TYPES as readonly string[]).includes(file.type);
}

/** Why a chosen file cannot be attached in this slot, or null. */
export function checkAttachment(
  file: Pick<File, 'type' | 'size'>,
  slot: AttachmentSlot,
  chosen: readonly Pick<File, 'type'>[] = [],
): string | null {
  if (slot === 'document' && !isDocument(file)) return UPLOAD_MESSAGES.documentType;
  if (slot === 'photo' && !file.type.startsWith('image/')) return UPLOAD_MESSAGES.photoType;
  if (slot === 'several' && !SEVERAL_TYPES.includes(file.type)) return UPLOAD_MESSAGES.fileType;
  if (file.size > UPLOAD_LIMITS.recordFileBytes) return UPLOAD_MESSAGES.fileTooLarge;
  if (slot === 'several' && isDocument(file) && chosen.some(isDocument)) {
    return ONE_DOCUMENT_MESSAGE;
  }
  return null;
}

/** 001 §7: the PDF first, then the photos, in the order chosen. */
export function uploadOrder<T extends Pick<File, 'type'>>(files: readonly T[]): T[] {
  return [...files.filter(isDocument), ...files.filter((file) => !isDocument(file))];
}

/**
 * The record's attachments from the uploaded files (in upload order) and the URLs the upload
 * answered: the PDF as `fileUrl`, the first photo as `imageUrl`, the other photos aside.
 */
export function attachmentUrls<T extends Pick<File, 'type'>>(
  files: readonly T[],
  urls: readonly string[],
): { fileUrl: string | null; imageUrl: string | null; morePhotos: T[] } {
  let fileUrl: string | null = null;
  let imageUrl: string | null = null;
  const morePhotos: T[] = [];
  files.forEach((file, index) => {
    const url = urls[index] ?? null;
    if (isDocument(file)) fileUrl ??= url;
    else if (imageUrl === null) imageUrl = url;
    else morePhotos.push(file);
  });
  return { fileUrl, imageUrl, morePhotos };
}
