/**
 * The hero's decorative dashboard (000 §2): fixed sample figures, not live data. Hidden from
 * screen readers, which get its sentence instead.
 */
import { formatMoney } from '@web/lib/money';
import { BellRing, CalendarClock, FileText, Wrench } from 'lucide-react';
import type * as React from 'react';

const MONTHLY_SPEND = [
  { month: 'Jan', percent: 38 },
  { month: 'Feb', percent: 62 },
  { month: 'Mar', percent: 45 },
  { month: 'Apr', percent: 80 },
  { month: 'May', percent: 54 },
  { month: 'Jun', percent: 92 },
  { month: 'Jul', percent: 70 },
];

export function MockDashboardCard() {
  return (
    <figure className="relative w-full max-w-md">
      <figcaption className="sr-only">
        An example Garage Ledger dashboard: 10 records, 6 items, $7,520 of expenses.
      </figcaption>
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[2rem] bg-linear-to-tr from-primary/15 via-primary-soft to-transparent blur-xl"
      />
      <div
        aria-hidden="true"
        className="rounded-2xl border border-border/70 bg-card/95 p-4 shadow-raised backdrop-blur sm:p-5"
      >
        <div className="mb-4 flex items-center justify-between">
          <div>
            <p className="text-xs font-medium text-muted-foreground">My Garage</p>
            <p className="text-base font-semibold">1998 Toyota Supra</p>
          </div>
          <span className="rounded-full bg-primary-soft px-2.5 py-1 text-xs font-medium text-accent-foreground">
            Project
          </span>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          <Stat icon={<FileText className="size-4" />} label="Records" value="10" />
          <Stat icon={<CalendarClock className="size-4" />} label="Items" value="6" />
          <Stat
            icon={<Wrench className="size-4" />}
            label="Expenses"
            value={formatMoney(7520).replace('.00', '')}
          />
        </div>
        <div className="mt-4 rounded-xl bg-muted/70 p-4">
          <div className="mb-3 flex items-center justify-between">
            <p className="text-xs font-medium text-muted-foreground">Monthly spend</p>
            <p className="text-xs font-medium text-primary">+12% vs last year</p>
          </div>
          <div className="flex h-24 items-end gap-2">
            {MONTHLY_SPEND.map(({ month, percent }) => (
              <div
                key={month}
                className="flex-1 rounded-t-md bg-linear-to-t from-primary to-primary/45"
                style={{ height: `${percent}%` }}
              />
            ))}
          </div>
          <div className="mt-1.5 flex gap-2">
            {MONTHLY_SPEND.map(({ month }) => (
              <span key={month} className="flex-1 text-center text-[10px] text-muted-foreground">
                {month}
              </span>
            ))}
          </div>
        </div>
        <div className="mt-4 flex items-center gap-3 rounded-xl border bg-background p-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-expense-maintenance/15 text-expense-maintenance">
            <Wrench className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">Timing belt service</p>
            <p className="text-xs text-muted-foreground">Due at 90,000 mi</p>
          </div>
          <span className="text-sm font-semibold tabular-nums">{formatMoney(860)}</span>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="absolute -bottom-12 -left-2 flex items-center gap-3 rounded-xl border bg-card px-4 py-3 shadow-raised sm:-left-8"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-warn-soft text-warn">
          <BellRing className="size-4" />
        </span>
        <div>
          <p className="text-sm font-semibold">Oil change</p>
          <p className="text-xs text-muted-foreground">Due in 5 days</p>
        </div>
      </div>
    </figure>
  );
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border bg-background p-2.5 sm:p-3">
      <div className="mb-1 flex items-center gap-1.5 text-muted-foreground">
        {icon}
        <span className="truncate text-xs">{label}</span>
      </div>
      <p className="text-base font-semibold tabular-nums sm:text-lg">{value}</p>
    </div>
  );
}
