/**
 * What the one record form holds and how it becomes the API's payload, for every kind and both
 * modes (convention 12): the kind's differences come from RECORD_KINDS (contract) and
 * RECORD_KINDS_ON_WEB; the rules of 001 §4, §5 and D26 that use them are written here once. The form keeps text as typed; these functions decide
 * what is sent.
 */
import { amountFromText } from '@contract/common';
import {
  isCompletedOnSave,
  RECORD_KINDS,
  RECORD_MESSAGES,
  type RecordItem,
  type RecordType,
} from '@contract/records';
import { odometerValueSchema } from '@contract/schemas/energy';
import { plainAmount } from '@web/lib/money';
import { z } from 'zod';
import { RECORD_KINDS_ON_WEB, type RecordFormMode } from './record-kinds';

export type RecordFormValues = {
  /** The vehicle picker's choice as text ('' before one is chosen). */
  vehicleId: string;
  category: string;
  title: string;
  description: string;
  cost: string;
  /** `yyyy-MM-dd` or '' (D4). */
  date: string;
  /** Decision 050: the reading at the service as typed, in the vehicle's unit; '' for none. */
  odometer: string;
  location: string;
  technician: string;
  notes: string;
  /** Maintenance edit only (001 §5, D26). */
  dueDate: string;
  dueMileage: string;
};

/** A record being edited: what the form reads back from it. */
export type EditedRecord = Pick<
  RecordItem,
  | 'id'
  | 'type'
  | 'vehicleId'
  | 'title'
  | 'category'
  | 'description'
  | 'cost'
  | 'date'
  | 'odometer'
  | 'location'
  | 'technician'
  | 'notes'
  | 'isCompleted'
  | 'dueDate'
  | 'dueMileage'
  | 'fileUrl'
  | 'imageUrl'
>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The category list the form offers: the add and edit lists differ for modifications (001 §9). */
export function formCategories(type: RecordType, mode: RecordFormMode, current?: string) {
  const list: string[] = [...RECORD_KINDS[type].formCategories[mode]];
  // A record saved from the other modification list keeps its category selectable.
  if (current && !list.includes(current)) list.push(current);
  return list;
}

/**
 * The starting values: empty with the preselected vehicle (add), or the record's (edit). 001 §5:
 * the modification edit form's date defaults to today.
 */
export function recordFormDefaults(
  type: RecordType,
  mode: RecordFormMode,
  { record, vehicleId, today }: { record?: EditedRecord; vehicleId?: number; today: string },
): RecordFormValues {
  const datesToday = mode === 'edit' && RECORD_KINDS_ON_WEB[type].datesUndatedEditToday;
  const date = record?.date ?? (datesToday ? today : '');
  return {
    vehicleId: text(record?.vehicleId ?? vehicleId),
    category: text(record?.category),
    title: text(record?.title),
    description: text(record?.description),
    cost: text(record?.cost),
    date: text(date),
    odometer: text(record?.odometer),
    location: text(record?.location),
    technician: text(record?.technician),
    notes: text(record?.notes),
    dueDate: text(record?.dueDate),
    dueMileage: text(record?.dueMileage),
  };
}

/**
 * 001 §5: the cost each form sends. The modification add form sends text and turns an empty
 * cost into '0'; every other form sends a number and turns an empty cost into null.
 */
export function costToSend(
  type: RecordType,
  mode: RecordFormMode,
  typed: string,
): string | number | null {
  const plain = plainAmount(typed);
  if (RECORD_KINDS_ON_WEB[type].sendsCostAsText[mode]) return plain === '' ? '0' : plain;
  return plain === '' ? null : Number(plain);
}

/**
 * 001 §4: completed when there is no date or the date is today or earlier (`today` in the user's
 * local calendar, D4); scheduled when it is in the future. Editing maintenance keeps the state
 * the record has.
 */
export function completionOnSave(
  type: RecordType,
  mode: RecordFormMode,
  date: string,
  today: string,
  existing?: Pick<EditedRecord, 'isCompleted'>,
): boolean {
  if (mode === 'edit' && RECORD_KINDS_ON_WEB[type].keepsCompletionOnEdit && existing) {
    return existing.isCompleted;
  }
  return isCompletedOnSave(date || null, today);
}

