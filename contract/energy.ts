/**
 * Fuel and energy (decision 050): the energies a vehicle runs on, what differs between them
 * (stated once, in ENERGY_KINDS), the reasons an economy figure can be missing, the messages of
 * the energy calls, and the types of their payloads and answers. The schemas are in
 * `schemas/energy.ts`.
 */
import type { z } from 'zod';
import { INVALID_CURSOR_MESSAGE } from './keyset-cursor';
import type {
  economySchema,
  economySpanSchema,
  energyEntryInputSchema,
  energyEntryPageSchema,
  energyEntrySchema,
  energyEntryUpdateSchema,
  energySummarySchema,
} from './schemas/energy';
import type { Measure, QuantityUnit } from './units';

export const ENERGIES = [
  'gasoline',
  'diesel',
  'e85',
  'lpg',
  'cng',
  'hydrogen',
  'electricity',
  'adblue',
] as const;
export type Energy = (typeof ENERGIES)[number];

/** What one energy is: how it is measured, the units it may be typed in, and its role. */
export type EnergyKind = {
  label: string;
  measure: Measure;
  units: readonly QuantityUnit[];
  /** Propulsion energies move the car and get economy; an auxiliary fluid (AdBlue) never does. */
  role: 'propulsion' | 'auxiliary';
  /** The entry's wording: a fill-up, or a charge. */
  entryNoun: 'fill-up' | 'charge';
};

const LIQUID_UNITS = ['L', 'galUS', 'galUK'] as const;

export const ENERGY_KINDS = {
  gasoline: {
    label: 'Gasoline',
    measure: 'volume',
    units: LIQUID_UNITS,
    role: 'propulsion',
    entryNoun: 'fill-up',
  },
  diesel: {
    label: 'Diesel',
    measure: 'volume',
    units: LIQUID_UNITS,
    role: 'propulsion',
    entryNoun: 'fill-up',
  },
  e85: {
    label: 'E85',
    measure: 'volume',
    units: LIQUID_UNITS,
    role: 'propulsion',
    entryNoun: 'fill-up',
  },
  lpg: {
    label: 'LPG',
    measure: 'volume',
    units: LIQUID_UNITS,
    role: 'propulsion',
    entryNoun: 'fill-up',
  },
  cng: { label: 'CNG', measure: 'mass', units: ['kg'], role: 'propulsion', entryNoun: 'fill-up' },
  hydrogen: {
    label: 'Hydrogen',
    measure: 'mass',
    units: ['kg'],
    role: 'propulsion',
    entryNoun: 'fill-up',
  },
  electricity: {
    label: 'Electricity',
    measure: 'electric',
    units: ['kWh'],
    role: 'propulsion',
    entryNoun: 'charge',
  },
  adblue: {
    label: 'AdBlue/DEF',
    measure: 'volume',
    units: LIQUID_UNITS,
    role: 'auxiliary',
    entryNoun: 'fill-up',
  },
} as const satisfies Record<Energy, EnergyKind>;

export const PROPULSION_ENERGIES = ENERGIES.filter(
  (energy) => ENERGY_KINDS[energy].role === 'propulsion',
) as Exclude<Energy, 'adblue'>[];
export type PropulsionEnergy = Exclude<Energy, 'adblue'>;
export const AUXILIARY_FLUIDS = ['adblue'] as const;

/** At most two propulsion energies per vehicle (a plug-in hybrid, LPG + petrol, flex fuel). */
export const MAX_VEHICLE_ENERGIES = 2;

export const CHARGER_KINDS = ['home', 'ac', 'dc'] as const;
export type ChargerKind = (typeof CHARGER_KINDS)[number];
export const CHARGER_KIND_LABELS: Record<ChargerKind, string> = {
  home: 'Home',
  ac: 'Public AC',
  dc: 'DC fast',
};

/** Why a span has no economy figure; the screens show the text. */
export const ECONOMY_REASONS = {
  firstFill: 'First fill-up: economy starts from the next full one',
  openSpan: 'Partial: economy comes with the next full fill-up',
  missedFill: 'A fill-up was missed in this span',
  noOdometer: 'Odometer missing',
  flaggedOdometer: 'Odometer reading flagged',
  sharedDistance: 'Driven on two energies: give the distance on this one',
} as const;
export type EconomyReason = keyof typeof ECONOMY_REASONS;
export const ECONOMY_REASON_CODES = Object.keys(ECONOMY_REASONS) as EconomyReason[];

/** Largest quantity, price and battery figures the fields accept. */
export const ENERGY_LIMITS = {
  quantityMax: 100_000,
  quantityDecimals: 3,
  unitPriceMax: 100_000,
  unitPriceDecimals: 3,
  capacityMax: 10_000,
} as const;

/**
 * The most spans of one energy the economy answer lists: the period's latest. Averages and
 * totals still count every span of the period; a client wanting older spans asks for a period.
 * A 27-year log of daily fill-ups has 9,000 spans, 1.7 MB of JSON no screen shows at once.
 */
export const ECONOMY_SPANS_MAX = 200;

/** Entries per page of `GET /api/vehicles/{id}/energy`. */
export const ENERGY_PAGE = { default: 50, max: 200 } as const;

export const ENERGY_MESSAGES = {
  notFound: 'Energy entry not found',
  twoOfThree: 'Enter at least two of quantity, price per unit and total cost',
  inconsistent: 'Quantity × price per unit does not make the total cost: give two of them',
  quantity: 'Quantity must be a positive number with at most 3 decimals',
  unitPrice: 'Price per unit must be a positive amount with at most 3 decimals',
  totalCost: 'Quantity × price per unit makes a total cost too large to keep',
  unitForEnergy: (energy: Energy) =>
    `${ENERGY_KINDS[energy].label} is measured in ${ENERGY_KINDS[energy].units.join(', ')}`,
  energyNotOfVehicle: (energy: Energy) => `This vehicle does not use ${ENERGY_KINDS[energy].label}`,
  electricOnly: 'Charger kind, state of charge and battery kWh are for electricity only',
  soc: 'State of charge must be a whole percentage from 0 to 100',
  socOrder: 'State of charge after must not be below state of charge before',
  energies: 'Choose one or two energies',
  energiesDistinct: 'Choose two different energies',
  cursor: INVALID_CURSOR_MESSAGE,
  deleted: 'Energy entry deleted',
} as const;

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
