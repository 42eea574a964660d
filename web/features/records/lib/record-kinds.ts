/**
 * What differs between the record kinds on the web, stated once (convention 12): the forms'
 * labels and rules, the attachments' layout, how the cost is sent, what a failed upload does, the
 * toasts (001 §8), the create and update calls (001 §7) and the /records view (D27, D28). What
 * the contract's RECORD_KINDS already says (label, noun, collection, categories, due fields) is
 * read from there, not repeated. A new kind is one more entry; a missing one is a type error.
 */
import type { RecordType } from '@contract/records';

/**
 * 001 §2: the order of the add buttons and of the Add New Record dialog's tabs; the first is the
 * main action, and the kind an 'Add Record' button opens on.
 */
export const RECORD_ADD_ORDER: readonly [RecordType, ...RecordType[]] = [
  'repair',
  'maintenance',
  'modification',
];
export const MAIN_ADD_KIND = RECORD_ADD_ORDER[0];

export type RecordFormMode = 'add' | 'edit';
type PerMode<T> = Record<RecordFormMode, T>;

export type ToastText = { title: string; description: string };

/** A save that failed: the toast's title, and its text when the server gave no message. */
type SaveFailedText = {
  title: string;
  fallback: string;
  /**
   * The modification forms say 'Failed to add modification: {status} {message}' and
   * 'Failed to update modification: ...' (001 §8).
   */
  statusPrefix?: string;
};

export type RecordKindOnWeb = {
  /** 001 §5: the vehicle picker's label. */
  vehicleLabel: string;
  /** 001 §5: the title's label on the edit form (the add forms say 'Title'). */
  editTitleLabel: string;
  titlePlaceholder: string;
  /** 001 §5: the message of an empty title on the edit form. */
  titleRequiredMessage: string;
  /** D26: the maintenance add form has no title field; the title is the category. */
  titleFromCategoryOnAdd: boolean;
  /**
   * 001 §5: a category the edit form may leave empty, and what it becomes then; null when the
   * category is required.
   */
  emptyEditCategory: string | null;
  /** 001 §5: a toast said beside the field message when the category is missing. */
  missingCategoryToast: ToastText | null;
  /** 001 §5: the edit form of an undated record starts on today. */
  datesUndatedEditToday: boolean;
  /** 001 §5: the cost sent as text ('0' when empty) rather than a number (null when empty). */
  sendsCostAsText: PerMode<boolean>;
  /** 001 §4: the edit form keeps the record's completion whatever its date. */
  keepsCompletionOnEdit: boolean;
  /** 001 §5: notes end with 'Attached files included.' when a file is attached. */
  notesMentionAttachments: boolean;
  /** 001 §5: one document and one photo ('slots'), or one PDF and any number of photos. */
  attachmentLayout: PerMode<'slots' | 'several'>;
  /** 001 §7: a failed upload stops the form, or the record is saved without the files. */
  uploadFailure: 'stops' | 'savesWithoutFiles';
  /** 001 §8: each form's own success toast. */
  savedToast: PerMode<ToastText>;
  /** 001 §8: each form's own failure toast. */
  saveFailed: PerMode<SaveFailedText>;
  /** 001 §7: created on its vehicle (`/api/vehicles/{id}/{collection}`) rather than user-wide. */
  createsOnVehicle: boolean;
  /** 001 §7: the edit form's call: its method, and whether the path names the vehicle. */
  update: { method: 'PATCH' | 'PUT'; isOnVehicle: boolean };
  /** D27, D28: the body /records shows when its type filter chooses this kind. */
  listView: 'maintenance' | 'modifications' | 'plain';
};

export const RECORD_KINDS_ON_WEB: Record<RecordType, RecordKindOnWeb> = {
  maintenance: {
    vehicleLabel: 'Vehicle*',
    editTitleLabel: 'Title*',
    titlePlaceholder: 'e.g. Front brake pads',
    titleRequiredMessage: 'Title is required',
    titleFromCategoryOnAdd: true,
    emptyEditCategory: null,
    missingCategoryToast: null,
    datesUndatedEditToday: false,
    sendsCostAsText: { add: false, edit: false },
    keepsCompletionOnEdit: true,
    notesMentionAttachments: true,
    attachmentLayout: { add: 'slots', edit: 'several' },
    uploadFailure: 'savesWithoutFiles',
    savedToast: {
      add: { title: 'Maintenance added', description: 'Your maintenance record has been saved.' },
      edit: {
        title: 'Maintenance updated',
        description: 'Your maintenance record has been updated.',
      },
    },
    saveFailed: {
      add: { title: 'Failed to add maintenance', fallback: 'Failed to add maintenance' },
      edit: { title: 'Failed to update maintenance', fallback: 'Failed to update maintenance' },
    },
    createsOnVehicle: false,
    update: { method: 'PATCH', isOnVehicle: false },
    listView: 'maintenance',
  },
  repair: {
    vehicleLabel: 'Vehicle',
    editTitleLabel: 'Title',
    titlePlaceholder: 'e.g. Front brake pads',
    titleRequiredMessage: 'Title is required',
    titleFromCategoryOnAdd: false,
    emptyEditCategory: null,
    missingCategoryToast: null,
    datesUndatedEditToday: false,
    sendsCostAsText: { add: false, edit: false },
    keepsCompletionOnEdit: false,
    notesMentionAttachments: false,
    attachmentLayout: { add: 'slots', edit: 'slots' },
    uploadFailure: 'savesWithoutFiles',
    // 001 §8 words the toast both 'Repair added' / 'Your repair record has been saved.' (and its
    // '... updated' variant) and 'Repair record has been added': the title takes the first, the
    // description the repair form's own (decision 006).
    savedToast: {
      add: { title: 'Repair added', description: 'Repair record has been added' },
      edit: { title: 'Repair updated', description: 'Repair record has been updated' },
    },
    saveFailed: {
      add: { title: 'Failed to add repair record', fallback: 'Failed to add repair' },
      edit: { title: 'Failed to update repair', fallback: 'Failed to update repair record' },
    },
    createsOnVehicle: true,
    update: { method: 'PUT', isOnVehicle: true },
    listView: 'plain',
  },
  modification: {
    vehicleLabel: 'Vehicle',
    editTitleLabel: 'Title',
    titlePlaceholder: 'e.g. Cold air intake',
    titleRequiredMessage: 'Please enter a title for the modification',
    titleFromCategoryOnAdd: false,
    // 001 §5: an edited modification without a category becomes 'Other'.
    emptyEditCategory: 'Other',
    missingCategoryToast: {
      title: 'Form Validation Error',
      description: 'Please select a category for the modification',
    },
    datesUndatedEditToday: true,
    sendsCostAsText: { add: true, edit: false },
    keepsCompletionOnEdit: false,
    notesMentionAttachments: false,
    attachmentLayout: { add: 'slots', edit: 'slots' },
    uploadFailure: 'stops',
    savedToast: {
      add: { title: 'Modification added', description: 'Modification has been added' },
      edit: { title: 'Modification updated', description: 'Modification has been updated' },
    },
    saveFailed: {
      add: {
        title: 'Failed to add modification record',
        fallback: 'Failed to add modification record',
        statusPrefix: 'Failed to add modification',
      },
      edit: {
        title: 'Failed to update modification record',
        fallback: 'Failed to update modification record',
        statusPrefix: 'Failed to update modification',
      },
    },
    createsOnVehicle: false,
    update: { method: 'PUT', isOnVehicle: false },
    listView: 'modifications',
  },
};
