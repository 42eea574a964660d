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
 * Fuel and energy (decision 050, D48, D51) are a spending category beside the records: the
 * entries' total costs by their date, in the same selection and period, in the cards, the
 * distribution, each vehicle's bar, the summary, the monthly spending and the CSV, but never in
 * Total Invested (000 §9), which stays the purchase plus the records and states the running costs
 * spent on top of it (decision 065). Cost per
 * distance (D48, replacing D37's cost per mile) is completed maintenance and repairs plus energy
 * over the distance driven in the period, read from the odometer history.
 */
import type { z } from 'zod';
import type { RecordType } from './rules/records';
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

export { EXPENSE_MESSAGES } from './rules/expenses';

/**
 * What feeds a spending category: each vehicle's purchase price (by its purchase date), the
 * records of one kind (by their date), or the energy entries, fill-ups and charges alike (by
 * their date).
 */
type SpendingFeed =
  | { rows: 'purchases' }
  | { rows: 'records'; recordType: RecordType }
  | { rows: 'energyEntries' };

type SpendingCategory = {
  /** 001 §2's card names, and the column of the summary, the slice and the bar's part. */
  label: string;
  /** The design token of its colour (`--color-{color}` in web/styles.css, light and dark). */
  color: string;
  feed: SpendingFeed;
  /** The CSV export's `Type` of its lines. */
  csvType: string;
  /**
   * Part of Total Invested and Money Invested (000 §9: the purchase plus the records); the others
   * are running costs, stated beside those totals as spent on top of them (D51).
   */
  isInvested: boolean;
};

/**
 * D51: every category of spending, in the order the page shows them (cards, slices, each bar's
 * parts, the summary's columns). Percents are of their sum, which is also what the CSV adds up
 * to. Other running costs (D55) become rows here.
 */
export const SPENDING_CATEGORIES = {
  purchase: {
    label: 'Vehicle Cost',
    color: 'expense-purchase',
    feed: { rows: 'purchases' },
    csvType: 'Purchase',
    isInvested: true,
  },
  modifications: {
    label: 'Modifications',
    color: 'expense-modifications',
    feed: { rows: 'records', recordType: 'modification' },
    csvType: 'Modification',
    isInvested: true,
  },
  maintenance: {
    label: 'Maintenance',
    color: 'expense-maintenance',
    feed: { rows: 'records', recordType: 'maintenance' },
    csvType: 'Maintenance',
    isInvested: true,
  },
  repairs: {
    label: 'Repairs',
    color: 'expense-repairs',
    feed: { rows: 'records', recordType: 'repair' },
    csvType: 'Repair',
    isInvested: true,
  },
  energy: {
    label: 'Fuel & Energy',
    color: 'expense-energy',
    feed: { rows: 'energyEntries' },
    csvType: 'Fuel & Energy',
    isInvested: false,
  },
} as const satisfies Record<string, SpendingCategory>;

/** What the page gives a colour and a name. */
export type SpendingKind = keyof typeof SPENDING_CATEGORIES;

/** The categories in the page's order. */
export const SPENDING_KINDS = Object.keys(SPENDING_CATEGORIES) as SpendingKind[];

/** The record kinds with top lists and monthly spending (the purchase is not a record). */
const EXPENSE_RECORD_KINDS = ['modifications', 'maintenance', 'repairs'] as const;

export const SPENDING_KIND_LABELS = Object.fromEntries(
  SPENDING_KINDS.map((kind) => [kind, SPENDING_CATEGORIES[kind].label]),
) as Record<SpendingKind, string>;

/** Monthly spending's series, in the order they stack: the records, then fuel and energy. */
export const MONTHLY_SERIES = [...EXPENSE_RECORD_KINDS, 'energy'] as const;

/** 001 §9 */
export const TOP_LIST_SIZE = 5;
export const CHART_LABEL_MAX = 15;
export const EXPENSES_LOADING_TIMEOUT_MS = 3000;
export const EXPENSES_RETRY_DELAY_MS = 2000;

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
  /** D51: the sum of every category shown, which the percents are of. */
  totalSpent: 'Total Spent',
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
