/**
 * The files a row attaches (001 §7 `fileUrl`, `imageUrl`), checked one way for every kind of row
 * that carries them (records, energy entries): each must be an upload of the user's own (D9), and
 * stays locked until the save commits so that the clean-up of unattached uploads cannot delete it
 * meanwhile (decision 044). What a change or a deletion no longer points at goes through
 * `releaseFiles`.
 */
import { RECORD_MESSAGES } from '@contract/records';
import { fileIdFromUrl, fileUrl as uploadUrl } from '@contract/uploads';
import { notFound } from '../../app-error';
import type { Executor } from '../../db/open';
import { lockFileToAttach } from './uploads.repository';

export const ATTACHMENT_FIELDS = ['fileUrl', 'imageUrl'] as const;
export type AttachmentField = (typeof ATTACHMENT_FIELDS)[number];
export type Attachments = Partial<Record<AttachmentField, string | null>>;

const fileNotFound = () => notFound(RECORD_MESSAGES.fileNotFound);

/**
 * The attachments a payload names, as the row stores them (`/uploads/{id}`). Someone else's file,
 * a missing one, or anything that is not an upload answers 404. A value the row already holds is
 * kept as it is (an edit form sends back what it read); a field left out is left out.
 */
export async function requireOwnedAttachments(
  tx: Executor,
  userId: number,
  payload: Attachments,
  current?: Record<AttachmentField, string | null>,
): Promise<Attachments> {
  const attachments: Attachments = {};
  for (const field of ATTACHMENT_FIELDS) {
    const value = payload[field];
    if (value === undefined || (current && value === current[field])) continue;
    if (value === null) {
      attachments[field] = null;
      continue;
    }
    const id = fileIdFromUrl(value);
    if (id === null || !(await lockFileToAttach(tx, userId, id))) throw fileNotFound();
    attachments[field] = uploadUrl(id);
  }
  return attachments;
}

/** What the row pointed at before a change and no longer does: for `releaseFiles`. */
export function replacedAttachments(
  attachments: Attachments,
  current: Record<AttachmentField, string | null>,
): Array<string | null> {
  return ATTACHMENT_FIELDS.filter(
    (field) => attachments[field] !== undefined && attachments[field] !== current[field],
  ).map((field) => current[field]);
}
