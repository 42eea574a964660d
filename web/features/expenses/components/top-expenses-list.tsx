/** 001 §2 Expense Details: one top list (5 records, costliest first) with vehicle and date. */
import type { TopExpense } from '@contract/expenses';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/format';
import { useMoney } from '@web/lib/preferences';
import { useId } from 'react';
import { Swatch } from './chart-panel';

export function TopExpensesList({
  title,
  items,
  swatch,
  emptyText,
}: {
  title: string;
  items: TopExpense[];
  swatch: string;
  emptyText: string;
}) {
  const titleId = useId();
  const money = useMoney();
  return (
    <Card className="min-w-0 gap-3" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Swatch className={swatch} />
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ol className="grid grid-cols-1 gap-3" aria-labelledby={titleId}>
            {items.map((item, index) => (
              <li
                key={item.id}
                className="flex min-w-0 items-start gap-3"
                data-testid="top-expense"
              >
                <span className="mt-0.5 w-4 shrink-0 text-sm font-semibold text-muted-foreground tabular-nums">
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{item.title}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {item.vehicleName}
                    {item.date ? ` · ${formatDate(item.date)}` : ''}
                  </p>
                </div>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {money.format(item.cost)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
