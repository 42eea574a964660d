/**
 * The Fuel & Energy tab's summary (decision 050), over the whole history: each energy's average
 * economy with its unit (Σ distance ÷ Σ quantity over the valid spans, the server's figure), and
 * for a vehicle with two energies each one's use per 100 of distance driven; the cost per
 * distance (fuel, energy and completed service over the distance driven); the distance driven;
 * the total cost. Figures come in the user's units with their units named; nothing is converted.
 */
import { type Economy, ENERGY_KINDS, type EnergySummary } from '@contract/energy';
import { sumAmounts } from '@contract/money';
import { UNIT_LABELS } from '@contract/units';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/class-names';
import { formatMoney } from '@web/lib/format';
import {
  formatCostPerDistance,
  formatDistance,
  formatEconomy,
  formatFigure,
} from '@web/lib/format-units';
import { Fuel, Gauge, type LucideIcon, Route, Wallet, Zap } from 'lucide-react';
import type { ReactNode } from 'react';

function Tile({
  icon: Icon,
  label,
  value,
  note,
  tone,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: ReactNode;
  tone: string;
  testId: string;
}) {
  return (
    <li
      className="grid min-w-0 content-start gap-1 rounded-xl border border-border bg-card p-3 shadow-card sm:p-4"
      data-testid={testId}
    >
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-md', tone)}>
          <Icon className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 leading-tight">{label}</span>
      </p>
      <p className="text-xl font-bold tracking-tight tabular-nums" data-slot="figure">
        {value}
      </p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </li>
  );
}

/** What an energy's tile says under its average: its use per 100, or why there is no average. */
function energyNote(summary: EnergySummary, hasTwoEnergies: boolean): string {
  const parts: string[] = [];
  if (hasTwoEnergies && summary.perHundred !== null) {
    parts.push(`${formatFigure(summary.perHundred, 1)} ${summary.perHundredUnit} driven`);
  }
  if (summary.batteryAverage !== null) {
    parts.push(`battery ${formatEconomy(summary.batteryAverage, summary.economyUnit)}`);
  }
  if (summary.chargingLoss !== null) {
    parts.push(`charging loss ${formatFigure(summary.chargingLoss * 100, 1)}%`);
  }
  if (summary.average === null) parts.push('needs two full fill-ups with odometers');
  const count = summary.entryCount;
  parts.push(`${count} ${count === 1 ? 'entry' : 'entries'}`);
  return parts.join(' · ');
}

export function EconomyTiles({
  economy,
  isLoading,
  currency,
}: {
  economy: Economy | null;
  isLoading: boolean;
  currency: string;
}) {
  if (isLoading || !economy) {
    return (
      <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-4" role="status" aria-label="Loading">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  const propulsion = economy.energies.filter(
    (summary) => ENERGY_KINDS[summary.energy].role === 'propulsion',
  );
  const hasTwoEnergies = propulsion.length > 1;
  const unit = economy.distanceUnit;
  const totalCost = sumAmounts([economy.energyCost, economy.serviceCost]);
  return (
    <ul aria-label="Fuel and energy summary" className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
      {economy.energies.map((summary) => (
        <Tile
          key={summary.energy}
          icon={ENERGY_KINDS[summary.energy].measure === 'electric' ? Zap : Fuel}
          label={`${ENERGY_KINDS[summary.energy].label} ${
            ENERGY_KINDS[summary.energy].role === 'auxiliary' ? 'use' : 'economy'
          }`}
          value={
            summary.average === null ? '—' : formatEconomy(summary.average, summary.economyUnit)
          }
          note={energyNote(summary, hasTwoEnergies)}
          tone="bg-primary-soft text-primary"
          testId={`economy-${summary.energy}`}
        />
      ))}
      <Tile
        icon={Gauge}
        label={`Cost per ${UNIT_LABELS[unit]}`}
        value={
          economy.costPerDistance === null
            ? '—'
            : formatCostPerDistance(economy.costPerDistance, unit, currency)
        }
        note="Fuel, energy and completed service"
        tone="bg-muted text-foreground"
        testId="cost-per-distance"
      />
      <Tile
        icon={Route}
        label="Distance driven"
        value={economy.distance === null ? '—' : formatDistance(economy.distance, unit)}
        note="From the odometer history"
        tone="bg-muted text-foreground"
        testId="distance-driven"
      />
      <Tile
        icon={Wallet}
        label="Total cost"
        value={formatMoney(totalCost, currency)}
        note={`Fuel & energy ${formatMoney(economy.energyCost, currency)} · service ${formatMoney(economy.serviceCost, currency)}`}
        tone="bg-muted text-foreground"
        testId="total-cost"
      />
    </ul>
  );
}
