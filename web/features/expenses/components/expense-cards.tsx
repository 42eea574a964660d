/**
 * 001 §2 Overview, D51: Total Invested, then every spending category (Vehicle Cost,
 * Modifications, Maintenance, Repairs, Fuel & Energy), each with its rounded percent of their sum
 * (001 §9) and its colour. Total Invested keeps 000 §9's formula and says beside it the part still
 * planned (D48) and the running costs spent on top of it (D51).
 */
import {
  EXPENSES_TEXTS,
  type ExpenseTotals,
  SPENDING_CATEGORIES,
  SPENDING_KINDS,
} from '@contract/expenses';
import { PlannedNote } from '@web/components/planned-note';
import { SpentOnTopNote } from '@web/components/spent-on-top-note';
import { cn } from '@web/lib/class-names';
import { useMoney } from '@web/lib/preferences';
import type { ReactNode } from 'react';
import { EXPENSE_SWATCHES, percentOf } from '../lib/expense-figures';
import { Swatch } from './chart-panel';

function FigureCard({
  label,
  amount,
  percent,
  swatch,
  className,
  notes,
}: {
  label: string;
  amount: number;
  percent: number;
  swatch?: string;
  className?: string;
  /** Lines under the amount saying what it holds. */
  notes?: ReactNode;
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
      <span
        className="truncate text-xl font-bold tracking-tight tabular-nums sm:text-2xl"
        data-testid="card-amount"
      >
        {money.format(amount)}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">{percent}% of total</span>
      {notes}
    </li>
  );
}

export function ExpenseCards({ totals }: { totals: ExpenseTotals }) {
  return (
    <ul aria-label="Expense totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <FigureCard
        label={EXPENSES_TEXTS.totalInvested}
        amount={totals.total}
        percent={percentOf(totals.total, totals.spent)}
        notes={
          <>
            <PlannedNote planned={totals.planned} />
            <SpentOnTopNote spentOnTop={totals.spentOnTop} />
          </>
        }
        className="col-span-2 border-primary/30 sm:col-span-1"
      />
      {SPENDING_KINDS.map((kind) => (
        <FigureCard
          key={kind}
          label={SPENDING_CATEGORIES[kind].label}
          amount={totals[kind]}
          percent={percentOf(totals[kind], totals.spent)}
          swatch={EXPENSE_SWATCHES[kind]}
        />
      ))}
    </ul>
  );
}
