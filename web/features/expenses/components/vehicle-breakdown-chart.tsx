/**
 * 001 §2: the per-vehicle stacked breakdown, one bar per vehicle with its purchase, modifications,
 * maintenance and repairs in their colours (001 §9), vehicle labels cut to 15 characters. The
 * full names are in the tooltip and the table.
 */
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSES_TEXTS,
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
      {EXPENSE_CATEGORIES.map((category) => (
        <li key={category} className="flex items-center gap-1.5">
          <Swatch className={EXPENSE_SWATCHES[category]} />
          {EXPENSE_CATEGORY_LABELS[category]}
        </li>
      ))}
    </ul>
  );
}

export function VehicleBreakdownChart({ vehicles }: { vehicles: VehicleExpenses[] }) {
  const money = useMoney();
  const described = vehicles
    .map((vehicle) => `${vehicle.name} ${money.format(vehicle.total)}`)
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
          head={['Vehicle', ...EXPENSE_CATEGORIES.map((c) => EXPENSE_CATEGORY_LABELS[c]), 'Total']}
          rows={vehicles.map((vehicle) => ({
            key: vehicle.vehicleId,
            cells: [
              vehicle.name,
              ...EXPENSE_CATEGORIES.map((category) => money.format(vehicle[category])),
              money.format(vehicle.total),
            ],
          }))}
        />
      }
      after={<ExpenseLegend />}
    />
  );
}
