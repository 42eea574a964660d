/**
 * The zod schemas of `records.ts`: what the server validates with, the API description is
 * generated from and the forms check before they send. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import { amountFromText, ID_MAX, TEXT_LIMITS } from '../rules/common';
import {
  ACTIVITY_TYPES,
  RECORD_KINDS,
  RECORD_MESSAGES,
  RECORD_STATUSES,
  RECORD_TYPES,
  type RecordType,
  recordTypeOf,
  UPCOMING_ITEM_TYPES,
} from '../rules/records';
import { DISTANCE_UNITS } from '../rules/units';
import { MILEAGE_MAX } from '../rules/vehicles';
import {
  attachmentUrlSchema,
  idSchema,
  limitedText,
  optionalCalendarDateSchema,
  optionalMoneySchema,
} from './common';
import { confirmOdometerSchema, odometerValueSchema } from './energy';

/** A record type as text (a path segment or a query parameter), read by `recordTypeOf`. */
export const recordTypeTextSchema = z
  .string()
  .transform((value, context) => {
    const type = recordTypeOf(value);
    if (type === null) {
      context.addIssue({ code: 'custom', message: RECORD_MESSAGES.unknownRecordType });
      return z.NEVER;
    }
    return type;
  })
  .meta({
    // The API description lists the kinds; their plurals, 'mod', 'mods' and older 'maint…'
    // values are taken too, in any case, for the clients that send them.
    enum: [...RECORD_TYPES],
  });

/* ------------------------------------------------------------------------------------------ */
/* The input: one schema, built per kind                                                       */
/* ------------------------------------------------------------------------------------------ */

export const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** Optional text: '' and whitespace mean "none" (null); longer than `max` is refused (D40). */
export const optionalText = (label: string, max: number) =>
  z.preprocess(emptyToNull, limitedText(label, max).nullable().optional());

/**
 * 001 §5: the vehicle picker is required; a vehicle id given as text is converted to a number
 * (spaces around the digits, as a form may send them, are left out).
 */
const vehicleIdSchema = z
  .preprocess(
    (value) =>
      emptyToNull(value) === null ? undefined : typeof value === 'string' ? value.trim() : value,
    z
      .any()
      .refine((value) => value !== undefined, RECORD_MESSAGES.vehicleRequired)
      .pipe(idSchema),
  )
  .meta({
    // What the API description shows: the id as `idSchema` takes it, or its digits as text.
    anyOf: [
      { type: 'integer', exclusiveMinimum: 0, maximum: ID_MAX },
      { type: 'string', pattern: '^\\s*\\d+\\s*$' },
    ],
  });

/**
 * 001 §5, §9: a category is required and must be one of the kind's list. Matched whatever its
 * case and stored as the list spells it.
 */
export function categorySchema(categories: readonly string[]) {
  return (
    z
      .string({ message: RECORD_MESSAGES.categoryRequired })
      .trim()
      .min(1, RECORD_MESSAGES.categoryRequired)
      .transform((value, context) => {
        const match = categories.find((category) => category.toLowerCase() === value.toLowerCase());
        if (match === undefined) {
          context.addIssue({ code: 'custom', message: RECORD_MESSAGES.unknownCategory });
          return z.NEVER;
        }
        return match;
      })
      // The API description lists the categories as spelled; any case is taken.
      .meta({ enum: [...categories] })
  );
}

/** 001 §5: due mileage is entered as text, converted to an integer, null when empty. */
const dueMileageSchema = z.preprocess((value) => {
  const empty = emptyToNull(value);
  return typeof empty === 'string' ? amountFromText(empty) : empty;
}, z
  .number({ message: RECORD_MESSAGES.dueMileage })
  .int(RECORD_MESSAGES.dueMileage)
  .min(0, RECORD_MESSAGES.dueMileage)
  .max(MILEAGE_MAX, RECORD_MESSAGES.dueMileage)
  .nullable()
  .optional());

