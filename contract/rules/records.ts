/**
 * What the schemas check with of `records.ts`: its constants and texts, below both (decision 071).
 * The schemas import them from here and `records.ts` passes on those its readers use, so a file
 * and its schema never import each other.
 */
import {
  MAINTENANCE_CATEGORIES,
  MODIFICATION_ADD_CATEGORIES,
  MODIFICATION_CATEGORIES,
  MODIFICATION_EDIT_CATEGORIES,
  REPAIR_CATEGORIES,
} from '../categories';
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

/** 001 §4: a record is Completed, or Pending until then. */
export const RECORD_STATUSES = ['Completed', 'Pending'] as const;

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
