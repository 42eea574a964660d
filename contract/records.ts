/**
 * Records: maintenance, repairs and modifications (001 §2–§5, §7–§9). The three kinds share one
 * path (architecture convention 12): what differs between them is the small description in
 * RECORD_KINDS, and one input schema (`schemas/records.ts`) is built from shared pieces plus
 * those differences. Also here: every answer of the record calls (a record, the unified record
 * view, the upcoming item of D18, the recent activity of D19, record images and documents), and
 * the texts both sides use (validation messages, the delete's answer). The screens' own copy
 * lives beside them on the web (decision 020).
 */
import type { z } from 'zod';
import { type DueState, type DueWindow, dueStateOn, OVERDUE_ONLY } from './due-state';
import type {
  ACTIVITY_TYPES,
  RECORD_STATUSES,
  RecordKind,
  UPCOMING_ITEM_TYPES,
} from './rules/records';
import type {
  activityItemSchema,
  documentSchema,
  recordImageSchema,
  recordInputSchemas,
  recordSchema,
  recordUpdateSchemas,
  unifiedRecordSchema,
  upcomingItemSchema,
} from './schemas/records';

export {
  MAX_RECORD_IMAGES,
  RECORD_KINDS,
  RECORD_MESSAGES,
  RECORD_TYPES,
  type RecordKind,
  type RecordType,
  recordTypeOf,
} from './rules/records';

/** 001 §2: the All Records tab's empty state. */
export const ALL_RECORDS_EMPTY_TITLE = 'No Records';

export type UpcomingItemType = (typeof UPCOMING_ITEM_TYPES)[number];

/** 000 §9: the bell counts items due from today to today + 7 days. */
const NOTIFICATION_WINDOW_DAYS = 7;
/** 001 §4, §9: the Maintenance page's Due Soon group holds open items due within 14 days. */
const DUE_SOON_WINDOW_DAYS = 14;

/* ------------------------------------------------------------------------------------------ */
/* Messages of the forms and the server (001 §5, D9, D40)                                      */
/* ------------------------------------------------------------------------------------------ */

/** A validated create body of any kind (repairs and modifications never carry the due fields). */
export type RecordPayload = z.output<(typeof recordInputSchemas)['maintenance']>;
export type RecordUpdatePayload = z.output<(typeof recordUpdateSchemas)['maintenance']>;
export type RecordItem = z.infer<typeof recordSchema>;

type RecordStatus = (typeof RECORD_STATUSES)[number];

export function recordStatus(isCompleted: boolean): RecordStatus {
  return isCompleted ? 'Completed' : 'Pending';
}
export type UnifiedRecord = z.infer<typeof unifiedRecordSchema>;

/** 001 §3: the unified view's title of a record without one. */
export const UNTITLED = 'Untitled';
export type UpcomingItem = z.infer<typeof upcomingItemSchema>;

/** D18: when an item is due: its due date, else its date; null when it has neither. */
export function effectiveDueDate(item: Pick<UpcomingItem, 'dueDate' | 'date'>): string | null {
  return item.dueDate ?? item.date;
}

/**
 * Decision 054: the day an upcoming item is listed and counted by: its effective due date, or
 * the predicted date of a schedule's due mileage when that comes first. For a record it is the
 * effective due date.
 */
function upcomingDueDate(
  item: Pick<UpcomingItem, 'dueDate' | 'date' | 'predictedDate'>,
): string | null {
  const due = effectiveDueDate(item);
  if (item.predictedDate === null) return due;
  return due === null || item.predictedDate < due ? item.predictedDate : due;
}

/**
 * D18's order, with schedules' next occurrences among the records (decision 054): by
 * `upcomingDueDate` ascending, undated last, then by due mileage (none last); ties keep their
 * order.
 */
export function sortUpcoming<Item extends UpcomingItem>(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => {
    const dueA = upcomingDueDate(a);
    const dueB = upcomingDueDate(b);
    if (dueA !== dueB) {
      if (dueA === null) return 1;
      if (dueB === null) return -1;
      return dueA < dueB ? -1 : 1;
    }
    return (a.dueMileage ?? Number.POSITIVE_INFINITY) - (b.dueMileage ?? Number.POSITIVE_INFINITY);
  });
}

