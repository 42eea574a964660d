/**
 * The zod schemas of `expenses.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import { EXPENSE_MESSAGES } from '../rules/expenses';
import { DISTANCE_UNITS } from '../rules/units';
import { calendarDateSchema, idSchema } from './common';
import { energySummarySchema } from './energy';

/** An empty query parameter (`?vehicleId=`) means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const filterShape = {
  vehicleId: optionalParam(idSchema),
  from: optionalParam(calendarDateSchema),
  to: optionalParam(calendarDateSchema),
};

const periodInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const periodOrderIssue = { message: EXPENSE_MESSAGES.periodOrder, path: ['to'] };

/** `?vehicleId=&from=&to=`: one of the user's vehicles (else all) and an optional period. */
export const expensesQuerySchema = z.object(filterShape).refine(periodInOrder, periodOrderIssue);

/**
 * The export's filter, and `day`: the user's own calendar day, which names the file (D4). The
 * server cannot know the user's time zone; without it the file is named by the UTC day.
 */
export const expensesExportQuerySchema = z
  .object({ ...filterShape, day: optionalParam(calendarDateSchema) })
  .refine(periodInOrder, periodOrderIssue);

const amount = z.number();

export const expenseTotalsSchema = z.object({
  purchase: amount,
  maintenance: amount,
  repairs: amount,
  modifications: amount,
  /** 000 §9 Total Invested: the four together. */
  total: amount,
  /** The part of `total` still planned: the costs of open (not completed) records (D48). */
  planned: amount,
  /**
   * Fuel and charging: the energy entries' total costs by their date, in the period. A running
   * cost, not an investment: never part of `total` (D48, D51).
   */
  energy: amount.meta({
    description:
      'Fuel and charging: the energy entries’ total costs by their date, in the period. A running cost, not part of `total` (Total Invested: purchase plus records).',
  }),
  /** D51: every category together (`SPENDING_CATEGORIES`): what the percents are of. */
  spent: amount.meta({
    description:
      'Every category together (purchase, records, fuel and energy): what the page’s percents are of, and what the CSV export’s lines add up to.',
  }),
  /** D51: the running costs spent on top of `total`, stated beside it. */
  spentOnTop: amount.meta({
    description:
      'The running costs spent on top of `total` (the categories outside Total Invested: fuel and energy): `spent` − `total`.',
  }),
});

/** One vehicle's sums: `spent` is everything spent on it in the period (D51). */
export const vehicleExpensesSchema = expenseTotalsSchema.extend({
  vehicleId: z.number(),
  /** "{year} {make} {model}" */
  name: z.string(),
});

/** One record of a top list: its title (the category when it has none), vehicle and cost. */
export const topExpenseSchema = z.object({
  id: z.number(),
  title: z.string(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  cost: amount,
  date: z.string().nullable(),
});

/** Spending of one calendar month (`yyyy-MM`); months without spending in between are zeros. */
export const monthlySpendingSchema = z.object({
  month: z.string(),
  maintenance: amount,
  repairs: amount,
  modifications: amount,
  /** Fuel and charging: the energy entries' total costs of the month. */
  energy: amount,
});

/**
 * Cost per distance of one vehicle (D48, replacing D37's cost per mile): its running costs in the
 * period (completed maintenance and repairs, and fuel and energy; never the purchase price,
 * modifications or planned items) over the distance driven in the period, read from the odometer
 * history (flagged readings left out), not over the whole odometer reading of a car bought used.
 * The answer's list keeps its name `costPerMile` and the fields it had for existing clients:
 * `runningCosts` is now the period's service and energy, and `costPerMile` the same figure per
 * mile whatever the user's unit; `costPerDistance` is per the answer's `distanceUnit`.
 */
export const costPerDistanceSchema = z.object({
  vehicleId: z.number(),
  name: z.string(),
  /** The vehicle's current odometer reading, in its own odometer unit. */
  mileage: z.number().nullable().meta({
    description:
      'The vehicle’s current odometer reading (its latest accepted one), in its own odometer unit.',
  }),
  serviceCost: amount.meta({
    description:
      'Completed maintenance and repairs dated in the period (with no period, undated ones too); planned items never count.',
  }),
  energyCost: amount.meta({
    description: 'Fuel and charging in the period: the energy entries’ total costs.',
  }),
  runningCosts: amount.meta({
    description:
      '`serviceCost` + `energyCost`. Before cost per distance it was maintenance and repairs of all time.',
  }),
  distance: z.number().nullable().meta({
    description:
      'Driven in the period, in `distanceUnit`, from the odometer history: the last accepted reading in the period minus the last one before it (or the first one in it). Null with fewer than two readings.',
  }),
  costPerDistance: amount.nullable().meta({
    description: '`runningCosts` ÷ `distance`, per `distanceUnit`; null without a distance.',
  }),
  costPerMile: amount.nullable().meta({
    description:
      'The same figure per mile, whatever the user’s unit (kept for existing clients; it was all-time maintenance and repairs over the odometer reading before).',
  }),
});

/**
 * One vehicle's economy in the period: each energy it has entries of, with its average (Σ
 * distance ÷ Σ quantity over the valid full-to-full spans, decision 050), in the user's units.
 */
export const vehicleEconomySchema = z.object({
  vehicleId: z.number(),
  name: z.string(),
  /** The energies with entries in the period, in the vehicle's profile's order. */
  energies: z.array(
    energySummarySchema.pick({
      energy: true,
      average: true,
      economyUnit: true,
      isConsumption: true,
      spanDistance: true,
      quantity: true,
      quantityUnit: true,
      cost: true,
      entryCount: true,
    }),
  ),
});

export const expensesSchema = z.object({
  /** D37: whether the user's plan has advanced analytics; when false, `monthly` and `costPerMile` are null. */
  hasAdvancedAnalytics: z.boolean(),
  /** D49: the user's distance unit, the one cost per distance is given in. */
  distanceUnit: z.enum(DISTANCE_UNITS),
  /** D49: the user's currency (ISO 4217), the one the amounts were entered in. */
  currency: z.string(),
  totals: expenseTotalsSchema,
  /** Every vehicle of the selection, oldest added first, with its sums in the period. */
  vehicles: z.array(vehicleExpensesSchema),
  /** The 5 costliest of each kind, costliest first (records without a cost are left out). */
  top: z.object({
    modifications: z.array(topExpenseSchema),
    maintenance: z.array(topExpenseSchema),
    repairs: z.array(topExpenseSchema),
  }),
  monthly: z.array(monthlySpendingSchema).nullable(),
  /** Cost per distance per vehicle of the selection (D48), oldest added first; Premium (D37). */
  costPerMile: z.array(costPerDistanceSchema).nullable().meta({
    description:
      'Cost per distance of each vehicle of the selection (D48), Premium: running costs of the period (completed maintenance and repairs plus fuel and energy) over the distance driven in it, in `distanceUnit`. Named for the cost per mile it replaces.',
  }),
  /**
   * Every vehicle of the selection with its energies' average economy in the period, for every
   * plan: the fuel log's own figure, which the vehicle's Fuel & Energy tab shows to everyone too,
   * not an advanced analytic (D37 lists the period, cost per mile and the export).
   */
  economy: z.array(vehicleEconomySchema).meta({
    description:
      'Each vehicle of the selection, oldest added first, with the average economy in the period of each energy it has entries of, in the user’s units (as `GET /api/vehicles/{id}/economy` gives it). For every plan.',
  }),
});
