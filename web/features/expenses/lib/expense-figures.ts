/**
 * The small rules the expenses page draws by (001 §2, §9, D51): the rounded percent of the total,
 * the vehicle labels cut to 15 characters, and the categories' colours as design tokens.
 */
import {
  CHART_LABEL_MAX,
  type ExpenseTotals,
  SPENDING_CATEGORIES,
  SPENDING_KINDS,
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
 * Each category's colour as a CSS value: its design token from the contract's table
 * (web/styles.css, light and dark). 001 §9: purchase green, maintenance blue, repairs orange,
 * modifications pink; fuel and energy violet.
 */
export const EXPENSE_COLORS = Object.fromEntries(
  SPENDING_KINDS.map((kind) => [kind, `var(--color-${SPENDING_CATEGORIES[kind].color})`]),
) as Record<SpendingKind, string>;

/**
 * The same colours as Tailwind classes, written out whole so that Tailwind finds them
 * (expense-figures.test.ts checks each against the contract's token).
 */
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
  category: SpendingKind;
  name: string;
  amount: number;
  percent: number;
};

/**
 * The expense distribution's slices and the total they share (D51: every category, fuel and
 * energy included; the percents are of their sum). Without the purchase price (a car's price can
 * fill 95% of the ring), the other categories share what the garage has cost since: the percents
 * are of that smaller whole.
 */
export function distributionOf(
  totals: ExpenseTotals,
  { includePurchase }: { includePurchase: boolean },
): { slices: DistributionSlice[]; whole: number } {
  const kinds = SPENDING_KINDS.filter((kind) => includePurchase || kind !== 'purchase');
  const whole = sumAmounts(kinds.map((kind) => totals[kind]));
  return {
    slices: kinds.map((kind) => ({
      category: kind,
      name: SPENDING_CATEGORIES[kind].label,
      amount: totals[kind],
      percent: percentOf(totals[kind], whole),
    })),
    whole,
  };
}
