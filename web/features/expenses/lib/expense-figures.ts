/**
 * The small rules the expenses page draws by (001 §2, §9): the rounded percent of the total, the
 * vehicle labels cut to 15 characters, and the expense colours (and fuel and energy's) as design
 * tokens.
 */
import {
  CHART_LABEL_MAX,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  type ExpenseTotals,
  type SpendingKind,
} from '@contract/expenses';
import { sumAmounts } from '@contract/money';

/** 001 §9: a part of the total as a rounded percent; 0 when there is no total. */
export function percentOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 100);
}

/** 001 §9: chart labels keep their first 15 characters; a longer one ends in an ellipsis. */
export function truncateLabel(label: string, max = CHART_LABEL_MAX): string {
  return label.length > max ? `${label.slice(0, max)}…` : label;
}

/**
 * 001 §9: purchase green, maintenance blue, repairs orange, modifications pink; fuel and energy
 * violet (web/styles.css, light and dark).
 */
export const EXPENSE_COLORS: Record<SpendingKind, string> = {
  purchase: 'var(--color-expense-purchase)',
  maintenance: 'var(--color-expense-maintenance)',
  repairs: 'var(--color-expense-repairs)',
  modifications: 'var(--color-expense-modifications)',
  energy: 'var(--color-expense-energy)',
};

/** The same colours as Tailwind classes, written out so that Tailwind finds them. */
export const EXPENSE_SWATCHES: Record<SpendingKind, string> = {
  purchase: 'bg-expense-purchase',
  maintenance: 'bg-expense-maintenance',
  repairs: 'bg-expense-repairs',
  modifications: 'bg-expense-modifications',
  energy: 'bg-expense-energy',
};

/** The breakdown's height: room for each vehicle's bar and label, never squashed. */
export function breakdownHeight(vehicleCount: number): number {
  return Math.max(140, vehicleCount * 52 + 30);
}

export type DistributionSlice = {
  category: ExpenseCategory;
  name: string;
  amount: number;
  percent: number;
};

/**
 * The expense distribution's slices and the total they share. Without the purchase price
 * (a car's price can fill 95% of the ring), the other kinds share what the garage has cost
 * since: the percents are of that smaller whole.
 */
export function distributionOf(
  totals: ExpenseTotals,
  { includePurchase }: { includePurchase: boolean },
): { slices: DistributionSlice[]; whole: number } {
  const categories = EXPENSE_CATEGORIES.filter(
    (category) => includePurchase || category !== 'purchase',
  );
  const whole = sumAmounts(categories.map((category) => totals[category]));
  return {
    slices: categories.map((category) => ({
      category,
      name: EXPENSE_CATEGORY_LABELS[category],
      amount: totals[category],
      percent: percentOf(totals[category], whole),
    })),
    whole,
  };
}
