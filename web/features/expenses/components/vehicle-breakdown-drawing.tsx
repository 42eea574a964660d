/** The stacked bars of Expenses by Vehicle, one across for each vehicle, labels cut (001 §9). */
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type VehicleExpenses,
} from '@contract/expenses';
import { breakdownHeight, truncateLabel } from '../lib/expense-figures';
import { StackedBarsDrawing } from './stacked-bars-drawing';

export function VehicleBreakdownDrawing({ vehicles }: { vehicles: VehicleExpenses[] }) {
  const bars = vehicles.map((vehicle) => ({
    key: String(vehicle.vehicleId),
    label: truncateLabel(vehicle.name),
    title: vehicle.name,
    parts: EXPENSE_CATEGORIES.map((category) => ({
      category,
      name: EXPENSE_CATEGORY_LABELS[category],
      amount: vehicle[category],
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