/** The fields every kind has (001 §3, §7, D25), with the kind's category list. */
function sharedRecordFields(kind: RecordType) {
  return {
    vehicleId: vehicleIdSchema,
    category: categorySchema(RECORD_KINDS[kind].categories),
    title: optionalText('Title', TEXT_LIMITS.title),
    description: optionalText('Description', TEXT_LIMITS.description),
    // D3: a number or a numeric string, kept to the cent; '' means none.
    cost: optionalMoneySchema,
    // D4: yyyy-MM-dd between 1900-01-01 and 2100-12-31; '' means none.
    date: optionalCalendarDateSchema,
    location: optionalText('Location', TEXT_LIMITS.location),
    technician: optionalText('Technician', TEXT_LIMITS.technician),
    notes: optionalText('Notes', TEXT_LIMITS.notes),
    isCompleted: z.boolean({ message: RECORD_MESSAGES.isCompleted }).optional(),
    fileUrl: attachmentUrlSchema,
    imageUrl: attachmentUrlSchema,
    // Decision 050: the odometer at the service, in the vehicle's unit; '' means none.
    odometer: odometerValueSchema,
    confirmOdometer: confirmOdometerSchema,
  };
}

/** 001 §3: maintenance's own fields. */
const dueFields = {
  dueDate: optionalCalendarDateSchema,
  dueMileage: dueMileageSchema,
  /**
   * Decision 054: the service schedule (of the same vehicle) this record is the work of, given
   * when it is created. Saved completed, it moves the schedule on from its date and odometer.
   */
  scheduleId: idSchema.nullable().optional(),
};

/**
 * The body of every create of 001 §7, per kind (on a vehicle-scoped path the path gives the
 * vehicle): the shared fields, plus maintenance's due fields (RECORD_KINDS[kind].hasDue). Fields
 * left out are empty; fields a kind does not have are ignored, like any unknown field.
 */
export const recordInputSchemas = {
  maintenance: z.object({ ...sharedRecordFields('maintenance'), ...dueFields }),
  repair: z.object(sharedRecordFields('repair')),
  modification: z.object(sharedRecordFields('modification')),
} as const satisfies Record<RecordType, z.ZodObject>;

/** The body of a vehicle-scoped create: `POST /api/vehicles/{vehicleId}/{collection}` names it. */
export const vehicleRecordInputSchemas = {
  maintenance: recordInputSchemas.maintenance.omit({ vehicleId: true }),
  repair: recordInputSchemas.repair.omit({ vehicleId: true }),
  modification: recordInputSchemas.modification.omit({ vehicleId: true }),
} as const;

/** The body of every update and completion toggle of 001 §7: a field left out stays as it is. */
export const recordUpdateSchemas = {
  // Decision 054: a record is linked to its schedule when it is created, never later.
  maintenance: recordInputSchemas.maintenance.omit({ scheduleId: true }).partial(),
  repair: recordInputSchemas.repair.partial(),
  modification: recordInputSchemas.modification.partial(),
} as const;

/* ------------------------------------------------------------------------------------------ */
/* Answers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** A `yyyy-MM-dd` calendar date as the API answers it (D4). */
const dateSchema = z.string().nullable();

/** D49: what the record's vehicle's odometer shows; its mileages are in it. */
const odometerUnitSchema = z.enum(DISTANCE_UNITS).meta({
  description:
    'The unit the vehicle’s odometer shows (`mi` or `km`): `dueMileage`, `odometer` and `vehicleMileage` are in it.',
});

/** A record as the create, update and list calls answer it (001 §3, D25). */
export const recordSchema = z.object({
  id: z.number(),
  type: z.enum(RECORD_TYPES),
  vehicleId: z.number(),
  /** "{year} {make} {model}" (001 §3: read lists carry vehicleName). */
  vehicleName: z.string(),
  title: z.string().nullable(),
  category: z.string(),
  description: z.string().nullable(),
  /** D3: dollars as a number, null when missing. */
  cost: z.number().nullable(),
  date: dateSchema,
  location: z.string().nullable(),
  technician: z.string().nullable(),
  notes: z.string().nullable(),
  fileUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Decision 033: the record's photo and its record images, counted. */
  photoCount: z.number(),
  isCompleted: z.boolean(),
  /** D19: when it was last marked completed, ISO time; null while open. */
  completedAt: z.string().nullable(),
  addedAt: z.string(),
  /** Maintenance only; null for repairs and modifications. */
  dueDate: dateSchema,
  dueMileage: z.number().nullable(),
  /** Decision 050: the odometer at the service, in the vehicle's unit; null when not given. */
  odometer: z.number().nullable(),
  /** D49: the unit the vehicle's odometer shows, which `dueMileage` and `odometer` are in. */
  odometerUnit: odometerUnitSchema,
});
export const recordsSchema = z.array(recordSchema);

