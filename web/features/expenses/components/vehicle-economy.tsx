/**
 * Each vehicle's economy in the period (decision 050): every energy it has entries of, with its
 * average (distance over quantity between full fill-ups or charges) in the user's units, or why
 * there is none yet, and what was logged. For every plan: the fuel log's own figure. Nothing is
 * shown when no vehicle of the selection has fuel or charging logged.
 */
import { ENERGY_KINDS } from '@contract/energy';
import { EXPENSES_TEXTS, noAverageText, type VehicleEconomy } from '@contract/expenses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatEconomy } from '@web/lib/format-units';
import { useMoney } from '@web/lib/preferences';
import { useId } from 'react';

/** "3 fill-ups", "1 charge". */
const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function VehicleEconomyPanel({ vehicles }: { vehicles: VehicleEconomy[] }) {
  const titleId = useId();
  const money = useMoney();
  const logged = vehicles.filter((vehicle) => vehicle.energies.length > 0);
  if (logged.length === 0) return null;
  return (
    <Card
      className="min-w-0 gap-4"
      role="region"
      aria-labelledby={titleId}
      data-testid="vehicle-economy"
    >
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>{EXPENSES_TEXTS.economy}</h2>
        </CardTitle>
        <CardDescription>{EXPENSES_TEXTS.economyMeaning}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul
          className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={EXPENSES_TEXTS.economy}
        >
          {logged.map((vehicle) => (
            <li key={vehicle.vehicleId} className="min-w-0" data-testid="economy-vehicle">
              <p className="truncate text-sm font-medium">{vehicle.name}</p>
              <dl className="mt-2 grid gap-2">
                {vehicle.energies.map((summary) => {
                  const kind = ENERGY_KINDS[summary.energy];
                  return (
                    <div
                      key={summary.energy}
                      className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 rounded-lg bg-muted/50 px-3 py-2"
                    >
                      <dt className="text-sm">{kind.label}</dt>
                      <dd className="text-right">
                        {summary.average === null ? (
                          <span className="block max-w-44 text-xs text-muted-foreground">
                            {noAverageText(kind.entryNoun)}
                          </span>
                        ) : (
                          <span className="text-lg font-semibold whitespace-nowrap tabular-nums">
                            {formatEconomy(summary.average, summary.economyUnit)}
                          </span>
                        )}
                      </dd>
                      <dd className="col-span-2 text-xs text-muted-foreground tabular-nums">
                        {countOf(summary.entryCount, kind.entryNoun)} · {money.format(summary.cost)}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
