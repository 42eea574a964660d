/**
 * The Vehicle Details card of the vehicle page (001 §2, §3, D3, D33): what the vehicle has cost
 * (total expenses, always shown: everything spent on it besides its price, D51; Money Invested,
 * with its planned part and the running costs on top of it; Planned Expenses) and its record count, the
 * maintenance status line, then each stored field only when it has a value: mileage in the unit
 * its odometer shows (decision 050), trim, color, VIN, license plate, purchase date, purchase
 * price, current value, and notes.
 */
import { VEHICLE_TEXTS, type Vehicle } from '@contract/vehicles';
import { PlannedNote } from '@web/components/planned-note';
import { SpentOnTopNote } from '@web/components/spent-on-top-note';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { cn } from '@web/lib/class-names';
import { formatDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';
import { useMoney } from '@web/lib/preferences';
import type { ReactNode } from 'react';
import { VehicleStatus } from './vehicle-status';

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg bg-muted/50 px-3 py-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold leading-tight tabular-nums">{value}</dd>
      {note}
    </div>
  );
}

function Fact({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('min-w-0 text-right text-sm font-medium', className)}>{children}</dd>
    </div>
  );
}

export function VehicleDetailsCard({ vehicle }: { vehicle: Vehicle }) {
  const headingId = `vehicle-${vehicle.id}-details`;
  const money = useMoney();
  return (
    <Card aria-labelledby={headingId} role="region" className="gap-5">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight tracking-tight">
          {VEHICLE_TEXTS.detailsTitle}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-2 gap-2.5">
          <Figure label="Total Expenses" value={money.format(vehicle.totalExpenses)} />
          <Figure label="Records" value={vehicle.recordCount.toLocaleString('en-US')} />
          <Figure
            label="Money Invested"
            value={money.format(vehicle.moneyInvested)}
            note={
              <>
                <PlannedNote planned={vehicle.plannedExpenses} as="dd" />
                <SpentOnTopNote spentOnTop={vehicle.spentOnTop} as="dd" />
              </>
            }
          />
          <Figure label="Planned Expenses" value={money.format(vehicle.plannedExpenses)} />
        </dl>

        <VehicleStatus vehicle={vehicle} wording="detail" />

        <dl className="divide-y divide-border border-y border-border">
          {vehicle.mileage !== null && (
            <Fact label="Mileage" className="tabular-nums">
              {formatDistance(vehicle.mileage, vehicle.odometerUnit)}
            </Fact>
          )}
          {vehicle.trim && <Fact label="Trim">{vehicle.trim}</Fact>}
          {vehicle.color && <Fact label="Color">{vehicle.color}</Fact>}
          {vehicle.vin && (
            <Fact label="VIN" className="font-mono break-all">
              {vehicle.vin}
            </Fact>
          )}
          {vehicle.licensePlate && <Fact label="License Plate">{vehicle.licensePlate}</Fact>}
          {vehicle.purchaseDate && (
            <Fact label="Purchase Date">{formatDate(vehicle.purchaseDate)}</Fact>
          )}
          {vehicle.purchasePrice !== null && (
            <Fact label="Purchase Price" className="tabular-nums">
              {money.format(vehicle.purchasePrice)}
            </Fact>
          )}
          {vehicle.currentValue !== null && (
            <Fact label="Current Value" className="tabular-nums">
              {money.format(vehicle.currentValue)}
            </Fact>
          )}
          <Fact label="Added">{formatDate(vehicle.addedAt)}</Fact>
        </dl>

        {vehicle.notes && (
          <div className="grid gap-1.5">
            <h3 className="text-sm font-medium">Notes</h3>
            <p className="text-sm whitespace-pre-wrap text-muted-foreground">{vehicle.notes}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