/** 001 §5: a maintenance record with an attached file says so in its notes (once). */
export function notesWithAttachmentNote(notes: string, hasAttachment: boolean): string {
  const trimmed = notes.trim();
  const note = RECORD_MESSAGES.attachedFilesNote;
  if (!hasAttachment || trimmed.endsWith(note)) return trimmed;
  return trimmed === '' ? note : `${trimmed}\n${note}`;
}

export type Attachments = { fileUrl?: string | null; imageUrl?: string | null };

/**
 * The body of the create or update call (001 §7). Maintenance added from the form takes its
 * title from the category and has no due date or mileage (001 §4, D26); the edit forms keep
 * what was entered. A modification edited without a category becomes 'Other' (001 §5).
 * Attachments are sent only when a file was uploaded, so an edit keeps the ones it had.
 */
export function toRecordPayload(
  values: RecordFormValues,
  {
    type,
    mode,
    today,
    record,
    attachments = {},
  }: {
    type: RecordType;
    mode: RecordFormMode;
    today: string;
    record?: EditedRecord;
    attachments?: Attachments;
  },
): Record<string, unknown> {
  const kind = RECORD_KINDS_ON_WEB[type];
  const emptyCategory = mode === 'edit' ? kind.emptyEditCategory : null;
  const category =
    emptyCategory !== null && values.category.trim() === '' ? emptyCategory : values.category;
  const hasAttachment = !!(attachments.fileUrl || attachments.imageUrl);
  const payload: Record<string, unknown> = {
    vehicleId: Number(values.vehicleId),
    category,
    title: mode === 'add' && kind.titleFromCategoryOnAdd ? category : values.title.trim(),
    description: values.description.trim(),
    cost: costToSend(type, mode, values.cost),
    date: values.date === '' ? null : values.date,
    odometer: odometerToSend(values.odometer),
    location: values.location.trim(),
    technician: values.technician.trim(),
    notes: kind.notesMentionAttachments
      ? notesWithAttachmentNote(values.notes, hasAttachment)
      : values.notes.trim(),
    isCompleted: completionOnSave(type, mode, values.date, today, record),
  };
  if (RECORD_KINDS[type].hasDue) {
    if (mode === 'add') {
      payload.dueDate = null;
      payload.dueMileage = null;
    } else {
      payload.dueDate = values.dueDate === '' ? null : values.dueDate;
      payload.dueMileage = values.dueMileage.trim() === '' ? null : values.dueMileage.trim();
    }
  }
  if (attachments.fileUrl) payload.fileUrl = attachments.fileUrl;
  if (attachments.imageUrl) payload.imageUrl = attachments.imageUrl;
  return payload;
}

/**
 * Decision 050: the odometer every form sends, as the contract reads it ('45,210' → 45210), and
 * null when empty, so that clearing it on an edit removes the record's reading.
 */
export function odometerToSend(typed: string): number | null {
  return odometerValueSchema.parse(typed) ?? null;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const isWholeMileage = (mileage: number) => Number.isInteger(mileage) && mileage >= 0;

/** 001 §5: the form's own checks, with the spec's messages; the server judges the rest (D40). */
export function recordFormSchema(type: RecordType, mode: RecordFormMode) {
  const kind = RECORD_KINDS_ON_WEB[type];
  const categoryRequired = !(mode === 'edit' && kind.emptyEditCategory !== null);
  return z.object({
    vehicleId: z.string().min(1, RECORD_MESSAGES.vehicleRequired),
    category: categoryRequired
      ? z.string().trim().min(1, RECORD_MESSAGES.categoryRequired)
      : z.string(),
    title: mode === 'edit' ? z.string().trim().min(1, kind.titleRequiredMessage) : z.string(),
    description: z.string(),
    cost: z.string().refine((value) => {
      const plain = plainAmount(value);
      return plain === '' || AMOUNT.test(plain);
    }, 'Please enter a valid amount'),
    date: z.string(),
    // Decision 050: judged by the contract's own schema of a record's odometer, with its message.
    odometer: z.string().superRefine((value, context) => {
      const judged = odometerValueSchema.safeParse(value);
      for (const issue of judged.error?.issues.slice(0, 1) ?? []) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
    }),
    location: z.string(),
    technician: z.string(),
    notes: z.string(),
    dueDate: z.string(),
    dueMileage: z.string().refine(
      // Decision 047: read as the server reads it.
      (value) => value.trim() === '' || isWholeMileage(amountFromText(value)),
      RECORD_MESSAGES.dueMileage,
    ),
  });
}
