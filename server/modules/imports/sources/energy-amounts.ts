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
