/**
 * The zod schemas of `energy.ts`: an energy entry's payloads and answers, the paged list, and
 * the economy answer (decision 050). Quantities and prices are read as people write numbers
 * (decision 047); money is kept exact (D3).
 */
import { z } from 'zod';
import { amountFromText, ID_MAX, isCalendarDate, TEXT_LIMITS } from '../rules/common';
import {
  CHARGER_KINDS,
  ECONOMY_REASON_CODES,
  ENERGIES,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  ENERGY_PAGE,
} from '../rules/energy';
import { ODOMETER_MESSAGES } from '../rules/odometer';
import { DISTANCE_UNITS, QUANTITY_UNITS } from '../rules/units';
import { MILEAGE_MAX } from '../rules/vehicles';
import {
  attachmentUrlSchema,
  calendarDateSchema,
  limitedText,
  optionalCalendarDateSchema,
  optionalMoneySchema,
} from './common';
import { pageLimitSchema, pageSchema } from './paging';

const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
const fromText = (value: unknown) => {
  const empty = emptyToNull(value);
  return typeof empty === 'string' ? amountFromText(empty) : empty;
};
const hasDecimalsAtMost = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

type DecimalBounds = { min: number; max: number; decimals: number; isPositive?: boolean };

/** A number with at most `decimals` decimals in [min, max]. */
function decimal(message: string, { min, max, decimals, isPositive = false }: DecimalBounds) {
  return z
    .number({ message })
    .finite(message)
    .min(min, message)
    .max(max, message)
    .refine((value) => !isPositive || value > 0, message)
    .refine((value) => hasDecimalsAtMost(value, decimals), message);
}

/** `decimal`, from a number or text; null when empty. */
function optionalDecimal(message: string, bounds: DecimalBounds) {
  return z.preprocess(fromText, decimal(message, bounds).nullable().optional());
}

const ODOMETER_BOUNDS = { min: 0, max: MILEAGE_MAX, decimals: 1 };

/** An odometer reading in the vehicle's unit: 0 to 10,000,000, one decimal at most. */
export const odometerValueSchema = optionalDecimal(ODOMETER_MESSAGES.odometer, ODOMETER_BOUNDS);

/** The same where a reading must be given: left out, empty or null, it is refused with its message. */
export const requiredOdometerSchema = z.preprocess(
  fromText,
  decimal(ODOMETER_MESSAGES.odometer, ODOMETER_BOUNDS),
);

/**
 * Decision 068: `true` saves an odometer the history would flag (and confirms it as right)
 * instead of answering 409 with what the history expected.
 */
export const confirmOdometerSchema = z
  .boolean({ message: ODOMETER_MESSAGES.confirmOdometer })
  .optional();

const optionalText = (label: string, max: number) =>
  z.preprocess(emptyToNull, limitedText(label, max).nullable().optional());

const socSchema = z.preprocess(
  fromText,
  z
    .number({ message: ENERGY_MESSAGES.soc })
    .int(ENERGY_MESSAGES.soc)
    .min(0, ENERGY_MESSAGES.soc)
    .max(100, ENERGY_MESSAGES.soc)
    .nullable()
    .optional(),
);

/**
 * The fields of an energy entry as a form or a client sends them. Quantity, price per unit and
 * total cost: any two, the third is derived by the server (`completeAmounts`). `unit` defaults
 * to the user's volume unit for a liquid, else the energy's own unit.
 */
const energyEntryFields = {
  date: calendarDateSchema,
  odometer: odometerValueSchema,
  energy: z.enum(ENERGIES),
  quantity: optionalDecimal(ENERGY_MESSAGES.quantity, {
    min: 0,
    max: ENERGY_LIMITS.quantityMax,
    decimals: ENERGY_LIMITS.quantityDecimals,
    isPositive: true,
  }),
  unit: z.enum(QUANTITY_UNITS).optional(),
  unitPrice: optionalDecimal(ENERGY_MESSAGES.unitPrice, {
    min: 0,
    max: ENERGY_LIMITS.unitPriceMax,
    decimals: ENERGY_LIMITS.unitPriceDecimals,
  }),
  totalCost: optionalMoneySchema,
  isFull: z.boolean({ message: 'isFull must be true or false' }).optional(),
  missedPrevious: z.boolean({ message: 'missedPrevious must be true or false' }).optional(),
  place: optionalText('Station or place', TEXT_LIMITS.location),
  notes: optionalText('Notes', TEXT_LIMITS.notes),
  fileUrl: attachmentUrlSchema,
  imageUrl: attachmentUrlSchema,
  chargerKind: z.preprocess(emptyToNull, z.enum(CHARGER_KINDS).nullable().optional()),
  socStart: socSchema,
  socEnd: socSchema,
  batteryKwh: optionalDecimal(ENERGY_MESSAGES.quantity, {
    min: 0,
    max: ENERGY_LIMITS.quantityMax,
    decimals: ENERGY_LIMITS.quantityDecimals,
    isPositive: true,
  }),
  /** On a vehicle with two energies: the distance driven on this one since its previous fill. */
  distanceOnEnergy: odometerValueSchema,
  confirmOdometer: confirmOdometerSchema,
};

const present = (value: unknown) => value !== null && value !== undefined;

/** `POST /api/vehicles/{id}/energy`. */
export const energyEntryInputSchema = z
  .object({
    ...energyEntryFields,
    energy: energyEntryFields.energy,
  })
  .superRefine((entry, context) => {
    const given = [entry.quantity, entry.unitPrice, entry.totalCost].filter(present).length;
    if (given < 2) {
      context.addIssue({ code: 'custom', path: ['quantity'], message: ENERGY_MESSAGES.twoOfThree });
    }
    if (present(entry.socStart) && present(entry.socEnd) && entry.socEnd! < entry.socStart!) {
      context.addIssue({ code: 'custom', path: ['socEnd'], message: ENERGY_MESSAGES.socOrder });
    }
  });

