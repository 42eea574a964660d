/**
 * The dashboard's summary strip (000 §2): Total Vehicles, Upcoming Services and Total Invested
 * (with its planned part, D48, and the running costs spent on top of it, D51),
 * three columns on wide screens and two on narrow ones (the third tile then takes the row).
 */
import { DASHBOARD_TEXTS } from '@contract/dashboard';
import { PlannedNote } from '@web/components/planned-note';
import { SpentOnTopNote } from '@web/components/spent-on-top-note';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/class-names';
import { useMoney } from '@web/lib/preferences';
import { CalendarClock, Car, type LucideIcon, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';

export type SummaryFigures = {
  totalVehicles: number;
  upcomingServices: number | null;
  totalInvested: number;
  /** The planned part of Total Invested (D48). */
  plannedInvested: number;
  /** The running costs spent on top of Total Invested (D51). */
  spentOnTop: number;
};

function Tile({
  icon: Icon,
  label,
  value,
  tone,
  className,
  isLoading,
  note,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  tone: string;
  className?: string;
  isLoading: boolean;
  /** A line under the figure saying what it holds. */
  note?: ReactNode;
}) {
  return (
    <li
      className={cn(
        'flex items-center gap-4 rounded-xl border border-border bg-card p-4 shadow-card sm:p-5',
        className,
      )}
    >
      <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl', tone)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        {isLoading ? (
          <Skeleton className="mt-1 h-7 w-20" />
        ) : (
          <p className="truncate text-2xl font-bold tracking-tight tabular-nums">{value}</p>
        )}
        {!isLoading && note}
      </div>
    </li>
  );
}

export function SummaryTiles({
  figures,
  isLoading,
}: {
  figures: SummaryFigures;
  isLoading: boolean;
}) {
  const money = useMoney();
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-4 lg:grid-cols-3">
      <Tile
        icon={Car}
        label={DASHBOARD_TEXTS.totalVehicles}
        value={String(figures.totalVehicles)}
        tone="bg-primary-soft text-primary"
        isLoading={isLoading}
      />
      <Tile
        icon={CalendarClock}
        label={DASHBOARD_TEXTS.upcomingServices}
        value={figures.upcomingServices === null ? '—' : String(figures.upcomingServices)}
        tone="bg-warn-soft text-warn"
        isLoading={isLoading}
      />
      <Tile
        icon={Wallet}
        label={DASHBOARD_TEXTS.totalInvested}
        value={money.format(figures.totalInvested)}
        note={
          <>
            <PlannedNote planned={figures.plannedInvested} />
            <SpentOnTopNote spentOnTop={figures.spentOnTop} />
          </>
        }
        tone="bg-success-soft text-success"
        className="col-span-2 lg:col-span-1"
        isLoading={isLoading}
      />
    </ul>
  );
}
