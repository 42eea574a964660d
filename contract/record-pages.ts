/**
 * Pages of the user's records (decision 057): `GET /api/records/page` answers the unified list
 * of 001 §3 a page at a time, searched and filtered by the server as /records searched it in the
 * browser (decision 033), with the type filter's counts.
 */
import type { z } from 'zod';
import { INVALID_CURSOR_MESSAGE } from './keyset-cursor';
import type { recordPageSchema, vehicleRecordPageSchema } from './schemas/record-pages';

/** Records per page: a few screens of cards, and at most what one answer should carry. */
export const RECORD_PAGE = { default: 50, max: 200 } as const;

/**
 * The vehicle page's tabs (`GET /api/vehicles/{id}/records/page`): about two screens of cards by
 * default, since the tabs sit below the vehicle's details.
 */
export const VEHICLE_RECORD_PAGE = { default: 25, max: RECORD_PAGE.max } as const;

/** The Maintenance and Modifications views list open and completed records apart (001 §4). */
export const RECORD_PAGE_STATUSES = ['pending', 'completed'] as const;
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
