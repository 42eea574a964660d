/** The ring of Expense Distribution (recharts, loaded with the first chart the page draws). */
import type { ExpenseCategory } from '@contract/expenses';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { EXPENSE_COLORS } from '../lib/expense-figures';
import { TOOLTIP_PROPS } from './chart-theme';

export type DistributionSlice = { category: ExpenseCategory; name: string; amount: number };

export function DistributionDrawing({ slices }: { slices: DistributionSlice[] }) {
  const shown = slices.filter((slice) => slice.amount > 0);
  return (
    <ResponsiveContainer width="100%" height={220}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={shown}
          dataKey="amount"
          nameKey="name"
          innerRadius="55%"
          outerRadius="90%"
          paddingAngle={shown.length > 1 ? 1 : 0}
          // A lone slice is a full ring: a stroke would draw a seam across it.
          stroke={shown.length > 1 ? 'var(--color-card)' : 'none'}
          isAnimationActive={false}
        >
          {shown.map((slice) => (
            <Cell key={slice.category} fill={EXPENSE_COLORS[slice.category]} />
          ))}
        </Pie>
        <Tooltip {...TOOLTIP_PROPS} />
      </PieChart>
    </ResponsiveContainer>
  );
}
