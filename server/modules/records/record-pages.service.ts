/**
 * The rules of a page of the unified records (decision 057): the search folded as decision 033
 * folds it, the page's keyset bounds from the cursor, the next cursor from the page's last
 * record, and the type filter's counts from one aggregate read beside the page. A vehicle that
 * is not the user's answers 404, as the expenses' filter does (D9): the aggregate says so, so the
 * check costs no statement of its own. The vehicle page's tabs read the same page with the vehicle
 * fixed by their path, no search, and each tab's total cost beside its count.
 */
import { cursorOfPosition, type DatedPosition } from '@contract/keyset-cursor';
import {
  foldSearchText,
  RECORD_PAGE,
  type RecordPage,
  VEHICLE_RECORD_PAGE,
  type VehicleRecordPage,
} from '@contract/record-pages';
import { RECORD_TYPES, type RecordType } from '@contract/records';
import type {
  recordPageQuerySchema,
  vehicleRecordPageQuerySchema,
} from '@contract/schemas/record-pages';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import type { z } from 'zod';
import { notFound } from '../../app-error';
import { keysetBound } from '../../db/keyset';
import { fromNumeric } from '../../db/numeric';
import type { Executor } from '../../db/open';
import {
  countRecordPageTypes,
  findRecordPage,
  type RecordCountsRow,
} from './record-pages.repository';
import { toUnifiedRecord } from './records.service';

export type RecordPageQuery = z.output<typeof recordPageQuerySchema>;
export type VehicleRecordPageQuery = z.output<typeof vehicleRecordPageQuerySchema>;

function countsOf(row: RecordCountsRow, pendingOnly: boolean) {
  const of = (type: RecordType) => (pendingOnly ? row[`${type}Pending`] : row[type]);
  const counts = {
    maintenance: of('maintenance'),
    repair: of('repair'),
    modification: of('modification'),
  };
  return { all: counts.maintenance + counts.repair + counts.modification, ...counts };
}

/** Each tab's total cost in dollars; a kind without records costs nothing. */
function costsOf(row: RecordCountsRow) {
  const of = (type: RecordType) => fromNumeric(row[`${type}Cost`] ?? null) ?? 0;
  const costs = {
    maintenance: of('maintenance'),
    repair: of('repair'),
    modification: of('modification'),
  };
  // Summed in cents, so the tab of every kind shows what its three tabs add up to.
  const cents =
    Math.round(costs.maintenance * 100) +
    Math.round(costs.repair * 100) +
    Math.round(costs.modification * 100);
  return { all: cents / 100, ...costs };
}

async function readRecordPage(
  db: Executor,
  userId: number,
  query: RecordPageQuery,
  { defaultLimit, withCosts }: { defaultLimit: number; withCosts: boolean },
) {
  const limit = query.limit ?? defaultLimit;
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
    countRecordPageTypes(db, userId, filters, { withCosts }),
  ]);
  if (!countRow.vehicleFound) throw notFound(VEHICLE_MESSAGES.notFound);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const recordPage: RecordPage = {
    items: page.map(toUnifiedRecord),
    nextCursor:
      rows.length > limit && last
        ? cursorOfPosition({ date: last.date, kind: last.type, id: last.id })
        : null,
    counts: countsOf(countRow, false),
    pendingCounts: countsOf(countRow, true),
    total: countRow.total,
  };
  return { recordPage, countRow };
}

/** `GET /api/records/page`. */
export async function listRecordPage(
  db: Executor,
  userId: number,
  query: RecordPageQuery,
): Promise<RecordPage> {
  const { recordPage } = await readRecordPage(db, userId, query, {
    defaultLimit: RECORD_PAGE.default,
    withCosts: false,
  });
  return recordPage;
}

/**
 * `GET /api/vehicles/{id}/records/page`: the vehicle's records a page at a time, with each tab's
 * count and total cost over the whole vehicle; 404 when the vehicle is not the user's (D9).
 */
export async function listVehicleRecordPage(
  db: Executor,
  userId: number,
  vehicleId: number,
  query: VehicleRecordPageQuery,
): Promise<VehicleRecordPage> {
  const { recordPage, countRow } = await readRecordPage(
    db,
    userId,
    { ...query, vehicleId },
    { defaultLimit: VEHICLE_RECORD_PAGE.default, withCosts: true },
  );
  const { items, nextCursor, counts } = recordPage;
  return { items, nextCursor, counts, totalCosts: costsOf(countRow) };
}
