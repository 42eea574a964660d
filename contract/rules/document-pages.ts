/**
 * What the schemas check with of `document-pages.ts`: its constants and texts, below both
 * (decision 071). The schemas import them from here and `document-pages.ts` passes on those its
 * readers use, so a file and its schema never import each other.
 */
import { STORED_DOCUMENT_TYPES } from '../categories';
import { RECORD_TYPES, type RecordType } from './records';

/** Entries per page: a few screens of them, and at most what one answer should carry. */
export const DOCUMENT_PAGE = { default: 50, max: 200 } as const;

/** D27: the Documents view's type for files attached to records. */
export const RECORD_ATTACHMENT = 'record-attachment';

/** The view's type filter: a stored document's type (001 §9), or a record's attachment. */
export const DOCUMENT_FILTER_TYPES = [...STORED_DOCUMENT_TYPES, RECORD_ATTACHMENT] as const;

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