/** 001 §3 unified record view: `GET /api/records`, the /records page's list. */
export const unifiedRecordSchema = z.object({
  id: z.number(),
  type: z.enum(RECORD_TYPES),
  /** 'Untitled' when the record has none. */
  title: z.string(),
  date: dateSchema,
  vehicleId: z.number(),
  /** The vehicle label, "{year} {make} {model}". */
  vehicleName: z.string(),
  cost: z.number().nullable(),
  category: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  location: z.string().nullable(),
  technician: z.string().nullable(),
  fileUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Decision 033: the record's photo and its record images, counted. */
  photoCount: z.number(),
  isCompleted: z.boolean(),
  status: z.enum(RECORD_STATUSES),
  dueDate: dateSchema,
  dueMileage: z.number().nullable(),
  /** Decision 050: the odometer at the service, in the vehicle's unit. */
  odometer: z.number().nullable(),
  /** D49: the unit the vehicle's odometer shows, which `dueMileage` and `odometer` are in. */
  odometerUnit: odometerUnitSchema,
  addedAt: z.string(),
});
export const unifiedRecordsSchema = z.array(unifiedRecordSchema);

/** `GET /api/records?type=`: one kind only, named as recordTypeOf reads it. */
export const recordsQuerySchema = z.object({
  type: recordTypeTextSchema.optional(),
});

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
  /**
   * The vehicle's current mileage (null when unknown): an item due by mileage is overdue once it
   * reaches `dueMileage`, and its due text says how far away that is (D47).
   */
  vehicleMileage: z.number().nullable(),
  /** D49: the unit the vehicle's odometer shows, which `dueMileage` and `vehicleMileage` are in. */
  odometerUnit: odometerUnitSchema,
  /** D3: dollars as a number, null when missing. */
  cost: z.number().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  fileUrl: z.string().nullable(),
  isCompleted: z.boolean(),
  /**
   * Decision 054: the service schedule whose next occurrence this item is (its `id` is then the
   * schedule's), or null for an open record.
   */
  scheduleId: z.number().nullable(),
  /** The schedule's occurrence (its count of completions); null for a record. */
  occurrence: z.number().nullable(),
  /** When recent driving reaches a schedule's due mileage; null for a record. */
  predictedDate: dateSchema,
});

export const upcomingItemsSchema = z.array(upcomingItemSchema);

/** D19: one event of `GET /api/recent-activity`. */
export const activityItemSchema = z.object({
  /** Unique within the list: '{vehicle|kind}-{id}-{added|completed}'. */
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  /** The record's title (its category when it has none), or the vehicle's name. */
  title: z.string(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  /** When it happened, ISO time. */
  date: z.string(),
});
export const activityItemsSchema = z.array(activityItemSchema);

/** Path of the record image calls: `:type` is a kind, its plural, or a legacy 'maint…' value. */
export const recordImageParamsSchema = z.object({
  type: recordTypeTextSchema,
  recordId: idSchema,
});

/** The text field of `POST /api/record-images/{type}/{recordId}` beside the `image` file. */
export const recordImageFieldsSchema = z.object({
  caption: optionalText('Caption', TEXT_LIMITS.caption),
});

/** 001 §3: a photo of a record. */
export const recordImageSchema = z.object({
  id: z.number(),
  recordId: z.number(),
  recordType: z.enum(RECORD_TYPES),
  imageUrl: z.string(),
  /** D15: the small copy lists use; null when the image is not an upload. */
  thumbnailUrl: z.string().nullable(),
  caption: z.string().nullable(),
  isPrimary: z.boolean(),
  addedAt: z.string(),
});
export const recordImagesSchema = z.array(recordImageSchema);

/** 001 §3: a stored document (D27: read by the Documents view, created by no call yet). */
export const documentSchema = z.object({
  id: z.number(),
  vehicleId: z.number().nullable(),
  vehicleName: z.string().nullable(),
  title: z.string(),
  /** One of STORED_DOCUMENT_TYPES (contract/categories). */
  type: z.string(),
  fileUrl: z.string().nullable(),
  date: dateSchema,
  amount: z.number().nullable(),
  notes: z.string().nullable(),
  addedAt: z.string(),
});
export const documentsSchema = z.array(documentSchema);
