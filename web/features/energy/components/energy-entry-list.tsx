/**
 * A vehicle's fill-ups and charges, newest first (decision 050): the date, the odometer (marked,
 * with the reason, when its reading is flagged and kept out of economy), the quantity in the
 * user's unit, the price per that unit, the total, full or partial, the place; and on the entry
 * that closes a span its economy figure, or the reason it has none (ECONOMY_REASONS). Edit and
 * Delete on each; "Load more" asks for the next page.
 */
import { ECONOMY_REASONS, ENERGY_KINDS, type EnergyEntry } from '@contract/energy';
import type { Preferences } from '@contract/units';
import type { Vehicle } from '@contract/vehicles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate, formatMoney } from '@web/lib/format';
import {
  formatDistance,
  formatEnergyQuantity,
  formatUnitPrice,
  priceInUnit,
  quantityUnitFor,
} from '@web/lib/format-units';
import { AlertTriangle, Fuel, Paperclip, Pencil, Trash2, Zap } from 'lucide-react';
import { type EntrySpan, spanVerdict } from '../lib/economy-figures';
import { entryKindOf } from '../lib/entry-kinds';

export type EntryActions = {
  onEdit: (entry: EnergyEntry) => void;
  onDelete: (entry: EnergyEntry) => void;
};

function SpanLine({ entrySpan }: { entrySpan: EntrySpan | undefined }) {
  if (!entrySpan) return null;
  const verdict = spanVerdict(entrySpan);
  return (
    <p className="text-sm" data-testid="entry-economy">
      {verdict.economy ? (
        <span className="font-semibold text-foreground tabular-nums">{verdict.economy}</span>
      ) : (
        <span className="text-muted-foreground">{verdict.reason}</span>
      )}
      {verdict.battery && (
        <span className="text-muted-foreground"> · battery {verdict.battery}</span>
      )}
      {verdict.loss && (
        <span className="text-muted-foreground"> · charging loss {verdict.loss}</span>
      )}
    </p>
  );
}

function EntryRow({
  entry,
  vehicle,
  preferences,
  entrySpan,
  showsEnergy,
  actions,
}: {
  entry: EnergyEntry;
  vehicle: Vehicle;
  preferences: Preferences;
  entrySpan: EntrySpan | undefined;
  showsEnergy: boolean;
  actions: EntryActions;
}) {
  const kind = entryKindOf(entry.energy);
  const shownUnit = quantityUnitFor(entry.energy, preferences);
  const Icon = ENERGY_KINDS[entry.energy].measure === 'electric' ? Zap : Fuel;
  const date = formatDate(entry.date);
  const title = `${kind.name}, ${date}`;
  const receipt = entry.imageUrl ?? entry.fileUrl;
  return (
    <li
      data-testid="energy-entry"
      aria-label={title}
      className="grid gap-2 py-4 first:pt-0 last:pb-0"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 className="text-sm font-semibold">
              {date}
              {showsEnergy && (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · {ENERGY_KINDS[entry.energy].label}
                </span>
              )}
            </h3>
            <p className="text-base font-semibold tabular-nums" data-testid="entry-total">
              {formatMoney(entry.totalCost, preferences.currency)}
            </p>
          </div>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground tabular-nums">
            <div className="flex gap-1">
              <dt className="sr-only">Quantity</dt>
              <dd data-testid="entry-quantity" className="text-foreground">
                {formatEnergyQuantity(entry.canonicalQuantity, entry.energy, preferences)}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Price</dt>
              <dd data-testid="entry-price">
                {formatUnitPrice(
                  priceInUnit(entry.unitPrice, entry.unit, shownUnit),
                  shownUnit,
                  preferences.currency,
                )}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Odometer</dt>
              <dd data-testid="entry-odometer" className="flex items-center gap-1">
                {entry.odometer === null ? (
                  'No odometer'
                ) : (
                  <>
                    {entry.isOdometerFlagged && (
                      <AlertTriangle className="size-4 text-warn" aria-hidden />
                    )}
                    {formatDistance(entry.odometer, vehicle.odometerUnit)}
                  </>
                )}
              </dd>
            </div>
            {entry.place && (
              <div className="flex min-w-0 gap-1">
                <dt className="sr-only">Place</dt>
                <dd className="truncate">{entry.place}</dd>
              </div>
            )}
          </dl>
          {entry.isOdometerFlagged && (
            <p
              className="flex items-start gap-1.5 rounded-md bg-warn-soft px-2 py-1 text-sm text-foreground"
              data-testid="entry-flag"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden />
              {ECONOMY_REASONS.flaggedOdometer}: check it in the odometer history below.
            </p>
          )}
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant={entry.isFull ? 'secondary' : 'outline'}>
              {entry.isFull ? kind.fullLabel : kind.partialLabel}
            </Badge>
            {entry.missedPrevious && <Badge variant="outline">{kind.missedLabel}</Badge>}
            {receipt && (
              <a
                href={receipt}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 rounded-md text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Paperclip className="size-3.5" aria-hidden />
                Receipt
              </a>
            )}
          </div>
          <SpanLine entrySpan={entrySpan} />
          {entry.notes && (
            <p className="text-sm whitespace-pre-line text-muted-foreground">{entry.notes}</p>
          )}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={`Edit ${title}`}
            onClick={() => actions.onEdit(entry)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-destructive hover:bg-danger-soft hover:text-destructive"
            aria-label={`Delete ${title}`}
            onClick={() => actions.onDelete(entry)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}

export function EnergyEntryList({
  entries,
  vehicle,
  preferences,
  spans,
  actions,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: {
  entries: readonly EnergyEntry[];
  vehicle: Vehicle;
  preferences: Preferences;
  spans: Map<number, EntrySpan>;
  actions: EntryActions;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}) {
  const showsEnergy = new Set(entries.map((entry) => entry.energy)).size > 1;
  return (
    <div className="grid gap-3">
      <ul
        aria-label="Fill-ups and charges"
        className="divide-y divide-border rounded-xl border border-border bg-card p-4 shadow-card"
      >
        {entries.map((entry) => (
          <EntryRow
            key={entry.id}
            entry={entry}
            vehicle={vehicle}
            preferences={preferences}
            entrySpan={spans.get(entry.id)}
            showsEnergy={showsEnergy}
            actions={actions}
          />
        ))}
      </ul>
      {hasMore && (
        <Button
          variant="outline"
          onClick={onLoadMore}
          disabled={isLoadingMore}
          className="justify-self-center"
        >
          {isLoadingMore ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
