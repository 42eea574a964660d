/**
 * 001 §2, D51: the per-vehicle stacked breakdown, one bar per vehicle with every spending
 * category (its purchase, modifications, maintenance, repairs, fuel and energy) in their colours
 * (001 §9), vehicle labels cut to 15 characters. The full names are in the tooltip and the table;
 * a bar's total is everything spent on the vehicle.
 */
import {
  EXPENSES_TEXTS,
  SPENDING_CATEGORIES,
  SPENDING_KINDS,
  type VehicleExpenses,
} from '@contract/expenses';
import { useMoney } from '@web/lib/preferences';
import { EXPENSE_SWATCHES } from '../lib/expense-figures';
import { ChartPanel, FiguresTable, Swatch } from './chart-panel';
import { VehicleBreakdownDrawing } from './vehicle-breakdown-drawing';

export function ExpenseLegend() {
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-label="Legend"
    >
      {SPENDING_KINDS.map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <Swatch className={EXPENSE_SWATCHES[kind]} />
          {SPENDING_CATEGORIES[kind].label}
        </li>
      ))}
    </ul>
  );
}

export function VehicleBreakdownChart({ vehicles }: { vehicles: VehicleExpenses[] }) {
  const money = useMoney();
  const described = vehicles
    .map((vehicle) => `${vehicle.name} ${money.format(vehicle.spent)}`)
    .join(', ');
  return (
    <ChartPanel
      title={EXPENSES_TEXTS.byVehicle}
      testId="vehicle-breakdown"
      chartLabel={`${EXPENSES_TEXTS.byVehicle} chart: ${described || 'no vehicles'}`}
      chart={
        vehicles.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            {EXPENSES_TEXTS.noExpenses}
          </p>
        ) : (
          <VehicleBreakdownDrawing vehicles={vehicles} />
        )
      }
      table={
        <FiguresTable
          caption={EXPENSES_TEXTS.byVehicle}
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
        />
      }
      after={<ExpenseLegend />}
    />
  );
}
