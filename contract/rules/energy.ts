/**
 * What the schemas check with of `energy.ts`: its constants and texts, below both (decision 071).
 * The schemas import them from here and `energy.ts` passes on those its readers use, so a file and
 * its schema never import each other.
 */
import { INVALID_CURSOR_MESSAGE } from '../keyset-cursor';
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

export const AUXILIARY_FLUIDS = ['adblue'] as const;

/** At most two propulsion energies per vehicle (a plug-in hybrid, LPG + petrol, flex fuel). */
export const MAX_VEHICLE_ENERGIES = 2;

export const CHARGER_KINDS = ['home', 'ac', 'dc'] as const;

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
