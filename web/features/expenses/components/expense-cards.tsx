/**
 * 001 §2 Overview: Total Invested, then Vehicle Cost, Modifications, Maintenance and Repairs,
 * each with its rounded percent of the total (001 §9) and its expense colour.
 */
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSES_TEXTS,
  type ExpenseTotals,
} from '@contract/expenses';
import { PlannedNote } from '@web/components/planned-note';
import { cn } from '@web/lib/class-names';
import { useMoney } from '@web/lib/preferences';
import { EXPENSE_SWATCHES, percentOf } from '../lib/expense-figures';
import { Swatch } from './chart-panel';

function FigureCard({
  label,
  amount,
  percent,
  swatch,
  className,
  planned,
}: {
  label: string;
  amount: number;
  percent: number;
  swatch?: string;
  className?: string;
  /** The planned part of the amount, named under it when there is any (D48). */
  planned?: number;
}) {
  const money = useMoney();
  return (
    <li
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-card p-4 shadow-card',
        className,
      )}
      data-testid="expense-card"
    >
      <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {swatch && <Swatch className={swatch} />}
        {label}
      </span>
      <span className="truncate text-xl font-bold tracking-tight tabular-nums sm:text-2xl">
        {money.format(amount)}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">{percent}% of total</span>
      <PlannedNote planned={planned} />
    </li>
  );
}

export function ExpenseCards({ totals }: { totals: ExpenseTotals }) {
  return (
    <ul aria-label="Expense totals" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <FigureCard
        label={EXPENSES_TEXTS.totalInvested}
        amount={totals.total}
        percent={percentOf(totals.total, totals.total)}
        planned={totals.planned}
        className="col-span-2 border-primary/30 lg:col-span-1"
      />
      {EXPENSE_CATEGORIES.map((category) => (
        <FigureCard
          key={category}
          label={EXPENSE_CATEGORY_LABELS[category]}
          amount={totals[category]}
          percent={percentOf(totals[category], totals.total)}
          swatch={EXPENSE_SWATCHES[category]}
        />
      ))}
    </ul>
  );
}
