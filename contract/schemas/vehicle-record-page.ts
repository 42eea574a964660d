/**
 * `GET /api/vehicles/{id}/records/page`: one vehicle's records a page at a time, in the order of
 * 001 §2 (newest first, undated last, then the newest row first), with each tab's count and
 * total cost over the whole vehicle, not over the pages loaded. The items are the unified
 * list's (001 §3), so a card shows a page's record as it shows one of `GET /api/records`.
 */
import { z } from 'zod';
import { ID_MAX, isCalendarDate } from '../common';
import { RECORD_PAGE_MESSAGES, RECORD_TYPES, VEHICLE_RECORD_PAGE } from '../records';
import { pageLimitSchema, pageSchema } from './paging';
import { recordTypeTextSchema, unifiedRecordSchema } from './records';

/** Where a cursor says a page starts: after this record, in the list's order. */
export type RecordPosition = {
  date: string | null;
  type: (typeof RECORD_TYPES)[number];
  id: number;
};

/** An undated record's place in a cursor, where a dated one has its day. */
const UNDATED = 'undated';

/** The opaque text of a position: `{day or 'undated'}~{type}~{id}`. */
export function recordCursorOf({ date, type, id }: RecordPosition): string {
  return `${date ?? UNDATED}~${type}~${id}`;
}

/** The position a cursor names, or null when it names none (made up, or cut). */
export function recordPositionOf(cursor: string): RecordPosition | null {
  const match = /^(\d{4}-\d{2}-\d{2}|undated)~([a-z]+)~(\d{1,10})$/.exec(cursor);
  if (!match) return null;
  const [, day, type, id] = match as unknown as [string, string, string, string];
  const kind = RECORD_TYPES.find((known) => known === type);
  if (!kind || Number(id) > ID_MAX) return null;
  if (day !== UNDATED && !isCalendarDate(day)) return null;
  return { date: day === UNDATED ? null : day, type: kind, id: Number(id) };
}

/** The longest cursor: 'modification', a day and a ten-digit id. */
const RECORD_CURSOR_MAX = 40;

const recordCursorSchema = z
  .string()
  .max(RECORD_CURSOR_MAX, RECORD_PAGE_MESSAGES.cursor)
  .refine((cursor) => recordPositionOf(cursor) !== null, RECORD_PAGE_MESSAGES.cursor);

export const vehicleRecordPageQuerySchema = z.object({
  /** One kind only (a tab), named as `recordTypeOf` reads it; every kind when left out. */
  type: recordTypeTextSchema.optional(),
  cursor: recordCursorSchema.optional(),
  limit: pageLimitSchema(VEHICLE_RECORD_PAGE.max),
});

/** A figure per tab: every kind, then each kind. */
const perTabSchema = z.object({
  all: z.number(),
  maintenance: z.number(),
  repair: z.number(),
  modification: z.number(),
});

export const vehicleRecordPageSchema = pageSchema(unifiedRecordSchema).extend({
  /** How many records each tab holds, over the whole vehicle. */
  counts: perTabSchema,
  /** Each tab's total cost in dollars (D3), summed by the server over the whole vehicle. */
  totalCosts: perTabSchema,
});

export type VehicleRecordPage = z.infer<typeof vehicleRecordPageSchema>;
