/**
 * Records: maintenance, repairs and modifications (001 §2–§5, §7–§9). The three kinds share one
 * path (architecture convention 12): what differs between them is the small description in
 * RECORD_KINDS, and one input schema (`schemas/records.ts`) is built from shared pieces plus
 * those differences. Also
 * here: every answer of the record calls (a record, the unified record view, the upcoming item of
 * D18, the recent activity of D19, record images and documents) and the record texts of 001 §2,
 * §5 and §8, so that server and web use them verbatim.
 */

import type { z } from 'zod';
import {
  MAINTENANCE_CATEGORIES,
  MODIFICATION_ADD_CATEGORIES,
  MODIFICATION_CATEGORIES,
  MODIFICATION_EDIT_CATEGORIES,
  REPAIR_CATEGORIES,
} from './categories';
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
export const NOTIFICATION_WINDOW_DAYS = 7;
/** 001 §4, §9: the Maintenance page's Due Soon group holds open items due within 14 days. */
export const DUE_SOON_WINDOW_DAYS = 14;

/* ------------------------------------------------------------------------------------------ */
/* Messages of the forms and the server (001 §5, D9, D40)                                      */
/* ------------------------------------------------------------------------------------------ */

export const RECORD_MESSAGES = {
  categoryRequired: 'Category is required',
  unknownCategory: 'Please choose a category from the list',
  vehicleRequired: 'No vehicle selected. Please select a vehicle.',
  dueMileage: 'Due mileage must be a whole number of miles',
  isCompleted: 'isCompleted must be true or false',
  modificationCategoryToast: 'Please select a category for the modification',
  modificationTitleRequired: 'Please enter a title for the modification',
  titleRequired: 'Title is required',
  recordNotFound: 'Record not found',
  fileNotFound: 'File not found',
  unknownRecordType: 'Unknown record type',
  /** 001 §5: appended to a maintenance record's notes when a file is attached. */
  attachedFilesNote: 'Attached files included.',
} as const;

export type RecordInput = z.input<(typeof recordInputSchemas)['maintenance']>;
/** A validated create body of any kind (repairs and modifications never carry the due fields). */
export type RecordPayload = z.output<(typeof recordInputSchemas)['maintenance']>;
export type RecordUpdatePayload = z.output<(typeof recordUpdateSchemas)['maintenance']>;
export type RecordItem = z.infer<typeof recordSchema>;

