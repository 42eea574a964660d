/**
 * The rules of a page of the Documents view (D27, decision 057): the search folded as the
 * records' search folds it, the page's keyset bounds from the cursor, the next cursor from the
 * page's last entry, the entries written as the view shows them ('Brake pads (PDF)', its source
 * 'Repair: Brake pads'), and the counts from one aggregate read beside the page. A vehicle that is
 * not the user's answers 404, as the record pages' filter does (D9): the aggregate says so, so
 * the check costs no statement of its own.
 */
import {
  attachmentEntrySource,
  attachmentEntryTitle,
  DOCUMENT_ENTRY_KINDS,
  DOCUMENT_PAGE,
  type DocumentEntry,
  type DocumentEntryKind,
  type DocumentPage,
  RECORD_ATTACHMENT,
  RECORD_ATTACHMENT_FORMATS,
} from '@contract/document-pages';
import { cursorOfPosition } from '@contract/keyset-cursor';
import { foldSearchText } from '@contract/record-pages';
import { UNTITLED } from '@contract/records';
import type { documentPageQuerySchema } from '@contract/schemas/document-pages';
import { VEHICLE_MESSAGES, vehicleTitle } from '@contract/vehicles';
import type { z } from 'zod';
import { notFound } from '../../app-error';
import { type KeysetBound, keysetBound } from '../../db/keyset';
import type { Executor } from '../../db/open';
import {
  attachmentOfKind,
  countDocumentEntries,
  type DocumentEntryRow,
  findDocumentPage,
} from './document-pages.repository';

export type DocumentPageQuery = z.output<typeof documentPageQuerySchema>;

function vehicleNameOf(row: DocumentEntryRow): string | null {
  if (row.vehicleYear === null || row.vehicleMake === null || row.vehicleModel === null) {
    return null;
  }
  return vehicleTitle({ year: row.vehicleYear, make: row.vehicleMake, model: row.vehicleModel });
}

/** D27: an entry as the view shows it. */
export function toDocumentEntry(row: DocumentEntryRow): DocumentEntry {
  const shared = {
    vehicleId: row.vehicleId,
    vehicleName: vehicleNameOf(row),
    date: row.date,
    url: row.url,
  };
  if (row.kind === 'document') {
    return {
      ...shared,
      key: `document-${row.id}`,
      title: row.title ?? '',
      type: row.documentType ?? '',
      format: 'Document',
      source: row.notes,
    };
  }
  const { type, attachment } = attachmentOfKind(row.kind);
  // 001 §3: a record without a title reads 'Untitled', as its card does.
  const title = row.title?.trim() || UNTITLED;
  return {
    ...shared,
    key: `${type}-${row.id}-${attachment}`,
    title: attachmentEntryTitle(title, attachment),
    type: RECORD_ATTACHMENT,
    format: RECORD_ATTACHMENT_FORMATS[attachment],
    source: attachmentEntrySource(type, title),
  };
}

/** `GET /api/documents/page`. */
export async function listDocumentPage(
  db: Executor,
  userId: number,
  query: DocumentPageQuery,
): Promise<DocumentPage> {
  const limit = query.limit ?? DOCUMENT_PAGE.default;
  const folded = foldSearchText(query.q ?? '');
  const filters = {
    search: folded === '' ? undefined : folded,
    type: query.type,
    vehicleId: query.vehicleId,
  };
  const bounds = Object.fromEntries(
    DOCUMENT_ENTRY_KINDS.map((kind) => [kind, keysetBound(query.cursor, kind)]),
  ) as Record<DocumentEntryKind, KeysetBound>;
  // One more than the page holds says whether a next page exists.
  const [rows, counts] = await Promise.all([
    findDocumentPage(db, userId, filters, bounds, limit + 1),
    countDocumentEntries(db, userId, filters),
  ]);
  if (!counts.vehicleFound) throw notFound(VEHICLE_MESSAGES.notFound);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toDocumentEntry),
    nextCursor:
      rows.length > limit && last
        ? cursorOfPosition({ date: last.date, kind: last.kind, id: last.id })
        : null,
    matching: counts.matching,
    total: counts.total,
  };
}
