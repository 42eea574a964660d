/**
 * Expenses & Analytics (001 §2 "/expenses", §4, §9, D20, D37): the filters of
 * `GET /api/expenses` and `GET /api/expenses/export.csv`, the answer the page draws, and the
 * page's copy and constants.
 *
 * Sums are computed by the server from exact `numeric` money (D3) and answered as numbers rounded
 * to cents. A record's cost is its `cost` (D16); a missing cost counts as nothing (001 §3).
 *
 * Periods (`from` / `to`, both optional, inclusive, `yyyy-MM-dd`, D4) are Premium (D37). Inside a
 * period a record counts by its own date and a vehicle's purchase price by its `purchaseDate`;
 * an undated record and a purchase without a purchase date count only in "all time" (no period),
 * since nobody can say whether they fall inside it.
 */
import { z } from 'zod';
import { calendarDateSchema, idSchema } from './common';

/** The four kinds of expense, in the order the page shows them. */
export const EXPENSE_CATEGORIES = ['purchase', 'modifications', 'maintenance', 'repairs'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** 001 §2: the overview cards' names. */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  purchase: 'Vehicle Cost',
  modifications: 'Modifications',
  maintenance: 'Maintenance',
  repairs: 'Repairs',
};

/** The record kinds with top lists and monthly spending (the purchase is not a record). */
export const EXPENSE_RECORD_KINDS = ['modifications', 'maintenance', 'repairs'] as const;
export type ExpenseRecordKind = (typeof EXPENSE_RECORD_KINDS)[number];

/** 001 §9 */
export const TOP_LIST_SIZE = 5;
export const CHART_LABEL_MAX = 15;
export const EXPENSES_LOADING_TIMEOUT_MS = 3000;
export const EXPENSES_RETRY_DELAY_MS = 2000;

/** An empty query parameter (`?vehicleId=`) means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const EXPENSE_MESSAGES = {
  periodOrder: 'The start of the period must be on or before its end',
  /** D37: a period and the export are Premium. */
  periodPremium: 'Choosing a period is part of Premium analytics. Upgrade to Premium to use it.',
  exportPremium: 'Exporting expenses is part of Premium analytics. Upgrade to Premium to use it.',
} as const;

/** `?vehicleId=&from=&to=`: one of the user's vehicles (else all) and an optional period. */
export const expensesQuerySchema = z
  .object({
    vehicleId: optionalParam(idSchema),
    from: optionalParam(calendarDateSchema),
    to: optionalParam(calendarDateSchema),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: EXPENSE_MESSAGES.periodOrder,
    path: ['to'],
  });
export type ExpensesQuery = z.output<typeof expensesQuerySchema>;

const amount = z.number();

export const expenseTotalsSchema = z.object({
  purchase: amount,
  maintenance: amount,
  repairs: amount,
  modifications: amount,
  /** 000 §9 Total Invested: the four together. */
  total: amount,
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;

export const vehicleExpensesSchema = expenseTotalsSchema.extend({
  vehicleId: z.number(),
  /** "{year} {make} {model}" */
  name: z.string(),
});
export type VehicleExpenses = z.infer<typeof vehicleExpensesSchema>;

/** One record of a top list: its title (the category when it has none), vehicle and cost. */
export const topExpenseSchema = z.object({
  id: z.number(),
  title: z.string(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  cost: amount,
  date: z.string().nullable(),
});
export type TopExpense = z.infer<typeof topExpenseSchema>;

/** Spending of one calendar month (`yyyy-MM`); months without spending in between are zeros. */
export const monthlySpendingSchema = z.object({
  month: z.string(),
  maintenance: amount,
  repairs: amount,
  modifications: amount,
});
export type MonthlySpending = z.infer<typeof monthlySpendingSchema>;

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
export type CostPerMile = z.infer<typeof costPerMileSchema>;

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
export type Expenses = z.infer<typeof expensesSchema>;

/** The export's columns, in order. */
export const EXPENSE_CSV_HEADER = ['Date', 'Vehicle', 'Type', 'Category', 'Title', 'Cost'] as const;

/** `garage-ledger-expenses-YYYY-MM-DD.csv` (D1's naming). */
export function expensesCsvFileName(day: string): string {
  return `garage-ledger-expenses-${day}.csv`;
}

/** 001 §2, §9 and D37: the page's copy. */
export const EXPENSES_TEXTS = {
  title: 'Expenses & Analytics',
  subtitle: 'What your garage has cost, by vehicle and by kind of expense.',
  allVehicles: 'All Vehicles',
  overview: 'Overview',
  details: 'Expense Details',
  totalInvested: 'Total Invested',
  distribution: 'Expense Distribution',
  byVehicle: 'Expenses by Vehicle',
  topModifications: 'Top Modifications',
  topMaintenance: 'Top Maintenance',
  topRepairs: 'Top Repairs by Cost',
  summary: 'Vehicle Cost Summary',
  loadFailed: 'An error occurred loading expenses',
  tryAgain: 'Try again',
  showTable: 'Show as table',
  showChart: 'Show as chart',
  noExpenses: 'No expenses yet',
  noExpensesText: 'Add a vehicle with its purchase price, or a record with a cost, to see it here.',
  advanced: 'Advanced analytics',
  premium: 'Premium',
  period: 'Period',
  periods: {
    all: 'All time',
    year: 'This year',
    months12: 'Last 12 months',
    custom: 'Custom range',
  },
  from: 'From',
  to: 'To',
  monthly: 'Monthly Spending',
  costPerMile: 'Cost per Mile',
  costPerMileMeaning:
    'Maintenance and repair costs of all time divided by the current odometer reading. Purchase price and modifications are not included.',
  mileageUnknown: 'Mileage unknown',
  exportCsv: 'Export CSV',
  upgradeToSee: 'Upgrade to Premium to see this',
  lockedMonthly: 'See what you spend each month on maintenance, repairs and modifications.',
  lockedCostPerMile: 'See what each mile costs you to keep every vehicle on the road.',
  noMonthly: 'No dated expenses in this period.',
} as const;
