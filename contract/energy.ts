/**
 * Fuel and energy (decision 050): the energies a vehicle runs on, what differs between them
 * (stated once, in ENERGY_KINDS), the reasons an economy figure can be missing, the messages of
 * the energy calls, and the types of their payloads and answers. The schemas are in
 * `schemas/energy.ts`.
 */
import type { z } from 'zod';
import type { CHARGER_KINDS, Energy } from './rules/energy';
import type {
  economySchema,
  economySpanSchema,
  energyEntryInputSchema,
  energyEntryPageSchema,
  energyEntrySchema,
  energyEntryUpdateSchema,
  energySummarySchema,
} from './schemas/energy';

export {
  CHARGER_KINDS,
  ECONOMY_REASONS,
  type EconomyReason,
  ENERGIES,
  ENERGY_KINDS,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  ENERGY_PAGE,
  type Energy,
  type EnergyKind,
  PROPULSION_ENERGIES,
} from './rules/energy';

export type PropulsionEnergy = Exclude<Energy, 'adblue'>;

export type ChargerKind = (typeof CHARGER_KINDS)[number];
export const CHARGER_KIND_LABELS: Record<ChargerKind, string> = {
  home: 'Home',
  ac: 'Public AC',
  dc: 'DC fast',
};

/**
 * The most spans of one energy the economy answer lists: the period's latest. Averages and
 * totals still count every span of the period; a client wanting older spans asks for a period.
 * A 27-year log of daily fill-ups has 9,000 spans, 1.7 MB of JSON no screen shows at once.
 */
export const ECONOMY_SPANS_MAX = 200;

export type EnergyEntryInput = z.input<typeof energyEntryInputSchema>;
export type EnergyEntryPayload = z.output<typeof energyEntryInputSchema>;
export type EnergyEntryUpdatePayload = z.output<typeof energyEntryUpdateSchema>;
export type EnergyEntry = z.infer<typeof energyEntrySchema>;
export type EnergyEntryPage = z.infer<typeof energyEntryPageSchema>;
export type EconomySpan = z.infer<typeof economySpanSchema>;
export type EnergySummary = z.infer<typeof energySummarySchema>;
export type Economy = z.infer<typeof economySchema>;

/** A figure rounded to `decimals` places, half away from zero, without binary drift (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const magnitude = Math.abs(value);
  const scale = 10 ** decimals;
  const scaled = magnitude * scale;
  // Far from a half, the product's binary error (under 1e-7 below 1e8) cannot change the answer
  // and plain arithmetic is exact enough; near one (1.005 × 100 = 100.49999999999999), and for
  // large figures, the decimal point is moved in the number's text. Economy answers round tens
  // of thousands of figures, so the text is kept for the few that need it.
  const isNearHalf = Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-7;
  const rounded =
    scaled < 1e8 && !isNearHalf
      ? Math.round(scaled) / scale
      : shiftDecimalPoint(Math.round(shiftDecimalPoint(magnitude, decimals)), -decimals);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * `value` × 10^places, moved in the number's text so that 1.005 stays 100.5 (not
 * 100.49999999999999). The text may already carry an exponent (1.1e-16, 1e+21): add to it.
 */
function shiftDecimalPoint(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

export type EnergyAmounts = {
  quantity: number | null | undefined;
  unitPrice: number | null | undefined;
  totalCost: number | null | undefined;
};

/**
 * Any two of quantity, price per unit and total cost give the third: the total to the cent (D3),
 * a price or a quantity to 3 decimals, as pumps show them. With all three, they must agree to
 * within a cent. 'missing' when fewer than two (or a zero price or quantity leaves the third
 * unknown).
 */
export function completeAmounts(
  amounts: EnergyAmounts,
): { quantity: number; unitPrice: number; totalCost: number } | 'missing' | 'inconsistent' {
  const { quantity, unitPrice, totalCost } = amounts;
  const has = (value: number | null | undefined): value is number =>
    value !== null && value !== undefined;
  if (has(quantity) && has(unitPrice)) {
    const product = roundTo(quantity * unitPrice, 2);
    if (has(totalCost) && Math.abs(product - totalCost) > 0.01 + 1e-9) return 'inconsistent';
    return { quantity, unitPrice, totalCost: has(totalCost) ? totalCost : product };
  }
  if (has(quantity) && has(totalCost) && quantity > 0) {
    return { quantity, unitPrice: roundTo(totalCost / quantity, 3), totalCost };
  }
  if (has(unitPrice) && has(totalCost) && unitPrice > 0) {
    const derived = roundTo(totalCost / unitPrice, 3);
    return derived > 0 ? { quantity: derived, unitPrice, totalCost } : 'missing';
  }
  return 'missing';
}
