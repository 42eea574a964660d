/**
 * D37 advanced analytics, D48: what each mile (or kilometre, D49) has cost to keep each vehicle
 * running in the period: its completed maintenance and repairs plus fuel and energy, over the
 * distance driven from the odometer history, with what that figure means written beside it. A
 * list rather than a table, so that it reads on a phone without scrolling sideways.
 */
import {
  COST_PER_DISTANCE_TEXTS,
  type CostPerDistance,
  EXPENSES_TEXTS,
  SPENDING_KIND_LABELS,
} from '@contract/expenses';
import type { DistanceUnit } from '@contract/units';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatCostPerDistance, formatDistance } from '@web/lib/format-units';
import { type Money, useMoney } from '@web/lib/preferences';
import { useId } from 'react';

/** "$300.00 service + $90.00 fuel & energy over 900 mi". */
function runningCostsLine(row: CostPerDistance, unit: DistanceUnit, money: Money): string {
  const parts = [`${money.format(row.serviceCost)} service`];
  if (row.energyCost > 0) {
    parts.push(`${money.format(row.energyCost)} ${SPENDING_KIND_LABELS.energy.toLowerCase()}`);
  }
  const over = row.distance === null ? '' : ` over ${formatDistance(row.distance, unit)}`;
  return `${parts.join(' + ')}${over}`;
}

export function CostPerDistancePanel({
  rows,
  distanceUnit,
}: {
  rows: CostPerDistance[];
  distanceUnit: DistanceUnit;
}) {
  const titleId = useId();
  const money = useMoney();
  const { title } = COST_PER_DISTANCE_TEXTS[distanceUnit];
  return (
    <Card
      className="min-w-0 gap-4"
      role="region"
      aria-labelledby={titleId}
      data-testid="cost-per-distance"
    >
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{EXPENSES_TEXTS.costPerDistanceMeaning}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{EXPENSES_TEXTS.noExpenses}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label={title}>
            {rows.map((row) => (
              <li
                key={row.vehicleId}
                className="flex items-center justify-between gap-3 border-b border-border pb-3 last:border-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{row.name}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {runningCostsLine(row, distanceUnit, money)}
                  </p>
                </div>
                {row.costPerDistance === null ? (
                  <span className="shrink-0 text-right text-sm text-muted-foreground">
                    {EXPENSES_TEXTS.distanceUnknown}
                  </span>
                ) : (
                  <span className="shrink-0 text-lg font-semibold tabular-nums">
                    {formatCostPerDistance(row.costPerDistance, distanceUnit, money.currency)}
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
