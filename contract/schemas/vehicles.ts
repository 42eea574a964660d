/**
 * The zod schemas of `vehicles.ts`: what the server validates with, the API description is
 * generated from and the forms check before they send. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import { amountFromText, numberFromText, TEXT_LIMITS } from '../rules/common';
import {
  AUXILIARY_FLUIDS,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  MAX_VEHICLE_ENERGIES,
  PROPULSION_ENERGIES,
} from '../rules/energy';
import { DISTANCE_UNITS } from '../rules/units';
import {
  LICENSE_PLATE_MAX,
  latestModelYear,
  MILEAGE_MAX,
  VEHICLE_MESSAGES,
  VEHICLE_YEAR_MIN,
  VIN_MAX,
} from '../rules/vehicles';
import { idSchema, limitedText, optionalCalendarDateSchema, optionalMoneySchema } from './common';

const emptyToNull = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Optional text: '' and whitespace mean "none" (null); longer than `max` is refused (D40). */
const optionalText = (label: string, max: number) =>
  z.preprocess(emptyToNull, limitedText(label, max).nullable().optional());

/**
 * 001 §5: the year arrives as a string of at least 4 characters (or a number) and is stored as
 * a number.
 */
const yearSchema = z
  .union([z.number(), z.string().trim().min(4, VEHICLE_MESSAGES.year)], {
    message: VEHICLE_MESSAGES.year,
  })
  .transform((value) => (typeof value === 'number' ? value : numberFromText(value)))
  .pipe(
    z
      .number({ message: VEHICLE_MESSAGES.year })
      .int(VEHICLE_MESSAGES.year)
      .min(VEHICLE_YEAR_MIN, VEHICLE_MESSAGES.yearRange)
      .refine((year) => year <= latestModelYear(), VEHICLE_MESSAGES.yearRange),
  );

/** 001 §5: mileage is optional, converted to a number, null when empty. */
const mileageSchema = z.preprocess((value) => {
  const empty = emptyToNull(value);
  return typeof empty === 'string' ? amountFromText(empty) : empty;
}, z
  .number({ message: VEHICLE_MESSAGES.mileage })
  .int(VEHICLE_MESSAGES.mileage)
  .min(0, VEHICLE_MESSAGES.mileage)
  .max(MILEAGE_MAX, VEHICLE_MESSAGES.mileage)
  .nullable()
  .optional());

/** Decision 050: the one or two energies that move the vehicle, in the order the screens list them. */
const energiesSchema = z
  .array(z.enum(PROPULSION_ENERGIES), { message: ENERGY_MESSAGES.energies })
  .min(1, ENERGY_MESSAGES.energies)
  .max(MAX_VEHICLE_ENERGIES, ENERGY_MESSAGES.energies)
  .refine(
    (energies) => new Set(energies).size === energies.length,
    ENERGY_MESSAGES.energiesDistinct,
  );

/** A tank's litres or a battery's kWh: optional, positive, 3 decimals at most. */
const capacitySchema = (label: string) => {
  const message = `${label} must be a positive number up to ${ENERGY_LIMITS.capacityMax.toLocaleString('en-US')}`;
  return z.preprocess((value) => {
    const empty = emptyToNull(value);
    return typeof empty === 'string' ? amountFromText(empty) : empty;
  }, z
    .number({ message })
    .positive(message)
    .max(ENERGY_LIMITS.capacityMax, message)
    .nullable()
    .optional());
};

/** Decision 050: the vehicle's energy profile; left out on create, the server's defaults apply. */
const energyProfileFields = {
  energies: energiesSchema.optional(),
  auxiliary: z.preprocess(emptyToNull, z.enum(AUXILIARY_FLUIDS).nullable().optional()),
  /** Litres. */
  tankCapacity: capacitySchema('Tank capacity'),
  /** kWh. */
  batteryCapacity: capacitySchema('Battery capacity'),
  /** What its dashboard shows; its mileage and every reading are in it. */
  odometerUnit: z.enum(DISTANCE_UNITS).optional(),
};

/**
 * The body of `POST /api/vehicles` and `PUT /api/vehicles/{id}` (001 §7): the fields of the add
 * and edit forms plus the other stored fields of 001 §3 the edit form offers. On update a field
 * left out stays as it is; `null` (or '') clears it.
 */
