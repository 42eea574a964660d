/**
 * The one formatter of distances, quantities of energy and economy figures (decision 050): a
 * number in US English with its unit's label beside it (`1,234.5 mi`, `10.5 gal`, `31.2 MPG`), or
 * its unit's words in a sentence (`due in 1,200 miles`).
 * It converts nothing on its own: every change of unit goes through the contract's converter
 * (`contract/units.ts`), so the web and the server can never disagree on a factor.
 */
import type { Energy } from '@contract/energy';
import { ENERGY_KINDS } from '@contract/energy';
import {
  DISTANCE_WORDS,
  type DistanceUnit,
  displayUnit,
  fromCanonicalQuantity,
  type Preferences,
  type QuantityUnit,
  toCanonicalQuantity,
  UNIT_LABELS,
} from '@contract/units';
import { formatPrecisePrice } from './money';

/**
 * How many decimals each kind of figure shows, at most (fewer when they are zeros): an odometer
 * to the tenth it is stored in, a quantity to the thousandth a pump shows, an economy figure to
 * the tenth every car's trip computer shows.
 */
export const FIGURE_DECIMALS = {
  distance: 1,
  quantity: 3,
  economy: 1,
  percent: 0,
} as const;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** `12345.678` → `12,345.68` (at most `decimals`, at least `minimumDecimals`). */
export function formatFigure(value: number, decimals: number, minimumDecimals = 0): string {
  const key = `${decimals}:${minimumDecimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minimumDecimals,
      maximumFractionDigits: decimals,
      // A figure that rounds to zero is no negative figure ("-0").
      signDisplay: 'negative',
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A figure and its unit's label: `12.5 gal`, `31.2 MPG`. */
const withLabel = (figure: string, label: string) => `${figure} ${label}`;

/** A distance or an odometer reading: `45,210.5 mi`, `312 km`. */
export function formatDistance(value: number, unit: DistanceUnit): string {
  return withLabel(formatFigure(value, FIGURE_DECIMALS.distance), UNIT_LABELS[unit]);
}

/**
 * A distance in a sentence, its unit worded as `DISTANCE_WORDS` says: `1 mile`, `1,200 miles`,
 * `1,200 km` (D33's 'due in {n} miles', D49).
 */
export function formatDistanceInWords(value: number, unit: DistanceUnit): string {
  const words = DISTANCE_WORDS[unit];
  const word = Math.abs(value) === 1 ? words.one : words.other;
  return `${formatFigure(value, FIGURE_DECIMALS.distance)} ${word}`;
}

/** A quantity in the unit it is given in: `10.5 gal`, `42.125 kWh`. */
export function formatQuantity(value: number, unit: QuantityUnit): string {
  return withLabel(formatFigure(value, FIGURE_DECIMALS.quantity), UNIT_LABELS[unit]);
}

/** The unit this user reads quantities of an energy in (liquids their volume unit). */
export function quantityUnitFor(energy: Energy, preferences: Preferences): QuantityUnit {
  return displayUnit(ENERGY_KINDS[energy].measure, preferences);
}

/** A stored (canonical) quantity of an energy, in this user's unit: `39.75 L` → `10.5 gal`. */
export function formatEnergyQuantity(
  canonicalQuantity: number,
  energy: Energy,
  preferences: Preferences,
): string {
  const unit = quantityUnitFor(energy, preferences);
  return formatQuantity(fromCanonicalQuantity(canonicalQuantity, unit), unit);
}

/** An economy figure with the label the server named beside it: `31.2 MPG`, `7.5 L/100 km`. */
export function formatEconomy(value: number, label: string): string {
  return withLabel(formatFigure(value, FIGURE_DECIMALS.economy), label);
}

/**
 * A price per `typedUnit` as a price per `shownUnit` of the same measure, through the converter:
 * one shown unit holds `fromCanonical(toCanonical(1, shown), typed)` typed units.
 */
export function priceInUnit(price: number, typedUnit: QuantityUnit, shownUnit: QuantityUnit) {
  if (typedUnit === shownUnit) return price;
  return price * fromCanonicalQuantity(toCanonicalQuantity(1, shownUnit), typedUnit);
}

/** A price per unit in the user's currency and unit: `$3.459/gal`, `€1.829/L`, `$0.32/kWh`. */
export function formatUnitPrice(price: number, unit: QuantityUnit, currency: string): string {
  return `${formatPrecisePrice(price, currency)}/${UNIT_LABELS[unit]}`;
}

/** Money per distance: `$0.123/mi`. */
export function formatCostPerDistance(value: number, unit: DistanceUnit, currency: string): string {
  return `${formatPrecisePrice(value, currency)}/${UNIT_LABELS[unit]}`;
}
