/**
 * Records: maintenance, repairs and modifications (001 §3). For now the Upcoming item that
 * `GET /api/upcoming-maintenance` answers (D18) and the notification bell reads (000 §2).
 */
import { z } from 'zod';

/** The three kinds of record a user keeps (001 §3). */
export const RECORD_TYPES = ['maintenance', 'repair', 'modification'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** An upcoming item's type: a record kind, or 'other' (001 §3). */
export const UPCOMING_ITEM_TYPES = [...RECORD_TYPES, 'other'] as const;
export type UpcomingItemType = (typeof UPCOMING_ITEM_TYPES)[number];

/** 000 §9: the bell counts items due from today to today + 7 days. */
export const NOTIFICATION_WINDOW_DAYS = 7;

/** A `yyyy-MM-dd` calendar date as the API answers it (D4). */
const dateSchema = z.string().nullable();

/** 001 §3 Upcoming item: one open record of any kind, with its vehicle's name. */
export const upcomingItemSchema = z.object({
  id: z.number(),
  type: z.enum(UPCOMING_ITEM_TYPES),
  title: z.string(),
  vehicleId: z.number(),
  /** "{year} {make} {model}" */
  vehicleName: z.string(),
  /** The record's date. */
  date: dateSchema,
  /** Maintenance only; null for repairs and modifications. */
  dueDate: dateSchema,
  dueMileage: z.number().nullable(),
  /** D3: dollars as a number, null when missing. */
  cost: z.number().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  fileUrl: z.string().nullable(),
  isCompleted: z.boolean(),
});
export type UpcomingItem = z.infer<typeof upcomingItemSchema>;

export const upcomingItemsSchema = z.array(upcomingItemSchema);

/** D18: when an item is due: its due date, else its date; null when it has neither. */
export function effectiveDueDate(item: Pick<UpcomingItem, 'dueDate' | 'date'>): string | null {
  return item.dueDate ?? item.date;
}
