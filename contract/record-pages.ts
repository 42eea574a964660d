/**
 * Pages of the user's records (decision 057): `GET /api/records/page` answers the unified list
 * of 001 §3 a page at a time, searched and filtered by the server as /records searched it in the
 * browser (decision 033), with the type filter's counts.
 */
import type { z } from 'zod';
import { INVALID_CURSOR_MESSAGE } from './keyset-cursor';
import type { RECORD_PAGE_STATUSES } from './rules/record-pages';
import type { recordPageSchema, vehicleRecordPageSchema } from './schemas/record-pages';

export { RECORD_PAGE, VEHICLE_RECORD_PAGE } from './rules/record-pages';

export type RecordPageStatus = (typeof RECORD_PAGE_STATUSES)[number];

export const RECORD_PAGE_MESSAGES = { cursor: INVALID_CURSOR_MESSAGE } as const;

export type RecordPage = z.infer<typeof recordPageSchema>;
export type VehicleRecordPage = z.infer<typeof vehicleRecordPageSchema>;

/**
 * Decision 033's search text as the server compares it: lower case, every run of white space one
 * space, the ends trimmed; '' searches nothing.
 */
export function foldSearchText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
