/** The stacked monthly bars of Monthly Spending, one upwards for each month. */
import { MONTHLY_SERIES, type MonthlySpending, SPENDING_KIND_LABELS } from '@contract/expenses';
import { formatMonthYear } from '@web/lib/format';
import { StackedBarsDrawing } from './stacked-bars-drawing';

/** `2024-03` → "Mar 2024" under its bar. */
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

export function MonthlySpendingDrawing({ months }: { months: MonthlySpending[] }) {
  const bars = months.map((month) => {
    const [year, monthNumber] = month.month.split('-').map(Number);
    return {
      key: month.month,
      label: shortMonth.format(new Date(year ?? 1970, (monthNumber ?? 1) - 1, 1)),
      title: formatMonthYear(`${month.month}-01`),
      parts: MONTHLY_SERIES.map((kind) => ({
        category: kind,
        name: SPENDING_KIND_LABELS[kind],
        amount: month[kind],
      })),
    };
  });
  return <StackedBarsDrawing bars={bars} direction="upwards" height={240} maxBarSize={40} />;
}
