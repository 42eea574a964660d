/** The stacked monthly bars of Monthly Spending (recharts, loaded lazily with the charts). */
import {
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_RECORD_KINDS,
  type MonthlySpending,
} from '@contract/expenses';
import { formatMonthYear } from '@web/lib/format';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { EXPENSE_COLORS } from '../lib/expense-figures';
import { AXIS_TICK, TOOLTIP_PROPS } from './chart-theme';

export function MonthlySpendingDrawing({ months }: { months: MonthlySpending[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={months} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="month" tick={AXIS_TICK} tickLine={false} minTickGap={12} />
        <Tooltip
          {...TOOLTIP_PROPS}
          labelFormatter={(label) => formatMonthYear(`${String(label)}-01`)}
        />
        {EXPENSE_RECORD_KINDS.map((kind) => (
          <Bar
            key={kind}
            dataKey={kind}
            name={EXPENSE_CATEGORY_LABELS[kind]}
            stackId="months"
            fill={EXPENSE_COLORS[kind]}
            maxBarSize={40}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
