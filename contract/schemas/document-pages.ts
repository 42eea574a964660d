/**
 * The zod schemas of `document-pages.ts` (D27, decision 057): the query of
 * `GET /api/documents/page` and its answer, a page of the Documents view's entries.
 */
import { z } from 'zod';
import {
  DOCUMENT_ENTRY_KINDS,
  DOCUMENT_FILTER_TYPES,
  DOCUMENT_PAGE,
  DOCUMENT_PAGE_MESSAGES,
} from '../rules/document-pages';
import { idSchema } from './common';
import {
  datedCursorSchema,
  optionalQueryParam,
  pageLimitSchema,
  pageSchema,
  searchQuerySchema,
} from './paging';

export const documentPageQuerySchema = z.object({
  cursor: datedCursorSchema(DOCUMENT_ENTRY_KINDS).optional(),
  limit: pageLimitSchema(DOCUMENT_PAGE.max),
  /** An entry's title or its source, as the view shows them. */
  q: searchQuerySchema,
  /** A stored document's type (001 §9), or `record-attachment`. */
  type: optionalQueryParam(
    z.enum(DOCUMENT_FILTER_TYPES, { message: DOCUMENT_PAGE_MESSAGES.unknownType }),
  ),
  vehicleId: optionalQueryParam(idSchema),
});

/** One entry of the Documents view: a record's PDF or photo, or a stored document's file. */
export const documentEntrySchema = z.object({
  /** Unique in the view: `repair-12-file`, `repair-12-photo`, `document-9`. */
  key: z.string(),
  /** 'Brake pads (PDF)' for an attachment; the stored document's own title. */
  title: z.string(),
  /** A stored document's type (001 §9), or `record-attachment`. */
  type: z.string(),
  format: z.enum(['PDF', 'Photo', 'Document']),
  /** What the file belongs to ('Repair: Brake pads'), or the stored document's notes. */
  source: z.string().nullable(),
  /** A stored document may belong to no vehicle. */
  vehicleId: z.number().nullable(),
  /** "{year} {make} {model}". */
  vehicleName: z.string().nullable(),
  date: z.string().nullable(),
  url: z.string(),
});

export const documentPageSchema = pageSchema(documentEntrySchema).extend({
  /** The entries the search and the filters leave, loaded or not. */
  matching: z.number(),
  /** Every entry of the user, whatever the search and the filters. */
  total: z.number(),
});