export const vehicleInputSchema = z.object({
  year: yearSchema,
  make: limitedText('Make', TEXT_LIMITS.title, VEHICLE_MESSAGES.make),
  model: limitedText('Model', TEXT_LIMITS.title, VEHICLE_MESSAGES.model),
  trim: optionalText('Trim', TEXT_LIMITS.trim),
  mileage: mileageSchema,
  color: optionalText('Color', TEXT_LIMITS.color),
  purchasePrice: optionalMoneySchema,
  // 001 §3: false in storage when not given (the add form sends true by default).
  isProject: z.boolean({ message: 'isProject must be true or false' }).optional(),
  notes: optionalText('Notes', TEXT_LIMITS.notes),
  vin: optionalText('VIN', VIN_MAX),
  licensePlate: optionalText('License plate', LICENSE_PLATE_MAX),
  purchaseDate: optionalCalendarDateSchema,
  currentValue: optionalMoneySchema,
  ...energyProfileFields,
});

export const vehicleUpdateSchema = vehicleInputSchema.partial();

/** The vehicle's soonest open maintenance item, from which the card's status line is made (D33). */
export const nextMaintenanceSchema = z.object({
  title: z.string(),
  /** The effective due date (`dueDate ?? date`, D18), `yyyy-MM-dd`. */
  dueDate: z.string().nullable(),
  dueMileage: z.number().nullable(),
  /**
   * Decision 067: the day recent driving reaches a service schedule's due mileage (decision 054),
   * so the status line can say which comes first; null for a record or without a prediction.
   */
  predictedDate: z.string().nullable(),
});

/**
 * A vehicle as every vehicle call answers it (001 §3), with the figures its card and detail page
 * show (D20), so that a page needs one call whatever the number of vehicles.
 */
export const vehicleSchema = z.object({
  id: z.number(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  mileage: z.number().nullable(),
  vin: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  purchasePrice: z.number().nullable(),
  currentValue: z.number().nullable(),
  licensePlate: z.string().nullable(),
  color: z.string().nullable(),
  /** The primary image (a `/uploads/…` path, or a stored value shown from `/uploads/`, D14). */
  imageUrl: z.string().nullable(),
  /** The primary image's small copy for cards and lists (D15); null without an uploaded image. */
  thumbnailUrl: z.string().nullable(),
  notes: z.string().nullable(),
  isProject: z.boolean(),
  projectType: z.string().nullable(),
  addedAt: z.string(),
  /** Purchase price plus every record's cost (001 §2). */
  moneyInvested: z.number(),
  /** The sum of the costs of its open (upcoming) records (001 §2, D18). */
  plannedExpenses: z.number(),
  /**
   * D51: everything spent on it besides its purchase price, which the page shows on its own:
   * every record's cost and its fuel and energy.
   */
  totalExpenses: z.number().meta({
    description:
      'Everything spent on the vehicle besides its purchase price: every record’s cost plus its fuel and energy entries’ costs (D51).',
  }),
  /** D51: its running costs (fuel and energy) spent on top of Money Invested, stated beside it. */
  spentOnTop: z.number().meta({
    description:
      'The running costs spent on top of `moneyInvested`: its fuel and energy entries’ total costs (D51).',
  }),
  /** Maintenance, repairs and modifications together. */
  recordCount: z.number(),
  imageCount: z.number(),
  nextMaintenance: nextMaintenanceSchema.nullable(),
  /** Decision 050: the energy profile. */
  energies: z.array(z.enum(PROPULSION_ENERGIES)),
  auxiliary: z.enum(AUXILIARY_FLUIDS).nullable(),
  tankCapacity: z.number().nullable(),
  batteryCapacity: z.number().nullable(),
  odometerUnit: z.enum(DISTANCE_UNITS),
});
export const vehiclesSchema = z.array(vehicleSchema);

export const vehicleImageSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  caption: z.string().nullable(),
  isPrimary: z.boolean(),
  addedAt: z.string(),
});
export const vehicleImagesSchema = z.array(vehicleImageSchema);

/** A multipart boolean arrives as the text 'true' or 'false' (001 §7). */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])], {
    message: "isPrimary must be 'true' or 'false'",
  })
  .transform((value) => value === true || value === 'true');

/** The text fields of `POST /api/vehicle-images` (multipart, beside the `image` file). */
export const vehicleImageFieldsSchema = z.object({
  vehicleId: idSchema,
  caption: optionalText('Caption', TEXT_LIMITS.caption),
  isPrimary: formBoolean.optional(),
});

/** `PUT /api/vehicle-images/{id}`. */
export const vehicleImageUpdateSchema = z.object({
  caption: optionalText('Caption', TEXT_LIMITS.caption),
  isPrimary: z.boolean({ message: 'isPrimary must be true or false' }).optional(),
});