/** 001 §4: a record is Completed, or Pending until then. */
export const RECORD_STATUSES = ['Completed', 'Pending'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

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
/* Texts of 001 §2 and §8                                                                      */
/* ------------------------------------------------------------------------------------------ */

type Kind = Pick<RecordKind, 'label' | 'noun'>;

/** 001 §8: the record toasts, verbatim. `{Type}` is the kind's label, `{type}` its noun. */
export const RECORD_TOASTS = {
  /** 'Repair added' / 'Your repair record has been saved.' (likewise Maintenance, Modification). */
  added: (kind: Kind) => ({
    title: `${kind.label} added`,
    description: `Your ${kind.noun} record has been saved.`,
  }),
  /** The spec's '... updated' variants: 'Repair updated' / 'Your repair record has been updated.' */
  updated: (kind: Kind) => ({
    title: `${kind.label} updated`,
    description: `Your ${kind.noun} record has been updated.`,
  }),
  /** The forms' own wording (001 §8). */
  modificationAdded: 'Modification has been added',
  modificationUpdated: 'Modification has been updated',
  maintenanceAdded: 'Maintenance added',
  maintenanceUpdated: 'Maintenance updated',
  repairAdded: 'Repair record has been added',
  repairUpdated: 'Repair record has been updated',
  /** The record dialog's completion toggle. */
  recordUpdated: 'Record updated',
  recordUpdateFailed: 'Failed to update record',
  deletedTitle: 'Success',
  deleted: (kind: Kind) => `${kind.label} record deleted successfully.`,
  errorTitle: 'Error',
  invalidDeleteData: 'Invalid record data for deletion',
  invalidDeleteType: 'Invalid record type for deletion',
  deleteFailed: (kind: Kind) => `Failed to delete the ${kind.noun} record.`,
  deleteUnexpected: (kind: Kind) =>
    `An unexpected error occurred while deleting the ${kind.noun} record.`,
  /** A vehicle-scoped delete that answered non-OK (001 §7). */
  deleteCallFailed: (kind: Kind) => `Failed to delete ${kind.noun}`,
  updateMaintenanceFailed: 'Failed to update maintenance',
  updateRepairFailed: 'Failed to update repair',
  formValidationError: 'Form Validation Error',
} as const;

/** 001 §8: what the record forms say when a save or an upload fails. */
export const RECORD_FAILURES = {
  uploadFiles: 'Failed to upload files',
  uploadFilesRetry: 'Failed to upload files. Please try again.',
  /** 001 §7: the modification form stops here; maintenance and repair continue without files. */
  fileUploadFailed: 'File upload failed',
  /** 'Failed to add modification: {status} {body}' or 'Failed to update modification: ...' */
  addModification: (status: number, body: string) =>
    `Failed to add modification: ${status} ${body}`,
  updateModification: (status: number, body: string) =>
    `Failed to update modification: ${status} ${body}`,
  /** The PATCH form's non-OK answer (001 §7). */
  updateModificationShort: 'Failed to update modification',
  addModificationRecord: 'Failed to add modification record',
  updateModificationRecord: 'Failed to update modification record',
  addRepair: 'Failed to add repair',
  addRepairRecord: 'Failed to add repair record',
  updateRepairRecord: 'Failed to update repair record',
  addMaintenance: 'Failed to add maintenance',
  updateMaintenance: 'Failed to update maintenance',
} as const;

/** 001 §8: empty and load states of the record widgets. */
export const RECORD_STATE_TEXTS = {
  activityLoadFailed: 'Unable to load recent activity.',
  tryAgainLater: 'Please try again later.',
  noActivity: 'No recent activity to display.',
  upcomingLoadFailed: 'Unable to load upcoming services.',
  noUpcoming: 'No upcoming services scheduled.',
  noRecordData: 'No record data available',
  unknownDate: 'Unknown date',
  noImage: 'No image available',
  /** 001 §2: the debug pages. */
  noMaintenanceRecords: 'No maintenance records found.',
  debugError: (status: number, statusText: string) => `Error ${status}: ${statusText}`,
  debugFetchFailed: (status: number) => `Failed to fetch: ${status}`,
} as const;

/** 001 §2: the record dialog and the record delete confirmation. */
export const RECORD_DIALOG_TEXTS = {
  basicInformation: 'Basic Information',
  serviceInformation: 'Service Information',
  notScheduled: 'Not scheduled',
  notSpecified: 'Not specified',
  viewDocument: 'View',
  addImage: 'Add Image',
  close: 'Close',
  editRecord: 'Edit Record',
  delete: 'Delete',
  completed: 'Completed',
  pending: 'Pending',
  confirmDeletionTitle: 'Confirm Deletion',
  confirmDeletion: (kind: Pick<RecordKind, 'noun'>) =>
    `Are you sure you want to delete this ${kind.noun} record?`,
  cannotBeUndone: 'This action cannot be undone.',
  addNewRecord: 'Add New Record',
} as const;

/** 001 §2: the /records page. */
export const RECORDS_PAGE_TEXTS = {
  title: 'Records',
  subtitle: 'View and manage your vehicle records',
  searchPlaceholder: 'Search records...',
  allTypes: 'All Types',
  allRecords: 'All Records',
  myRecords: 'My Records',
  noRecordsFound: 'No records found',
  addFirstRecord: 'Add your first record to get started',
  adjustFilters: 'Try adjusting your filters',
  noSearchMatch: 'No records match your search.',
  viewAllServices: 'View All Services',
} as const;

/** 001 §2, §5: the record forms. */
export const RECORD_FORM_TEXTS = {
  saving: 'Saving...',
  updating: 'Updating...',
  maintenanceEditTitleLabel: 'Title*',
  dateShortcuts: ['Today', 'Yesterday', 'Last Week', 'Last Month'],
  /** 001 §2: the date picker's earliest day (D29 adds the latest). */
  earliestDate: '1900-01-01',
} as const;

/** 001 §5: the record dialog's Add Image checks, and the caption it sets. */
export const RECORD_IMAGE_TEXTS = {
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file (JPEG, PNG, etc.)',
  tooLargeTitle: 'File too large',
  tooLarge: 'Please select an image smaller than 5MB',
  captionPrefix: 'Added on',
  fetchFailed: 'Failed to fetch record images',
} as const;

/** 001 §2, D27, D28: the legacy pages' views, shown in /records for their type. */
export const RECORD_VIEW_TEXTS = {
  /** The Maintenance view's tabs. */
  upcomingTab: 'Upcoming',
  historyTab: 'History',
  allTab: 'All',
  /** 001 §4: the groups of open maintenance. */
  overdue: 'Overdue',
  dueSoon: 'Due Soon',
  upcoming: 'Upcoming',
  /** D16: marks an open maintenance item completed. */
  complete: 'Complete',
  /** 001 §4: modifications not completed, and completed. */
  inProgress: 'In Progress',
  completed: 'Completed',
  /** D27: the Documents view. */
  documents: 'Documents',
  recordAttachment: 'Record attachment',
} as const;
