/** The stacked bars of Expenses by Vehicle, one across for each vehicle, labels cut (001 §9). */
import { SPENDING_CATEGORIES, SPENDING_KINDS, type VehicleExpenses } from '@contract/expenses';
import { breakdownHeight, truncateLabel } from '../lib/expense-figures';
import { StackedBarsDrawing } from './stacked-bars-drawing';

export function VehicleBreakdownDrawing({ vehicles }: { vehicles: VehicleExpenses[] }) {
  const bars = vehicles.map((vehicle) => ({
    key: String(vehicle.vehicleId),
    label: truncateLabel(vehicle.name),
    title: vehicle.name,
    parts: SPENDING_KINDS.map((kind) => ({
      category: kind,
      name: SPENDING_CATEGORIES[kind].label,
      amount: vehicle[kind],
    })),
  }));
  return (
    <StackedBarsDrawing
      bars={bars}
      direction="across"
      height={breakdownHeight(bars.length)}
      maxBarSize={32}
    />
  );
}
