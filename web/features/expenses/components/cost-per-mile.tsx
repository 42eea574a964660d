/**
 * D37 advanced analytics: what each mile has cost to keep each vehicle running, with what that
 * figure means written beside it (maintenance and repairs of all time over the odometer reading).
 */
import { type CostPerMile, EXPENSES_TEXTS } from '@contract/expenses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatMoney } from '@web/lib/format';
import { FiguresTable } from './chart-panel';

const miles = new Intl.NumberFormat('en-US');

export function CostPerMilePanel({ rows }: { rows: CostPerMile[] }) {
  return (
    <Card
      className="min-w-0 gap-4"
      role="region"
      aria-labelledby="cost-per-mile-title"
      data-testid="cost-per-mile"
    >
      <CardHeader>
        <CardTitle id="cost-per-mile-title">
          <h2>{EXPENSES_TEXTS.costPerMile}</h2>
        </CardTitle>
        <CardDescription>{EXPENSES_TEXTS.costPerMileMeaning}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{EXPENSES_TEXTS.noExpenses}</p>
        ) : (
          <FiguresTable
            caption={EXPENSES_TEXTS.costPerMile}
            head={['Vehicle', 'Running costs', 'Mileage', 'Per mile']}
            rows={rows.map((row) => ({
              key: row.vehicleId,
              cells: [
                row.name,
                formatMoney(row.runningCosts),
                row.mileage === null ? '—' : `${miles.format(row.mileage)} mi`,
                row.costPerMile === null ? (
                  <span key="per-mile" className="text-muted-foreground">
                    {EXPENSES_TEXTS.mileageUnknown}
                  </span>
                ) : (
                  `${formatMoney(row.costPerMile)}/mi`
                ),
              ],
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}
