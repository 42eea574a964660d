/**
 * The zod schemas of `expenses.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import { EXPENSE_MESSAGES } from '../expenses';
import { calendarDateSchema, idSchema } from './common';

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
});

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
});

/**
 * Cost per mile of one vehicle: its running costs (maintenance and repairs, all time, whatever
 * the period; purchase price and modifications left out) divided by its odometer reading.
 * Null when the mileage is unknown or 0.
 */
export const costPerMileSchema = z.object({
  vehicleId: z.number(),
  name: z.string(),
  mileage: z.number().nullable(),
  runningCosts: amount,
  costPerMile: amount.nullable(),
});

export const expensesSchema = z.object({
  /** D37: whether the user's plan has advanced analytics; when false, the last two are null. */
  hasAdvancedAnalytics: z.boolean(),
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
  costPerMile: z.array(costPerMileSchema).nullable(),
});
