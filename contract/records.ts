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
import {
  MAINTENANCE_CATEGORIES,
  MODIFICATION_ADD_CATEGORIES,
  MODIFICATION_CATEGORIES,
  MODIFICATION_EDIT_CATEGORIES,
  REPAIR_CATEGORIES,
} from './categories';
import { type DueState, type DueWindow, dueStateOn, OVERDUE_ONLY } from './due-state';
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
import { MAX_VEHICLE_IMAGES } from './vehicles';

/**
 * Decision 041: a record holds at most as many images as a vehicle (001 §9), one rule for both
 * galleries; the record's own photo is not one of them.
 */
export const MAX_RECORD_IMAGES = MAX_VEHICLE_IMAGES;

/** The three kinds of record a user keeps (001 §3). */
export const RECORD_TYPES = ['maintenance', 'repair', 'modification'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** What one record kind is, for the screens and for the server's one path through the kinds. */
export type RecordKind = {
  type: RecordType;
  /** The API collection (`/api/{collection}`, `/api/vehicles/{id}/{collection}`) and its table. */
  collection: 'maintenance' | 'repairs' | 'modifications';
  /** 001 §2: the add buttons and the Add New Record dialog's tabs. */
  label: string;
  /** 001 §2: the /records type filter. */
  plural: string;
  /** 001 §2: the record card's type badge and the vehicle detail page's tab. */
  badge: string;
  /** 001 §2, §8: the word inside sentences ('Are you sure you want to delete this … record?'). */
  noun: string;
  /** 001 §9: the categories the server accepts for this kind. */
  categories: readonly string[];
  /** 001 §9: the category list each form offers (the modification forms differ). */
  formCategories: { add: readonly string[]; edit: readonly string[] };
  /** 001 §3: maintenance alone has `dueDate` and `dueMileage`. */
  hasDue: boolean;
  /**
   * D48: a running cost of the vehicle, counted (once completed) in its cost per distance;
   * a modification is an investment, not a running cost.
   */
  isRunningCost: boolean;
  /** 001 §2, §4: the word for a record not completed in this kind's detail view. */
  pendingLabel: 'Scheduled' | 'Planned';
  /** 001 §2: the empty state of this kind's tab on the vehicle detail page. */
  emptyTitle: string;
};

export const RECORD_KINDS = {
  maintenance: {
    type: 'maintenance',
    collection: 'maintenance',
    label: 'Maintenance',
    plural: 'Maintenance',
    badge: 'Maintenance',
    noun: 'maintenance',
    categories: MAINTENANCE_CATEGORIES,
    formCategories: { add: MAINTENANCE_CATEGORIES, edit: MAINTENANCE_CATEGORIES },
    hasDue: true,
    isRunningCost: true,
    pendingLabel: 'Scheduled',
    emptyTitle: 'No Maintenance Records',
  },
  repair: {
    type: 'repair',
    collection: 'repairs',
    label: 'Repair',
    plural: 'Repairs',
    badge: 'Repairs',
    noun: 'repair',
    categories: REPAIR_CATEGORIES,
    formCategories: { add: REPAIR_CATEGORIES, edit: REPAIR_CATEGORIES },
    hasDue: false,
    isRunningCost: true,
    pendingLabel: 'Planned',
    emptyTitle: 'No Repair Records',
  },
  modification: {
    type: 'modification',
    collection: 'modifications',
    label: 'Modification',
    plural: 'Modifications',
    badge: 'Mods',
    noun: 'modification',
    // 001 §9: both readings of the modification list are kept.
    categories: MODIFICATION_CATEGORIES,
    formCategories: { add: MODIFICATION_ADD_CATEGORIES, edit: MODIFICATION_EDIT_CATEGORIES },
    hasDue: false,
    isRunningCost: false,
    pendingLabel: 'Planned',
    emptyTitle: 'No Modifications',
  },
} as const satisfies Record<RecordType, RecordKind>;

/** 001 §2: the All Records tab's empty state. */
export const ALL_RECORDS_EMPTY_TITLE = 'No Records';

/**
 * A record type from a path segment, a query parameter or a stored value: the kinds, their
 * plurals, 'mod'/'mods', and (001 §3) any legacy value starting with 'maint' read as maintenance.
 * Null for anything else.
 */
export function recordTypeOf(value: string): RecordType | null {
  const normalized = value.trim().toLowerCase();
  if (normalized.startsWith('maint')) return 'maintenance';
  if (normalized === 'repair' || normalized === 'repairs') return 'repair';
  if (['modification', 'modifications', 'mod', 'mods'].includes(normalized)) return 'modification';
  return null;
}

/** An upcoming item's type: a record kind, or 'other' (001 §3). */
export const UPCOMING_ITEM_TYPES = [...RECORD_TYPES, 'other'] as const;
export type UpcomingItemType = (typeof UPCOMING_ITEM_TYPES)[number];

/** 000 §9: the bell counts items due from today to today + 7 days. */
const NOTIFICATION_WINDOW_DAYS = 7;
/** 001 §4, §9: the Maintenance page's Due Soon group holds open items due within 14 days. */
const DUE_SOON_WINDOW_DAYS = 14;

/* ------------------------------------------------------------------------------------------ */
/* Messages of the forms and the server (001 §5, D9, D40)                                      */
/* ------------------------------------------------------------------------------------------ */

export const RECORD_MESSAGES = {
  categoryRequired: 'Category is required',
  unknownCategory: 'Please choose a category from the list',
  vehicleRequired: 'No vehicle selected. Please select a vehicle.',
  dueMileage: 'Due mileage must be a whole number of miles',
  isCompleted: 'isCompleted must be true or false',
  recordNotFound: 'Record not found',
  fileNotFound: 'File not found',
  unknownRecordType: 'Unknown record type',
  tooManyImages: `A record can hold up to ${MAX_RECORD_IMAGES} images`,
  /** 001 §5: appended to a maintenance record's notes when a file is attached. */
  attachedFilesNote: 'Attached files included.',
} as const;

/** A validated create body of any kind (repairs and modifications never carry the due fields). */
export type RecordPayload = z.output<(typeof recordInputSchemas)['maintenance']>;
export type RecordUpdatePayload = z.output<(typeof recordUpdateSchemas)['maintenance']>;
export type RecordItem = z.infer<typeof recordSchema>;

/** 001 §4: a record is Completed, or Pending until then. */
export const RECORD_STATUSES = ['Completed', 'Pending'] as const;
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

/** D19: the events of the recent activity list. */
export const ACTIVITY_TYPES = [
  'vehicle_added',
  'maintenance_added',
  'maintenance_completed',
  'repair_added',
  'repair_completed',
  'modification_added',
  'modification_completed',
] as const;
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
