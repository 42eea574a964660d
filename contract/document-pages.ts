/**
 * Pages of the Documents view (D27, decision 057): `GET /api/documents/page` answers the view's
 * entries a page at a time, searched and filtered by the server. An entry is a record's PDF, a
 * record's photo (one entry each) or a stored document with a file, newest first, undated last.
 */
import type { z } from 'zod';
import {
  type DOCUMENT_FILTER_TYPES,
  RECORD_ATTACHMENT_FORMATS,
  type RecordAttachment,
} from './rules/document-pages';
import { RECORD_KINDS, type RecordType } from './rules/records';
import type { documentEntrySchema, documentPageSchema } from './schemas/document-pages';

export {
  DOCUMENT_ENTRY_KINDS,
  DOCUMENT_FILTER_TYPES,
  DOCUMENT_PAGE,
  DOCUMENT_PAGE_MESSAGES,
  type DocumentEntryKind,
  RECORD_ATTACHMENT,
  RECORD_ATTACHMENT_FORMATS,
  type RecordAttachment,
} from './rules/document-pages';

export type DocumentFilterType = (typeof DOCUMENT_FILTER_TYPES)[number];

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
