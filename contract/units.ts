/**
 * Units and the user's preferences (D49): the units a distance, a quantity of energy and an
 * economy figure can be shown in, their exact factors, and the one converter both sides use.
 * Stored values are canonical (litres, kilograms, kWh; odometers in the vehicle's own unit);
 * everything is converted at the edges, here (architecture: "units are converted at the edges").
 */
import type { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './rules/schedules';
import {
  type DISTANCE_UNITS,
  type ECONOMY_FORMATS,
  type ELECTRIC_FORMATS,
  MEASURES,
  type Measure,
  type QuantityUnit,
  type VOLUME_UNITS,
} from './rules/units';
import type { preferencesSchema } from './schemas/units';

export {
  DISTANCE_UNITS,
  ECONOMY_FORMATS,
  ELECTRIC_FORMATS,
  isKnownTimeZone,
  type Measure,
  QUANTITY_UNITS,
  type QuantityUnit,
  UNIT_MESSAGES,
  VOLUME_UNITS,
} from './rules/units';

export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** Exact by definition (international mile, 1959). */
const KM_PER_MILE = 1.609344;

export type VolumeUnit = (typeof VOLUME_UNITS)[number];

/** Canonical units per unit, exact: US gallon 231 in³, imperial gallon 4.54609 L by definition. */
const CANONICAL_PER_UNIT: Record<QuantityUnit, number> = {
  L: 1,
  galUS: 3.785411784,
  galUK: 4.54609,
  kg: 1,
  kWh: 1,
};

type EconomyFormat = (typeof ECONOMY_FORMATS)[number];

type ElectricFormat = (typeof ELECTRIC_FORMATS)[number];

/** What each unit and format is called on screen, beside its figure. */
export const UNIT_LABELS = {
  mi: 'mi',
  km: 'km',
  L: 'L',
  galUS: 'gal',
  galUK: 'gal (UK)',
  kg: 'kg',
  kWh: 'kWh',
  mpgUS: 'MPG',
  mpgUK: 'MPG (UK)',
  'L/100km': 'L/100 km',
  'km/L': 'km/L',
  'mi/kWh': 'mi/kWh',
  'kWh/100mi': 'kWh/100 mi',
  'kWh/100km': 'kWh/100 km',
  'km/kWh': 'km/kWh',
} as const satisfies Record<DistanceUnit | QuantityUnit | EconomyFormat | ElectricFormat, string>;

/**
 * How a distance unit is worded in a sentence (D33, D49): after a count ('due in 1 mile', 'due in
 * 1,200 miles', 'due in 1,200 km': the spec's words for a miles user, the dashboard's
 * abbreviation for a km user, which has no plural) and as the thing a cost or a figure is per
 * ('per mile', 'per kilometer').
 */
export const DISTANCE_WORDS = {
  mi: { one: 'mile', other: 'miles', per: 'mile' },
  km: { one: 'km', other: 'km', per: 'kilometer' },
} as const satisfies Record<DistanceUnit, { one: string; other: string; per: string }>;

/** The choices of Account Settings › Units, named as a person reads them. */
export const PREFERENCE_CHOICE_LABELS = {
  distanceUnit: { mi: 'Miles', km: 'Kilometers' },
  volumeUnit: { galUS: 'US gallons', galUK: 'Imperial gallons', L: 'Liters' },
  economyFormat: {
    mpgUS: 'MPG (US)',
    mpgUK: 'MPG (UK)',
    'L/100km': 'L/100 km',
    'km/L': 'km/L',
  },
  electricFormat: {
    'mi/kWh': 'mi/kWh',
    'kWh/100mi': 'kWh/100 mi',
    'kWh/100km': 'kWh/100 km',
    'km/kWh': 'km/kWh',
  },
} as const;

/** D3, D49: the spec's miles, US gallons and dollars until a user chooses otherwise. */
export const DEFAULT_PREFERENCES = {
  distanceUnit: 'mi',
  volumeUnit: 'galUS',
  economyFormat: 'mpgUS',
  electricFormat: 'mi/kWh',
  currency: 'USD',
  theme: 'system',
  timeZone: DEFAULT_TIME_ZONE,
} as const satisfies Preferences;

export type Preferences = z.infer<typeof preferencesSchema>;

/** Account Settings › Units: the time zone field and the device's proposal (decision 066). */
export const TIME_ZONE_TEXTS = {
  label: 'Time zone',
  help: 'Today is this zone’s day everywhere: a reading dated today, what is due or overdue, reminders and the calendar.',
  proposal: (zone: string) => `Your device is in ${zone}. Use it?`,
  use: (zone: string) => `Use ${zone}`,
} as const;

/** A quantity typed in `unit`, in its canonical unit (litres, kilograms or kWh). */
export function toCanonicalQuantity(quantity: number, unit: QuantityUnit): number {
  return quantity * CANONICAL_PER_UNIT[unit];
}

/** A canonical quantity in `unit` (the same measure). */
export function fromCanonicalQuantity(canonical: number, unit: QuantityUnit): number {
  return canonical / CANONICAL_PER_UNIT[unit];
}

/** A distance in another unit. */
export function convertDistance(distance: number, from: DistanceUnit, to: DistanceUnit): number {
  if (from === to) return distance;
  return from === 'mi' ? distance * KM_PER_MILE : distance / KM_PER_MILE;
}

/** The unit a user sees quantities of a measure in. */
export function displayUnit(measure: Measure, preferences: Preferences): QuantityUnit {
  return measure === 'volume' ? preferences.volumeUnit : MEASURES[measure].canonical;
}

/**
 * How a consumption figure of a measure is written for this user, and how to compute it from a
 * distance in km and a canonical quantity. Liquids follow the economy format; electricity its own
 * format; a gas sold by the kilogram (CNG, hydrogen) follows the economy format's shape (per 100
 * km, km per, or miles per, as the user reads liquids).
 */
export type EconomyScale = {
  /** The unit written beside the figure ('MPG', 'L/100 km', 'kg/100 km', 'mi/kWh', …). */
  label: string;
  /** True when a larger figure uses more energy (L/100 km): charts and "best" read it so. */
  isConsumption: boolean;
  /** The figure, from a distance in km and a canonical quantity (both positive). */
  figure: (distanceKm: number, canonicalQuantity: number) => number;
};

const perDistance = (label: string, kmPerUnit: number, quantityPerUnit = 1): EconomyScale => ({
  label,
  isConsumption: false,
  figure: (km, quantity) => km / kmPerUnit / (quantity / quantityPerUnit),
});
const per100 = (label: string, kmPerUnit: number): EconomyScale => ({
  label,
  isConsumption: true,
  figure: (km, quantity) => (100 * quantity) / (km / kmPerUnit),
});

export function economyScale(measure: Measure, preferences: Preferences): EconomyScale {
  if (measure === 'electric') {
    switch (preferences.electricFormat) {
      case 'mi/kWh':
        return perDistance(UNIT_LABELS['mi/kWh'], KM_PER_MILE);
      case 'km/kWh':
        return perDistance(UNIT_LABELS['km/kWh'], 1);
      case 'kWh/100mi':
        return per100(UNIT_LABELS['kWh/100mi'], KM_PER_MILE);
      case 'kWh/100km':
        return per100(UNIT_LABELS['kWh/100km'], 1);
    }
  }
  if (measure === 'mass') {
    switch (preferences.economyFormat) {
      case 'L/100km':
        return per100('kg/100 km', 1);
      case 'km/L':
        return perDistance('km/kg', 1);
      default:
        return perDistance('mi/kg', KM_PER_MILE);
    }
  }
  switch (preferences.economyFormat) {
    case 'mpgUS':
      return perDistance(UNIT_LABELS.mpgUS, KM_PER_MILE, CANONICAL_PER_UNIT.galUS);
    case 'mpgUK':
      return perDistance(UNIT_LABELS.mpgUK, KM_PER_MILE, CANONICAL_PER_UNIT.galUK);
    case 'L/100km':
      return per100(UNIT_LABELS['L/100km'], 1);
    case 'km/L':
      return perDistance(UNIT_LABELS['km/L'], 1);
  }
}

/**
 * An auxiliary fluid's use (AdBlue/DEF): the user's volume per 1,000 of the user's distance unit,
 * a figure the size of a dashboard's (1.5 L/1,000 km) where per 100 it would be 0.15.
 */
export function auxiliaryScale(preferences: Preferences): EconomyScale {
  const { volumeUnit, distanceUnit } = preferences;
  return {
    label: `${UNIT_LABELS[volumeUnit]}/1,000 ${UNIT_LABELS[distanceUnit]}`,
    isConsumption: true,
    figure: (km, quantity) =>
      (1000 * fromCanonicalQuantity(quantity, volumeUnit)) /
      convertDistance(km, 'km', distanceUnit),
  };
}

/**
 * Quantity per 100 of the user's distance unit, in the unit the user sees the quantity in:
 * how WLTP states a plug-in hybrid's two consumptions over the distance driven (3.1 L/100 km and
 * 14.2 kWh/100 km), whatever the economy format.
 */
export function perHundredScale(measure: Measure, preferences: Preferences): EconomyScale {
  const quantityUnit = displayUnit(measure, preferences);
  const { distanceUnit } = preferences;
  return {
    label: `${UNIT_LABELS[quantityUnit]}/100 ${UNIT_LABELS[distanceUnit]}`,
    isConsumption: true,
    figure: (km, quantity) =>
      (100 * fromCanonicalQuantity(quantity, quantityUnit)) /
      convertDistance(km, 'km', distanceUnit),
  };
}
