/**
 * The check every reader makes before handing over a fill-up or a charge: the pipeline needs at
 * least two of quantity, unit price and total cost to complete the third (decision 050), so a row
 * with fewer is a problem named for what is missing, not a row.
 */
import type { Energy } from '@contract/energy';
import type { RawNumber } from './source';

export type EnergyAmounts = {
  quantity?: RawNumber | undefined;
  unitPrice?: RawNumber | undefined;
  totalCost?: RawNumber | undefined;
};

export function isGiven(value: RawNumber | undefined): value is RawNumber {
  return typeof value === 'number' ? Number.isFinite(value) : (value ?? '').trim() !== '';
}

/** Why the amounts cannot make a row, in the preview's words; null when they can. */
export function missingAmountsReason(
  amounts: EnergyAmounts,
  energy?: Energy | undefined,
): string | null {
  const given = [amounts.quantity, amounts.unitPrice, amounts.totalCost].filter(isGiven).length;
  if (given >= 2) return null;
  if (!isGiven(amounts.quantity)) {
    return energy === 'electricity' ? 'Energy charged (kWh) missing' : 'Fuel quantity missing';
  }
  return 'Price and total cost missing';
}

/** The amounts that are given, the others left out rather than set to undefined. */
export function givenAmounts(amounts: EnergyAmounts): {
  quantity?: RawNumber;
  unitPrice?: RawNumber;
  totalCost?: RawNumber;
} {
  return Object.fromEntries(
    Object.entries(amounts).filter(([, value]) => isGiven(value as RawNumber | undefined)),
  );
}

/** A text cell trimmed, or undefined when it is empty. */
export function filled(cell: string | undefined): string | undefined {
  const trimmed = cell?.trim();
  return trimmed ? trimmed : undefined;
}

/** Texts joined into one note, the empty ones left out. */
export function joinNotes(...parts: (string | undefined)[]): string | undefined {
  const kept = parts.map(filled).filter((part): part is string => part !== undefined);
  return kept.length > 0 ? kept.join('\n') : undefined;
}

type ReadAmounts = { quantity: number | null; unitPrice: number | null; totalCost: number | null };

/**
 * How far a row's quantity × price per unit misses its total, past the cent every entry may
 * miss by: 'none', 'rounding' (the gap the file's own rounding explains) or 'more'.
 */
export type AmountsGap = 'none' | 'rounding' | 'more';

/**
 * The amounts of a row whose three figures disagree, made whole from the two a pump measures and
 * charges: the quantity and the total are kept and the price per unit follows from them. Apps
 * that store the quantity as total ÷ price rounded to 3 decimals (Drivvo) miss the total by up to
 * half a thousandth of the price, which is several cents in roubles, rupees or forints. The gap
 * rounding explains is relative to the figures: price × 0.0005 (a quantity to 3 decimals) +
 * quantity × 0.0005 (a price to 3 decimals) + 0.005 (a total to the cent). Within it the file's
 * price is the pump's and is kept; past it the file's price is not what was paid, and the price
 * is derived (the caller says so in the preview).
 */
export function reconcileAmounts(read: ReadAmounts): { amounts: ReadAmounts; gap: AmountsGap } {
  const { quantity, unitPrice, totalCost } = read;
  if (quantity === null || unitPrice === null || totalCost === null || quantity <= 0) {
    return { amounts: read, gap: 'none' };
  }
  const product = Math.round(quantity * unitPrice * 100) / 100;
  const difference = Math.abs(product - totalCost);
  const tolerance = 1e-9;
  if (difference <= 0.01 + tolerance) return { amounts: read, gap: 'none' };
  const rounding = unitPrice * 0.0005 + quantity * 0.0005 + 0.005;
  return {
    amounts: { quantity, unitPrice: null, totalCost },
    gap: difference <= rounding + tolerance ? 'rounding' : 'more',
  };
}
