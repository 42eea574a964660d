/** 001 §2 Expense Details: the Vehicle Cost Summary, each vehicle's four sums and total. */
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSES_TEXTS,
  type ExpenseTotals,
  type VehicleExpenses,
} from '@contract/expenses';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useMoney } from '@web/lib/preferences';
import { FiguresTable } from './chart-panel';

export function VehicleCostSummary({
  vehicles,
  totals,
}: {
  vehicles: VehicleExpenses[];
  totals: ExpenseTotals;
}) {
  const money = useMoney();
  return (
    <Card className="min-w-0 gap-4" role="region" aria-labelledby="vehicle-cost-summary-title">
      <CardHeader>
        <CardTitle id="vehicle-cost-summary-title">
          <h2>{EXPENSES_TEXTS.summary}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {/* Phones get one block per vehicle: six columns do not fit 390 px. */}
        <ul className="grid gap-4 sm:hidden" aria-label={EXPENSES_TEXTS.summary}>
          {[
            ...vehicles.map((vehicle) => ({
              key: vehicle.vehicleId,
              name: vehicle.name,
              sums: vehicle,
            })),
            ...(vehicles.length > 1 ? [{ key: 'total', name: 'Total', sums: totals }] : []),
          ].map((row) => (
            <li
              key={row.key}
              className="grid gap-2 border-b border-border pb-4 last:border-0 last:pb-0"
              data-testid="summary-vehicle"
            >
              <p className="font-semibold">{row.name}</p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums">
                {EXPENSE_CATEGORIES.map((category) => (
                  <div key={category} className="contents">
                    <dt className="text-muted-foreground">{EXPENSE_CATEGORY_LABELS[category]}</dt>
                    <dd className="text-right">{money.format(row.sums[category])}</dd>
                  </div>
                ))}
                <dt className="font-medium">Total</dt>
                <dd className="text-right font-semibold">{money.format(row.sums.total)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden sm:block">
          <FiguresTable
            caption={EXPENSES_TEXTS.summary}
            head={[
              'Vehicle',
              ...EXPENSE_CATEGORIES.map((c) => EXPENSE_CATEGORY_LABELS[c]),
              'Total',
            ]}
            rows={vehicles.map((vehicle) => ({
              key: vehicle.vehicleId,
              cells: [
                vehicle.name,
                ...EXPENSE_CATEGORIES.map((category) => money.format(vehicle[category])),
                money.format(vehicle.total),
              ],
            }))}
            foot={
              vehicles.length > 1
                ? [
                    'Total',
                    ...EXPENSE_CATEGORIES.map((category) => money.format(totals[category])),
                    money.format(totals.total),
                  ]
                : undefined
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}
