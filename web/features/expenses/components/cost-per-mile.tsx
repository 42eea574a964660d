/**
 * D37 advanced analytics: what each mile has cost to keep each vehicle running, with what that
 * figure means written beside it (maintenance and repairs of all time over the odometer reading).
 * A list rather than a table, so that it reads on a phone without scrolling sideways.
 */
import { type CostPerMile, EXPENSES_TEXTS } from '@contract/expenses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatMoney } from '@web/lib/format';

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
          <ul className="grid grid-cols-1 gap-3" aria-label={EXPENSES_TEXTS.costPerMile}>
            {rows.map((row) => (
              <li
                key={row.vehicleId}
                className="flex items-center justify-between gap-3 border-b border-border pb-3 last:border-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{row.name}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatMoney(row.runningCosts)}
                    {row.mileage === null ? '' : ` over ${miles.format(row.mileage)} mi`}
                  </p>
                </div>
                {row.costPerMile === null ? (
                  <span className="shrink-0 text-sm text-muted-foreground">
                    {EXPENSES_TEXTS.mileageUnknown}
                  </span>
                ) : (
                  <span className="shrink-0 text-lg font-semibold tabular-nums">
                    {formatMoney(row.costPerMile)}
                    <span className="text-sm font-normal text-muted-foreground">/mi</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
