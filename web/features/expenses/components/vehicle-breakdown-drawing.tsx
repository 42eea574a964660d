/** The stacked bars of Expenses by Vehicle (recharts, loaded lazily with the page's charts). */
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type VehicleExpenses,
} from '@contract/expenses';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { breakdownHeight, EXPENSE_COLORS, truncateLabel } from '../lib/expense-figures';
import { AXIS_TICK, TOOLTIP_PROPS } from './chart-theme';

/** One vehicle's label on one line (the axis would otherwise wrap it at its spaces). */
function VehicleTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}) {
  return (
    <text
      x={x}
      y={y}
      dy={4}
      textAnchor="end"
      fill={AXIS_TICK.fill}
      fontSize={AXIS_TICK.fontSize}
      className="recharts-cartesian-axis-tick-value"
    >
      {String(payload?.value ?? '')}
    </text>
  );
}

export function VehicleBreakdownDrawing({ vehicles }: { vehicles: VehicleExpenses[] }) {
  const bars = vehicles.map((vehicle) => ({ ...vehicle, label: truncateLabel(vehicle.name) }));
  return (
    <ResponsiveContainer width="100%" height={breakdownHeight(bars.length)}>
      <BarChart
        data={bars}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ left: 0, right: 8 }}
      >
        <CartesianGrid horizontal={false} stroke="var(--color-border)" />
        <XAxis type="number" hide />
        <YAxis
          type="category"
          dataKey="label"
          width={118}
          tick={VehicleTick}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          {...TOOLTIP_PROPS}
          labelFormatter={(_label, payload) => payload?.[0]?.payload?.name ?? ''}
        />
        {EXPENSE_CATEGORIES.map((category) => (
          <Bar
            key={category}
            dataKey={category}
            name={EXPENSE_CATEGORY_LABELS[category]}
            stackId="expenses"
            fill={EXPENSE_COLORS[category]}
            maxBarSize={32}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
