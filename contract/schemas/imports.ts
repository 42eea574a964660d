/**
 * The zod schemas of `imports.ts`: an import's preview (`POST /api/imports`, `POST
 * /api/user/restore`), the choices that change it (`PATCH /api/imports/{id}`), what apply and
 * undo answer, and the list of a user's imports.
 */
import { z } from 'zod';
import {
  DATE_ORDERS,
  DECIMAL_SEPARATORS,
  IMPORT_COUNT_KINDS,
  IMPORT_FORMATS,
  IMPORT_KINDS,
  IMPORT_STATUSES,
  type ImportCountKind,
} from '../imports';
import { DISTANCE_UNITS, QUANTITY_UNITS } from '../units';
import { idSchema } from './common';

export const importCountsSchema = z.object(
  Object.fromEntries(IMPORT_COUNT_KINDS.map((kind) => [kind, z.number().int()])) as Record<
    ImportCountKind,
    z.ZodNumber
  >,
);

/** A reading of the file: what is used, the words that justify it, and whether it is sure. */
function judged<Value extends z.ZodType>(value: Value) {
  return z.object({
    value,
    evidence: z.string(),
    /** False: the file could be read either way; the user is asked before apply. */
    certain: z.boolean(),
  });
}

const listedRowSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  reason: z.string(),
});

export const IMPORT_CHOICE_NAMES = [
  'decimalSeparator',
  'dateFormat',
  'distanceUnit',
  'volumeUnit',
] as const;

export const importPreviewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  formatLabel: z.string(),
  /** Why the files were taken for this format ("Fuelly's header: car_name, fuelup_date"). */
  evidence: z.string(),
  fileNames: z.array(z.string()),
  decimalSeparator: judged(z.enum(DECIMAL_SEPARATORS)),
  dateFormat: judged(z.enum(DATE_ORDERS)).extend({
    /** A date of the file as it is written, and as it is read with `value`. */
    example: z.object({ written: z.string(), read: z.string() }).nullable(),
  }),
  units: z.object({
    distance: judged(z.enum(DISTANCE_UNITS)),
    volume: judged(z.enum(QUANTITY_UNITS)),
    /** The currencies the file names, when it names any; amounts are kept as they are. */
    currencies: z.array(z.string()),
  }),
  vehicles: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      /** The user's vehicle it goes into, or null for a new vehicle. */
      vehicleId: z.number().int().nullable(),
      counts: importCountsSchema,
    }),
  ),
  /** What applying adds. */
  counts: importCountsSchema,
  /** What the file holds that the account already has (skipped). */
  existing: importCountsSchema,
  problems: z.array(listedRowSchema),
  problemCount: z.number().int(),
  /** Rows imported with a figure other than the file's (a price per unit recomputed), and why. */
  adjustments: z.array(listedRowSchema),
  adjustmentCount: z.number().int(),
  duplicates: z.array(listedRowSchema.extend({ kind: z.enum(IMPORT_COUNT_KINDS) })),
  duplicateCount: z.number().int(),
  /** The readings the user must confirm before apply. */
  needsChoice: z.array(z.enum(IMPORT_CHOICE_NAMES)),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  added: importCountsSchema.nullable(),
  /**
   * A restore's only (decision 062): the account settings applying it sets, and those it leaves
   * as they are, by name ("Time zone", "ntfy topic").
   */
  settings: z.object({ applied: z.array(z.string()), leftToYou: z.array(z.string()) }).optional(),
});

/** `PATCH /api/imports/{id}`: each choice replaces the file's reading; vehicles by their key. */
export const importChoicesSchema = z
  .object({
    decimalSeparator: z.enum(DECIMAL_SEPARATORS),
    dateFormat: z.enum(DATE_ORDERS),
    distanceUnit: z.enum(DISTANCE_UNITS),
    volumeUnit: z.enum(QUANTITY_UNITS),
    /** Where each of the file's vehicles goes: one of the user's vehicles, or null for a new one. */
    vehicles: z.record(z.string().max(200), idSchema.nullable()),
  })
  .partial()
  .strict();

export const importResultSchema = z.object({
  id: z.number().int(),
  added: importCountsSchema,
});

export const importListSchema = z.array(
  z.object({
    id: z.number().int(),
    kind: z.enum(IMPORT_KINDS),
    format: z.enum(IMPORT_FORMATS),
    formatLabel: z.string(),
    status: z.enum(IMPORT_STATUSES),
    fileNames: z.array(z.string()),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
    undoneAt: z.string().nullable(),
    added: importCountsSchema.nullable(),
  }),
);

/** The text fields of `POST /api/imports`: where a file of one vehicle goes, and its source. */
export const importUploadFieldsSchema = z.object({
  vehicleId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
  source: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(IMPORT_FORMATS).optional(),
  ),
});
