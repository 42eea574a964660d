/**
 * The hero's decorative dashboard (000 §2): fixed sample figures, not live data. Hidden from
 * screen readers, which get its sentence instead.
 */
import { formatMoney } from '@web/lib/format';
import { CalendarClock, FileText, Wrench } from 'lucide-react';

const BARS = [38, 62, 45, 80, 54, 92, 70];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul'];

export function MockDashboardCard() {
  return (
    <figure className="relative w-full max-w-md">
      <figcaption className="sr-only">
        An example Garage Ledger dashboard: 10 records, 6 items, $7,520 of expenses.
      </figcaption>
      <div
        aria-hidden="true"
        className="rounded-2xl border border-white/60 bg-card/95 p-5 shadow-raised backdrop-blur"
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
        <div className="grid grid-cols-3 gap-3">
          <Stat icon={<FileText className="size-4" />} label="Records" value="10" />
          <Stat icon={<CalendarClock className="size-4" />} label="Items" value="6" />
          <Stat
            icon={<Wrench className="size-4" />}
            label="Expenses"
            value={formatMoney(7520).replace('.00', '')}
          />
        </div>
        <div className="mt-5 rounded-xl bg-muted/70 p-4">
          <p className="mb-3 text-xs font-medium text-muted-foreground">Monthly spend</p>
          <div className="flex h-24 items-end gap-2">
            {BARS.map((height, index) => (
              <div key={MONTHS[index]} className="flex h-full flex-1 flex-col items-center gap-1">
                <div className="flex w-full flex-1 items-end">
                  <div
                    className="w-full rounded-t-md bg-linear-to-t from-primary to-primary/50"
                    style={{ height: `${height}%` }}
                  />
                </div>
                <span className="text-[10px] text-muted-foreground">{MONTHS[index]}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-background p-3">
      <div className="mb-1 flex items-center gap-1.5 text-muted-foreground">
        {icon}
        <span className="text-xs">{label}</span>
      </div>
      <p className="text-lg font-semibold tabular-nums">{value}</p>
    </div>
  );
}