/** `PATCH /api/energy/{id}`: a field left out stays as it is; `null` clears it. */
export const energyEntryUpdateSchema = z.object(energyEntryFields).partial();

export const energyEntrySchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  date: z.string(),
  /** In the vehicle's odometer unit; null when not given. */
  odometer: z.number().nullable(),
  /** True when the odometer reading is flagged (decision 050) and kept out of economy. */
  isOdometerFlagged: z.boolean(),
  energy: z.enum(ENERGIES),
  /** As typed, in `unit`. */
  quantity: z.number(),
  unit: z.enum(QUANTITY_UNITS),
  /** In litres, kilograms or kWh. */
  canonicalQuantity: z.number(),
  unitPrice: z.number(),
  totalCost: z.number(),
  isFull: z.boolean(),
  missedPrevious: z.boolean(),
  place: z.string().nullable(),
  notes: z.string().nullable(),
  fileUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The receipt photo's small copy; null without an uploaded photo. */
  thumbnailUrl: z.string().nullable(),
  chargerKind: z.enum(CHARGER_KINDS).nullable(),
  socStart: z.number().nullable(),
  socEnd: z.number().nullable(),
  batteryKwh: z.number().nullable(),
  distanceOnEnergy: z.number().nullable(),
  addedAt: z.string(),
});

/** A page of a vehicle's entries, newest first; `nextCursor` asks for the next page. */
export const energyEntryPageSchema = pageSchema(energyEntrySchema);

/**
 * The position after which a page starts: an opaque text the previous page answered. Its date
 * must be a real day and its id a real id, so that a made-up cursor is refused, not a query error.
 */
export const pageCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}~\d{1,10}$/, ENERGY_MESSAGES.cursor)
  .refine((cursor) => {
    const [day, id] = cursor.split('~') as [string, string];
    return isCalendarDate(day) && Number(id) <= ID_MAX;
  }, ENERGY_MESSAGES.cursor)
  .optional();

export const energyPageQuerySchema = z.object({
  cursor: pageCursorSchema,
  limit: pageLimitSchema(ENERGY_PAGE.max),
});

/** `GET /api/vehicles/{id}/economy?from=&to=`: a period; either end may be left open. */
export const economyQuerySchema = z.object({
  from: optionalCalendarDateSchema,
  to: optionalCalendarDateSchema,
});

/** One span of the full-to-full method: from the full entry that opens it to the one that closes it. */
export const economySpanSchema = z.object({
  /** The full entry that opens the span; null for a first fill-up. */
  fromEntryId: z.number().nullable(),
  /** The entry that closes it (or, for an open span, the latest partial one). */
  toEntryId: z.number(),
  from: z.string().nullable(),
  to: z.string(),
  /** In the user's distance unit; null without both odometers. */
  distance: z.number().nullable(),
  /** Every entry of the energy after the opening one, up to and including the closing one. */
  quantity: z.number(),
  cost: z.number(),
  /** In `economyUnit`; null with a reason. */
  economy: z.number().nullable(),
  reason: z.enum(ECONOMY_REASON_CODES).nullable(),
  /** Electricity with state of charge and battery capacity: the battery's own consumption. */
  batteryEconomy: z.number().nullable(),
  /** Electricity: the share of the wall's energy that did not reach the battery (0–1). */
  chargingLoss: z.number().nullable(),
});

export const energySummarySchema = z.object({
  energy: z.enum(ENERGIES),
  /** The unit quantities are given in ('gal', 'L', 'kg', 'kWh'). */
  quantityUnit: z.string(),
  /** The unit economy figures are given in ('MPG', 'L/100 km', 'mi/kWh', 'L/1,000 km', …). */
  economyUnit: z.string(),
  /** True when a larger figure means more energy used (L/100 km, kWh/100 mi). */
  isConsumption: z.boolean(),
  /** The period's latest spans (at most ECONOMY_SPANS_MAX), oldest first. */
  spans: z.array(economySpanSchema),
  /** Every span of the period, listed or not. */
  spanCount: z.number(),
  /** Σ distance ÷ Σ quantity over the valid spans of the period, in `economyUnit`. */
  average: z.number().nullable(),
  /** Σ distance of the valid spans. */
  spanDistance: z.number(),
  /** Every entry of this energy in the period. */
  quantity: z.number(),
  cost: z.number(),
  entryCount: z.number(),
  /** Cost per unit of quantity over the period. */
  averageUnitPrice: z.number().nullable(),
  /**
   * Quantity per 100 of the user's distance unit driven in the period, whatever drove it (how
   * WLTP states a plug-in hybrid's two consumptions); null without a distance.
   */
  perHundred: z.number().nullable(),
  /** The unit of `perHundred` ('L/100 km', 'kWh/100 mi', …). */
  perHundredUnit: z.string(),
  /** Electricity: battery-side average and the period's charging loss, when known. */
  batteryAverage: z.number().nullable(),
  chargingLoss: z.number().nullable(),
});

export const economySchema = z.object({
  vehicleId: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  distanceUnit: z.enum(DISTANCE_UNITS),
  currency: z.string(),
  /** Driven in the period, from the odometer history (flagged readings left out). */
  distance: z.number().nullable(),
  energyCost: z.number(),
  /** Completed maintenance and repairs in the period (D48); planned items never count. */
  serviceCost: z.number(),
  /** (energy + service) ÷ distance; null without a distance. */
  costPerDistance: z.number().nullable(),
  /** The vehicle's energies in its profile's order, then the auxiliary fluid, then any other logged. */
  energies: z.array(energySummarySchema),
});
