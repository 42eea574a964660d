/**
 * The zod schemas of `imports.ts`: an import's preview (`POST /api/imports`, `POST
 * /api/user/restore`), the choices that change it (`PATCH /api/imports/{id}`), what apply and
 * undo answer, and the list of a user's imports.
 */
import { z } from 'zod';
import { ENERGIES } from '../rules/energy';
import {
  DATE_ORDERS,
  DECIMAL_SEPARATORS,
  IMPORT_COUNT_KINDS,
  IMPORT_FORMATS,
  IMPORT_KINDS,
  IMPORT_RATE_MESSAGE,
  IMPORT_STATUSES,
  type ImportCountKind,
} from '../rules/imports';
import { DISTANCE_UNITS, QUANTITY_UNITS } from '../rules/units';
import { idSchema } from './common';
import { vehicleInputSchema } from './vehicles';

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
  'vehicleDetails',
  'currencyRates',
] as const;

/** A new vehicle's year, make and model as the file states them or the user chose; null: unknown. */
const vehicleDetailsSchema = z.object({
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});

/** A fill-up or charge as apply stores it: converted to its vehicle's units and the user's currency. */
const sampleEnergySchema = z.object({
  date: z.string(),
  odometer: z.number().nullable(),
  energy: z.enum(ENERGIES),
  quantity: z.number(),
  unit: z.enum(QUANTITY_UNITS),
  unitPrice: z.number(),
  totalCost: z.number(),
  isFull: z.boolean(),
  missedPrevious: z.boolean(),
});

const sampleRecordSchema = z.object({
  kind: z.enum(['maintenance', 'repairs', 'modifications']),
  date: z.string().nullable(),
  title: z.string().nullable(),
  category: z.string(),
  cost: z.number().nullable(),
  odometer: z.number().nullable(),
  isCompleted: z.boolean(),
});

const sampleReadingSchema = z.object({ date: z.string(), odometer: z.number() });

/**
 * A conversion rate from a file's currency to the user's, as decimal text ("0.9": one unit of the
 * file's is 0.9 of the user's), so that apply multiplies exactly; or 'keep' for the figures as they
 * are.
 */
export const currencyRateSchema = z.union([
  z.literal('keep'),
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, IMPORT_RATE_MESSAGE)
    .refine((rate) => Number(rate) > 0, IMPORT_RATE_MESSAGE),
]);

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
      /** The unit its odometers are stored in (the target vehicle's, or the file's). */
      odometerUnit: z.enum(DISTANCE_UNITS),
      /** A new vehicle's year, make and model: what the file states, or what the user chose. */
      details: vehicleDetailsSchema,
      /** Read from the file's vehicle name, for the user to confirm; never stored unconfirmed. */
      suggested: vehicleDetailsSchema,
      /** A new vehicle whose year, make or model neither the file nor the user has given. */
      needsDetails: z.boolean(),
      /** Its first rows of each kind, as apply stores them (`IMPORT_LIMITS.sampleRows` each). */
      sampleRows: z.object({
        energy: z.array(sampleEnergySchema),
        records: z.array(sampleRecordSchema),
        readings: z.array(sampleReadingSchema),
      }),
    }),
  ),
  /** Header cells of a file that the reader does not take, with the spellings it does know. */
  unknownColumns: z.array(
    z.object({ file: z.string(), columns: z.array(z.string()), understood: z.array(z.string()) }),
  ),
  /**
   * The file's currencies other than the user's (`currency`), each with its chosen rate, 'keep',
   * or null while not chosen: apply waits for every one.
   */
  currency: z.string(),
  foreignCurrencies: z.array(
    z.object({ currency: z.string(), rate: currencyRateSchema.nullable() }),
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

/** A new vehicle's year, make and model as the user gives them: the vehicle create call's bounds. */
export const importVehicleDetailsSchema = vehicleInputSchema
  .pick({ year: true, make: true, model: true })
  .strict();

/** `PATCH /api/imports/{id}`: each choice replaces the file's reading; vehicles by their key. */
export const importChoicesSchema = z
  .object({
    decimalSeparator: z.enum(DECIMAL_SEPARATORS),
    dateFormat: z.enum(DATE_ORDERS),
    distanceUnit: z.enum(DISTANCE_UNITS),
    volumeUnit: z.enum(QUANTITY_UNITS),
    /** Where each of the file's vehicles goes: one of the user's vehicles, or null for a new one. */
    vehicles: z.record(z.string().max(200), idSchema.nullable()),
    /** A new vehicle's year, make and model, by its key; the bounds of the vehicle create call. */
    vehicleDetails: z.record(z.string().max(200), importVehicleDetailsSchema),
    /** How the amounts of each of the file's currencies become the user's (ISO 4217 keys). */
    currencyRates: z.record(z.string().regex(/^[A-Z]{3}$/), currencyRateSchema),
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
