/**
 * 001 §2 Expense Distribution: the four kinds of expense as a ring in their colours (001 §9),
 * with the list of amounts and rounded percents beside it.
 */
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSES_TEXTS,
  type ExpenseTotals,
} from '@contract/expenses';
import { formatMoney } from '@web/lib/format';
import { EXPENSE_SWATCHES, percentOf } from '../lib/expense-figures';
import { ChartPanel, FiguresTable, Swatch } from './chart-panel';
import { DistributionDrawing } from './distribution-drawing';

export function DistributionChart({ totals }: { totals: ExpenseTotals }) {
  const slices = EXPENSE_CATEGORIES.map((category) => ({
    category,
    name: EXPENSE_CATEGORY_LABELS[category],
    amount: totals[category],
    percent: percentOf(totals[category], totals.total),
  }));
  const described = slices
    .map((slice) => `${slice.name} ${formatMoney(slice.amount)} (${slice.percent}%)`)
    .join(', ');

  return (
    <ChartPanel
      title={EXPENSES_TEXTS.distribution}
      testId="expense-distribution"
      chartLabel={`${EXPENSES_TEXTS.distribution} chart: ${described}`}
      chart={
        totals.total > 0 ? (
          <DistributionDrawing slices={slices} />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">
            {EXPENSES_TEXTS.noExpenses}
          </p>
        )
      }
      table={
        <FiguresTable
          caption={EXPENSES_TEXTS.distribution}
          head={['Expense', 'Amount', 'Percent']}
          rows={slices.map((slice) => ({
            key: slice.category,
            cells: [slice.name, formatMoney(slice.amount), `${slice.percent}%`],
          }))}
          foot={[
            EXPENSES_TEXTS.totalInvested,
            formatMoney(totals.total),
            `${percentOf(totals.total, totals.total)}%`,
          ]}
        />
      }
      after={
        <ul className="grid gap-2 text-sm" aria-label={`${EXPENSES_TEXTS.distribution} list`}>
          {slices.map((slice) => (
            <li
              key={slice.category}
              className="flex items-center gap-2"
              data-testid="distribution-item"
            >
              <Swatch className={EXPENSE_SWATCHES[slice.category]} />
              <span className="flex-1">{slice.name}</span>
              <span className="tabular-nums font-medium">{formatMoney(slice.amount)}</span>
              <span className="w-11 text-right tabular-nums text-muted-foreground">
                {slice.percent}%
              </span>
            </li>
          ))}
        </ul>
      }
    />
  );
}
