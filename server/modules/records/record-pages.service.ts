/**
 * The rules of a page of the unified records (decision 057): the search folded as decision 033
 * folds it, the page's keyset bounds from the cursor, the next cursor from the page's last
 * record, and the type filter's counts from one aggregate read beside the page. A vehicle that
 * is not the user's answers 404, as the expenses' filter does (D9): the aggregate says so, so the
 * check costs no statement of its own.
 */
import { cursorOfPosition, type DatedPosition } from '@contract/keyset-cursor';
import { foldSearchText, RECORD_PAGE, type RecordPage } from '@contract/record-pages';
import { RECORD_TYPES, type RecordType } from '@contract/records';
import type { recordPageQuerySchema } from '@contract/schemas/record-pages';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import type { z } from 'zod';
import { notFound } from '../../app-error';
import { keysetBound } from '../../db/keyset';
import type { Executor } from '../../db/open';
import {
  countRecordPageTypes,
  findRecordPage,
  type RecordCountsRow,
} from './record-pages.repository';
import { toUnifiedRecord } from './records.service';

export type RecordPageQuery = z.output<typeof recordPageQuerySchema>;

function countsOf(row: RecordCountsRow, pendingOnly: boolean) {
  const of = (type: RecordType) => (pendingOnly ? row[`${type}Pending`] : row[type]);
  const counts = {
    maintenance: of('maintenance'),
    repair: of('repair'),
    modification: of('modification'),
  };
  return { all: counts.maintenance + counts.repair + counts.modification, ...counts };
}

export async function listRecordPage(
  db: Executor,
  userId: number,
  query: RecordPageQuery,
): Promise<RecordPage> {
  const limit = query.limit ?? RECORD_PAGE.default;
  const folded = foldSearchText(query.q ?? '');
  const filters = {
    search: folded === '' ? undefined : folded,
    type: query.type,
    vehicleId: query.vehicleId,
    status: query.status,
  };
  const after: DatedPosition<RecordType> | undefined = query.cursor;
  const bounds = Object.fromEntries(
    RECORD_TYPES.map((type) => [type, keysetBound(after, type)]),
  ) as Record<RecordType, ReturnType<typeof keysetBound>>;
  // One more than the page holds says whether a next page exists.
  const [rows, countRow] = await Promise.all([
    findRecordPage(db, userId, filters, bounds, limit + 1),
    countRecordPageTypes(db, userId, filters),
  ]);
  if (!countRow.vehicleFound) throw notFound(VEHICLE_MESSAGES.notFound);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toUnifiedRecord),
    nextCursor:
      rows.length > limit && last
        ? cursorOfPosition({ date: last.date, kind: last.type, id: last.id })
        : null,
    counts: countsOf(countRow, false),
    pendingCounts: countsOf(countRow, true),
    total: countRow.total,
  };
}
