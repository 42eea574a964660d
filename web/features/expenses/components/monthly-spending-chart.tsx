/**
 * D37 advanced analytics: spending month by month, maintenance, repairs, modifications and fuel
 * and energy stacked in their colours (001 §9, D48). Purchases are not monthly spending and stay
 * out.
 */

import {
  EXPENSES_TEXTS,
  MONTHLY_SERIES,
  type MonthlySpending,
  SPENDING_KIND_LABELS,
} from '@contract/expenses';
import { sumAmounts } from '@contract/money';
import { formatMonthYear } from '@web/lib/format';
import { useMoney } from '@web/lib/preferences';
import { EXPENSE_SWATCHES } from '../lib/expense-figures';
import { ChartPanel, FiguresTable, Swatch } from './chart-panel';
import { MonthlySpendingDrawing } from './monthly-spending-drawing';

/** `2024-03` → March 2024. */
const monthName = (month: string) => formatMonthYear(`${month}-01`);

const monthTotal = (month: MonthlySpending) =>
  sumAmounts(MONTHLY_SERIES.map((kind) => month[kind]));

export function MonthlySpendingChart({ months }: { months: MonthlySpending[] }) {
  const money = useMoney();
  const described = months
    .filter((month) => monthTotal(month) > 0)
    .map((month) => `${monthName(month.month)} ${money.format(monthTotal(month))}`)
    .join(', ');
  return (
    <ChartPanel
      title={EXPENSES_TEXTS.monthly}
      testId="monthly-spending"
      chartLabel={`${EXPENSES_TEXTS.monthly} chart: ${described || EXPENSES_TEXTS.noMonthly}`}
      chart={
        months.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            {EXPENSES_TEXTS.noMonthly}
          </p>
        ) : (
          <MonthlySpendingDrawing months={months} />
        )
      }
      table={
        <FiguresTable
          caption={EXPENSES_TEXTS.monthly}
          head={['Month', ...MONTHLY_SERIES.map((kind) => SPENDING_KIND_LABELS[kind]), 'Total']}
          rows={months.map((month) => ({
            key: month.month,
            cells: [
              monthName(month.month),
              ...MONTHLY_SERIES.map((kind) => money.format(month[kind])),
              money.format(monthTotal(month)),
            ],
          }))}
        />
      }
      after={
        <ul
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
          aria-label="Legend"
        >
          {MONTHLY_SERIES.map((kind) => (
            <li key={kind} className="flex items-center gap-1.5">
              <Swatch className={EXPENSE_SWATCHES[kind]} />
              {SPENDING_KIND_LABELS[kind]}
            </li>
          ))}
        </ul>
      }
    />
  );
}
