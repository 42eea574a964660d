/**
 * 001 §2 Expense Details, D51: the Vehicle Cost Summary, each vehicle's sum of every spending
 * category (fuel and energy too) and their total, everything spent on it in the period.
 */
import {
  EXPENSES_TEXTS,
  type ExpenseTotals,
  SPENDING_CATEGORIES,
  SPENDING_KINDS,
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
        {/* Phones get one block per vehicle: seven columns do not fit 390 px. */}
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
                {SPENDING_KINDS.map((kind) => (
                  <div key={kind} className="contents">
                    <dt className="text-muted-foreground">{SPENDING_CATEGORIES[kind].label}</dt>
                    <dd className="text-right">{money.format(row.sums[kind])}</dd>
                  </div>
                ))}
                <dt className="font-medium">Total</dt>
                <dd className="text-right font-semibold">{money.format(row.sums.spent)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden sm:block">
          <FiguresTable
            caption={EXPENSES_TEXTS.summary}
            head={[
              'Vehicle',
              ...SPENDING_KINDS.map((kind) => SPENDING_CATEGORIES[kind].label),
              'Total',
            ]}
            rows={vehicles.map((vehicle) => ({
              key: vehicle.vehicleId,
              cells: [
                vehicle.name,
                ...SPENDING_KINDS.map((kind) => money.format(vehicle[kind])),
                money.format(vehicle.spent),
              ],
            }))}
            foot={
              vehicles.length > 1
                ? [
                    'Total',
                    ...SPENDING_KINDS.map((kind) => money.format(totals[kind])),
                    money.format(totals.spent),
                  ]
                : undefined
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}
