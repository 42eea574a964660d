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
 *
 * Fuel and energy (decision 050, D48) are a running cost beside the records: the entries' total
 * costs by their date, in the same selection and period, in the monthly spending and the totals,
 * but never in Total Invested (000 §9), which stays the purchase plus the records. Cost per
 * distance (D48, replacing D37's cost per mile) is completed maintenance and repairs plus energy
 * over the distance driven in the period, read from the odometer history.
 */
import type { z } from 'zod';
import type {
  costPerDistanceSchema,
  expensesQuerySchema,
  expensesSchema,
  expenseTotalsSchema,
  monthlySpendingSchema,
  topExpenseSchema,
  vehicleEconomySchema,
  vehicleExpensesSchema,
} from './schemas/expenses';
import type { DistanceUnit } from './units';

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
const EXPENSE_RECORD_KINDS = ['modifications', 'maintenance', 'repairs'] as const;

/**
 * What the page gives a colour and a name: the four kinds of expense, and fuel and energy, a
 * running cost beside them that is never part of Total Invested (D48).
 */
export type SpendingKind = ExpenseCategory | 'energy';

export const SPENDING_KIND_LABELS: Record<SpendingKind, string> = {
  ...EXPENSE_CATEGORY_LABELS,
  energy: 'Fuel & Energy',
};

/** Monthly spending's series, in the order they stack: the records, then fuel and energy. */
export const MONTHLY_SERIES = [...EXPENSE_RECORD_KINDS, 'energy'] as const;

/** 001 §9 */
export const TOP_LIST_SIZE = 5;
export const CHART_LABEL_MAX = 15;
export const EXPENSES_LOADING_TIMEOUT_MS = 3000;
export const EXPENSES_RETRY_DELAY_MS = 2000;

export const EXPENSE_MESSAGES = {
  periodOrder: 'The start of the period must be on or before its end',
  /** D37: a period and the export are Premium. */
  periodPremium: 'Choosing a period is part of Premium analytics. Upgrade to Premium to use it.',
  exportPremium: 'Exporting expenses is part of Premium analytics. Upgrade to Premium to use it.',
} as const;
export type ExpensesQuery = z.output<typeof expensesQuerySchema>;
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;
export type VehicleExpenses = z.infer<typeof vehicleExpensesSchema>;
export type TopExpense = z.infer<typeof topExpenseSchema>;
export type MonthlySpending = z.infer<typeof monthlySpendingSchema>;
export type CostPerDistance = z.infer<typeof costPerDistanceSchema>;
export type VehicleEconomy = z.infer<typeof vehicleEconomySchema>;
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
  costPerDistanceMeaning:
    'Completed maintenance and repairs plus fuel and energy in the period, divided by the distance driven in it from the odometer history. Purchase price, modifications and planned items are not included.',
  distanceUnknown: 'Needs two odometer readings',
  exportCsv: 'Export CSV',
  upgradeToSee: 'Upgrade to Premium to see this',
  lockedMonthly:
    'See what you spend each month on maintenance, repairs, modifications, fuel and charging.',
  noMonthly: 'No dated expenses in this period.',
  economy: 'Economy by Vehicle',
  economyMeaning:
    'Average economy of each energy in the period: the distance between full fill-ups or charges over what they took.',
} as const;

/**
 * D49: the spec's "Cost per Mile" for a miles user, in kilometres for a km user; with the words
 * around it that name the unit.
 */
export const COST_PER_DISTANCE_TEXTS: Record<DistanceUnit, { title: string; locked: string }> = {
  mi: {
    title: 'Cost per Mile',
    locked: 'See what each mile costs you to keep every vehicle on the road.',
  },
  km: {
    title: 'Cost per Kilometer',
    locked: 'See what each kilometer costs you to keep every vehicle on the road.',
  },
};

/** Why a vehicle's energy has no average yet: its full entries do not close a span with a figure. */
export function noAverageText(entryNoun: 'fill-up' | 'charge'): string {
  return `Needs two full ${entryNoun}s with odometer readings`;
}
