/**
 * What the Fuel & Energy tab draws from the economy answer (decision 050): the span each entry
 * closes, matched by `toEntryId`, with the figure or the reason it has none; and the points of the
 * two charts, economy per span and price per unit per span, per energy. The server gives every
 * figure in the user's units with the unit named beside it; nothing is converted here.
 */
import {
  ECONOMY_REASONS,
  type Economy,
  type EconomySpan,
  ENERGY_KINDS,
  type Energy,
  type EnergySummary,
} from '@contract/energy';
import { formatEconomy, formatFigure } from '@web/lib/format-units';

/** The span an entry closes (or, for an open span, the latest partial entry of it). */
export type EntrySpan = { span: EconomySpan; summary: EnergySummary };

/** The spans of one or more economy answers (the whole history's and older pages'), by entry. */
export function spansByEntry(
  ...answers: readonly (Economy | null | undefined)[]
): Map<number, EntrySpan> {
  const spans = new Map<number, EntrySpan>();
  for (const economy of answers) {
    for (const summary of economy?.energies ?? []) {
      for (const span of summary.spans) spans.set(span.toEntryId, { span, summary });
    }
  }
  return spans;
}

/**
 * What an entry's row says of its span: the economy figure, or the reason there is none; and for
 * a charge, the battery's own figure and the charging loss when they are known.
 */
export function spanVerdict({ span, summary }: EntrySpan): {
  economy: string | null;
  reason: string | null;
  battery: string | null;
  loss: string | null;
} {
  return {
    economy: span.economy === null ? null : formatEconomy(span.economy, summary.economyUnit),
    reason: span.reason === null ? null : ECONOMY_REASONS[span.reason],
    battery:
      span.batteryEconomy === null ? null : formatEconomy(span.batteryEconomy, summary.economyUnit),
    loss: span.chargingLoss === null ? null : `${formatFigure(span.chargingLoss * 100, 1)}%`,
  };
}

/** A point of a chart: the entry that closes its span, its date and its figure. */
export type ChartPoint = { entryId: number; date: string; value: number };
export type ChartSeries = {
  energy: Energy;
  label: string;
  /** The unit of the values ('MPG', '$/gal'…). */
  unit: string;
  /** True when a larger value means more used (L/100 km): the chart says "lower is better". */
  isConsumption: boolean;
  points: ChartPoint[];
};

const isPropulsion = (summary: EnergySummary) => ENERGY_KINDS[summary.energy].role === 'propulsion';

/**
 * Economy per valid span over time, per propulsion energy with at least one figure: a span
 * without a figure is no point (a chart never places a missing figure).
 */
export function economySeries(economy: Economy | null | undefined): ChartSeries[] {
  return (economy?.energies ?? []).filter(isPropulsion).flatMap((summary) => {
    const points = summary.spans.flatMap((span) =>
      span.economy === null || !Number.isFinite(span.economy)
        ? []
        : [{ entryId: span.toEntryId, date: span.to, value: span.economy }],
    );
    return points.length === 0
      ? []
      : [
          {
            energy: summary.energy,
            label: ENERGY_KINDS[summary.energy].label,
            unit: summary.economyUnit,
            isConsumption: summary.isConsumption,
            points,
          },
        ];
  });
}

/**
 * Price per unit over time: each span's cost over its quantity (every entry belongs to one span,
 * the first fill-up and an open span included, so the whole history is drawn), per energy.
 */
export function priceSeries(economy: Economy | null | undefined, currencySymbol: string) {
  return (economy?.energies ?? []).flatMap((summary): ChartSeries[] => {
    const points = summary.spans.flatMap((span) =>
      span.quantity > 0 && Number.isFinite(span.cost)
        ? [{ entryId: span.toEntryId, date: span.to, value: span.cost / span.quantity }]
        : [],
    );
    return points.length === 0
      ? []
      : [
          {
            energy: summary.energy,
            label: ENERGY_KINDS[summary.energy].label,
            unit: `${currencySymbol}/${summary.quantityUnit}`,
            isConsumption: true,
            points,
          },
        ];
  });
}
