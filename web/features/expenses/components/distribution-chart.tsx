/**
 * 001 §2 Expense Distribution: every spending category (D51: fuel and energy too) as a ring in
 * their colours (001 §9), with the list of amounts and rounded percents of their sum beside it.
 * A switch leaves the purchase price out, since a car's price can fill nearly the whole ring and
 * hide what it has cost since.
 */
import { EXPENSES_TEXTS, type ExpenseTotals } from '@contract/expenses';
import { Switch } from '@web/components/ui/switch';
import { useMoney } from '@web/lib/preferences';
import { useId, useState } from 'react';
import { distributionOf, EXPENSE_SWATCHES, percentOf } from '../lib/expense-figures';
import { ChartPanel, FiguresTable, Swatch } from './chart-panel';
import { DistributionDrawing } from './distribution-drawing';

const INCLUDE_PURCHASE = 'Include purchase price';
const WITHOUT_PURCHASE = 'Total without purchase price';

export function DistributionChart({ totals }: { totals: ExpenseTotals }) {
  const [includePurchase, setIncludePurchase] = useState(true);
  const money = useMoney();
  const switchId = useId();
  const { slices, whole } = distributionOf(totals, { includePurchase });
  const described = slices
    .map((slice) => `${slice.name} ${money.format(slice.amount)} (${slice.percent}%)`)
    .join(', ');

  return (
    <ChartPanel
      title={EXPENSES_TEXTS.distribution}
      testId="expense-distribution"
      chartLabel={`${EXPENSES_TEXTS.distribution} chart: ${described}`}
      chart={
        whole > 0 ? (
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
            cells: [slice.name, money.format(slice.amount), `${slice.percent}%`],
          }))}
          foot={[
            includePurchase ? EXPENSES_TEXTS.totalSpent : WITHOUT_PURCHASE,
            money.format(whole),
            `${percentOf(whole, whole)}%`,
          ]}
        />
      }
      after={
        <div className="grid gap-3">
          <div className="flex items-center justify-between gap-3 border-b border-border pb-3">
            <label htmlFor={switchId} className="text-sm font-medium">
              {INCLUDE_PURCHASE}
            </label>
            <Switch id={switchId} checked={includePurchase} onCheckedChange={setIncludePurchase} />
          </div>
          <ul className="grid gap-2 text-sm" aria-label={`${EXPENSES_TEXTS.distribution} list`}>
            {slices.map((slice) => (
              <li
                key={slice.category}
                className="flex items-center gap-2"
                data-testid="distribution-item"
              >
                <Swatch className={EXPENSE_SWATCHES[slice.category]} />
                <span className="flex-1">{slice.name}</span>
                <span className="tabular-nums font-medium">{money.format(slice.amount)}</span>
                <span className="w-11 text-right tabular-nums text-muted-foreground">
                  {slice.percent}%
                </span>
              </li>
            ))}
          </ul>
        </div>
      }
    />
  );
}
