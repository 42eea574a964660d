/**
 * The record screens' own copy (001 §2, §5, §8), verbatim: the /records page, the record card
 * and dialogs, the legacy views, the forms, and the record widgets of the dashboard and the
 * vehicle page. Only the web shows these texts, so they live here rather than in the contract;
 * what differs per kind is in record-kinds.ts.
 */

import { RECORDS_PAGE_HEADING } from '@contract/page-headings';
import type { RecordKind } from '@contract/records';

type Kind = Pick<RecordKind, 'label' | 'noun'>;

/**
 * 001 §8: the toasts of the record dialog's completion toggle and of the delete (the delete's
 * success text, RECORD_TOASTS.deleted, is the server's answer and stays in the contract). 001 §8
 * also lists 'Invalid record data for deletion' and 'Invalid record type for deletion': the
 * dialogs delete only a loaded record of a known kind, so neither can be said.
 */
export const RECORD_CHANGE_TOASTS = {
  recordUpdated: 'Record updated',
  recordUpdateFailed: 'Failed to update record',
  deletedTitle: 'Success',
  errorTitle: 'Error',
  deleteFailed: (kind: Kind) => `Failed to delete the ${kind.noun} record.`,
  deleteUnexpected: (kind: Kind) =>
    `An unexpected error occurred while deleting the ${kind.noun} record.`,
} as const;

/** 001 §8: empty and load states of the record widgets. */
export const RECORD_STATE_TEXTS = {
  activityLoadFailed: 'Unable to load recent activity.',
  tryAgainLater: 'Please try again later.',
  noActivity: 'No recent activity to display.',
  upcomingLoadFailed: 'Unable to load upcoming services.',
  noUpcoming: 'No upcoming services scheduled.',
  noRecordData: 'No record data available',
  noImage: 'No image available',
} as const;

/**
 * The upcoming lists (000 §2's bell, the dashboard's Upcoming Services, a vehicle's Upcoming
 * Maintenance): when each item is due (000 §2's 'Due: date', D47's mileage) and its mark.
 */
export const UPCOMING_TEXTS = {
  /** D47: an overdue item is listed first under this mark. */
  overdue: 'Overdue',
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
  confirmDeletion: (kind: Pick<Kind, 'noun'>) =>
    `Are you sure you want to delete this ${kind.noun} record?`,
  cannotBeUndone: 'This action cannot be undone.',
  addNewRecord: 'Add New Record',
} as const;

/**
 * 001 §2: the /records page (its record cards are the spec's 'My Records' card variant, with type
 * chips, search and filters).
 */
export const RECORDS_PAGE_TEXTS = {
  title: RECORDS_PAGE_HEADING.title,
  subtitle: RECORDS_PAGE_HEADING.description,
  searchPlaceholder: 'Search records...',
  allTypes: 'All Types',
  allRecords: 'All Records',
  noRecordsFound: 'No records found',
  addFirstRecord: 'Add your first record to get started',
  adjustFilters: 'Try adjusting your filters',
  noSearchMatch: 'No records match your search.',
  viewAllServices: 'View All Services',
} as const;

/** Decision 033: the record card's attachment markers, as a screen reader reads them. */
export const RECORD_ATTACHMENT_TEXTS = {
  pdf: 'PDF attached',
  photos: (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`,
} as const;

/** 001 §2, §5: the record forms. */
export const RECORD_FORM_TEXTS = {
  saving: 'Saving...',
  updating: 'Updating...',
  dateShortcuts: ['Today', 'Yesterday', 'Last Week', 'Last Month'],
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
  /** Decision 054: the service schedules' next occurrences under a group's records. */
  fromSchedules: 'From service schedules',
  /** D16: marks an open maintenance item completed. */
  complete: 'Complete',
  /** 001 §4: modifications not completed, and completed. */
  inProgress: 'In Progress',
  completed: 'Completed',
  /** D27: the Documents view. */
  documents: 'Documents',
} as const;
