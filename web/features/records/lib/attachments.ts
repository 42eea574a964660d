/**
 * The record forms' attachments (001 §5, §9): one PDF and one photo, or, on the maintenance edit
 * form, several files (a PDF and photos, decision 039), each at most 10 MB. A chosen file is
 * judged by its bytes as the server judges it (D15) before it is kept, so Save never sends a
 * file the server would refuse. They go up together through
 * `POST /api/upload`, the PDF first, and the URLs it answers (in that order) become the
 * record's `fileUrl` and `imageUrl`. A record holds one document and one photo; further photos
 * chosen on the maintenance edit form join the record's images.
 */
import { DOCUMENT_TYPES, judgeUpload, UPLOAD_RULES, type UploadRule } from '@contract/uploads';

export type AttachmentSlot = 'document' | 'photo' | 'several';

/** What each slot accepts: the rules of the contract, so hints and checks name the same types. */
export const ATTACHMENT_RULES: Record<AttachmentSlot, UploadRule> = {
  document: UPLOAD_RULES.recordDocument,
  photo: UPLOAD_RULES.recordPhoto,
  several: UPLOAD_RULES.recordFiles,
};

export const ONE_DOCUMENT_MESSAGE = 'A record keeps one PDF: remove the chosen one first';

export function isDocument(file: Pick<File, 'type'>): boolean {
  return (DOCUMENT_TYPES as readonly string[]).includes(file.type);
}

/**
 * The file to keep for this slot, or why it cannot be attached. The kept file carries the type
 * its bytes say (a PDF named `.jpg` is kept as a PDF), so the upload order and the record's
 * `fileUrl` and `imageUrl` follow what each file is.
 */
export async function checkAttachment(
  file: File,
  slot: AttachmentSlot,
  chosen: readonly Pick<File, 'type'>[] = [],
): Promise<{ file: File } | { refusal: string }> {
  const verdict = await judgeUpload(file, ATTACHMENT_RULES[slot]);
  if (!verdict.isAccepted) return { refusal: verdict.message };
  const kept =
    file.type === verdict.type
      ? file
      : new File([file], file.name, { type: verdict.type, lastModified: file.lastModified });
  if (slot === 'several' && isDocument(kept) && chosen.some(isDocument)) {
    return { refusal: ONE_DOCUMENT_MESSAGE };
  }
  return { file: kept };
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
