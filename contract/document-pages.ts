/**
 * Pages of the Documents view (D27, decision 057): `GET /api/documents/page` answers the view's
 * entries a page at a time, searched and filtered by the server. An entry is a record's PDF, a
 * record's photo (one entry each) or a stored document with a file, newest first, undated last.
 */
import type { z } from 'zod';
import { STORED_DOCUMENT_TYPES } from './categories';
import { RECORD_KINDS, RECORD_TYPES, type RecordType } from './records';
import type { documentEntrySchema, documentPageSchema } from './schemas/document-pages';

/** Entries per page: a few screens of them, and at most what one answer should carry. */
export const DOCUMENT_PAGE = { default: 50, max: 200 } as const;

/** D27: the Documents view's type for files attached to records. */
export const RECORD_ATTACHMENT = 'record-attachment';

/** The view's type filter: a stored document's type (001 §9), or a record's attachment. */
export const DOCUMENT_FILTER_TYPES = [...STORED_DOCUMENT_TYPES, RECORD_ATTACHMENT] as const;
export type DocumentFilterType = (typeof DOCUMENT_FILTER_TYPES)[number];

/** What a record's attachment is, by the column it is kept in, and how its entry names it. */
export const RECORD_ATTACHMENT_FORMATS = { file: 'PDF', photo: 'Photo' } as const;
export type RecordAttachment = keyof typeof RECORD_ATTACHMENT_FORMATS;

/**
 * Where an entry comes from, as its position names it (contract/keyset-cursor.ts): a stored
 * document, or a kind's record's file or photo. Entries of one day and id sort by this name, so a
 * record's PDF comes before its photo.
 */
export type DocumentEntryKind = 'document' | `${RecordType}-${RecordAttachment}`;

export const DOCUMENT_ENTRY_KINDS: readonly DocumentEntryKind[] = (
  [
    'document',
    ...RECORD_TYPES.flatMap((type) =>
      (Object.keys(RECORD_ATTACHMENT_FORMATS) as RecordAttachment[]).map(
        (attachment) => `${type}-${attachment}` as const,
      ),
    ),
  ] as DocumentEntryKind[]
).sort();

export const DOCUMENT_PAGE_MESSAGES = { unknownType: 'Unknown document type' } as const;

/** A record attachment's entry title: 'Brake pads (PDF)'. */
export function attachmentEntryTitle(recordTitle: string, attachment: RecordAttachment): string {
  return `${recordTitle} (${RECORD_ATTACHMENT_FORMATS[attachment]})`;
}

/** What a record attachment belongs to: 'Repair: Brake pads'. */
export function attachmentEntrySource(type: RecordType, recordTitle: string): string {
  return `${RECORD_KINDS[type].label}: ${recordTitle}`;
}

export type DocumentEntry = z.infer<typeof documentEntrySchema>;
export type DocumentPage = z.infer<typeof documentPageSchema>;