/** When an open item falls due: its effective due date (D18) and its due mileage. */
type DuePoint = { dueDate: string | null; dueMileage: number | null };

/**
 * The windows the app's places look ahead by, each named where it shows (decision 067). The
 * reminders sent look ahead by the user's own lead (notification settings, `DEFAULT_DUE_SOON`);
 * the dashboard's Upcoming Services lists every open item (D18) and marks only the overdue ones.
 */
export const DUE_WINDOWS = {
  /** D47: the bell counts what is overdue and what is due within 7 days. */
  bell: { days: NOTIFICATION_WINDOW_DAYS, distance: 0 },
  /** 001 §4: the Maintenance view's Due Soon group holds what is due within 14 days. */
  maintenanceView: { days: DUE_SOON_WINDOW_DAYS, distance: 0 },
} as const satisfies Record<string, DueWindow>;

/** Decision 067: what each list of upcoming items holds, said under its heading. */
export const DUE_WINDOW_TEXTS = {
  bell: `Overdue and due within ${NOTIFICATION_WINDOW_DAYS} days`,
  /** D18: the dashboard's Upcoming Services lists every open item. */
  dashboard: 'All open items, soonest first',
} as const;

/**
 * An open item's state on `today` through the one `dueStateOn` (contract/due-state.ts): its
 * effective due date (D18), its due mileage against its vehicle's, and a schedule's predicted
 * date.
 */
export function upcomingItemState(
  item: Pick<UpcomingItem, 'dueDate' | 'date' | 'dueMileage' | 'vehicleMileage' | 'predictedDate'>,
  today: string,
  window: DueWindow,
): DueState {
  return dueStateOn(
    { date: effectiveDueDate(item), odometer: item.dueMileage },
    item.predictedDate,
    item.vehicleMileage,
    today,
    window,
  );
}

/**
 * The one rule of 'overdue' (D33, D47), used by the vehicle card's status line, the bell, the
 * upcoming lists and the Maintenance view: `dueStateOn` says overdue, that is, the due date is
 * before `today` (the due day itself is not overdue), or the vehicle's `mileage` has reached the
 * due mileage.
 */
export function isOverdue(due: DuePoint, mileage: number | null, today: string): boolean {
  const at = { date: due.dueDate, odometer: due.dueMileage };
  return dueStateOn(at, null, mileage, today, OVERDUE_ONLY) === 'overdue';
}

/** `isOverdue` for an upcoming item, which carries its vehicle's mileage. */
export function isUpcomingItemOverdue(
  item: Pick<UpcomingItem, 'dueDate' | 'date' | 'dueMileage' | 'vehicleMileage' | 'predictedDate'>,
  today: string,
): boolean {
  return upcomingItemState(item, today, OVERDUE_ONLY) === 'overdue';
}

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The 10 newest events are listed (D19). */
export const RECENT_ACTIVITY_LIMIT = 10;
export type ActivityItem = z.infer<typeof activityItemSchema>;
export type RecordImage = z.infer<typeof recordImageSchema>;
export type StoredDocument = z.infer<typeof documentSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Completion (001 §4)                                                                         */
/* ------------------------------------------------------------------------------------------ */

/**
 * 001 §4: a record saved from a form is completed when it has no date or its date is today or
 * earlier (`today` in the user's local calendar, D4), scheduled when its date is in the future.
 */
export function isCompletedOnSave(date: string | null | undefined, today: string): boolean {
  return !date || date <= today;
}

/** 001 §4: the record dialog's toggle: true unless the status already reads completed. */
export function toggledCompletion(status: string): boolean {
  return status.trim().toLowerCase() !== 'completed';
}

/* ------------------------------------------------------------------------------------------ */
/* Texts of 001 §8 both sides use (the screens' own copy lives beside them on the web)        */
/* ------------------------------------------------------------------------------------------ */

type Kind = Pick<RecordKind, 'label' | 'noun'>;

/** 001 §8: the delete's toast, which the server answers and the web shows. */
export const RECORD_TOASTS = {
  deleted: (kind: Kind) => `${kind.label} record deleted successfully.`,
} as const;
