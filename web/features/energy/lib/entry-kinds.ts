/**
 * What differs on screen between a fill-up and a charge (decision 050), stated once: the
 * contract's `ENERGY_KINDS` says which an energy's entry is (`entryNoun`); this table says how
 * the screens word it. Code reads it by lookup, never by comparing energies.
 */
import {
  ENERGY_KINDS,
  type Energy,
  type EnergyKind,
  type PropulsionEnergy,
} from '@contract/energy';
import type { Measure } from '@contract/units';

export type EntryKindOnWeb = {
  /** The button that opens the log dialog, and the dialog's title. */
  logLabel: string;
  editTitle: string;
  /** The "full" switch: a full tank, or a charge to the usual level, closes an economy span. */
  fullLabel: string;
  fullHint: string;
  missedLabel: string;
  partialLabel: string;
  savedToast: string;
  updatedToast: string;
  deleteTitle: string;
  /** The list's name for one entry ('Fill-up', 'Charge'). */
  name: string;
};

export const ENTRY_KINDS_ON_WEB = {
  'fill-up': {
    logLabel: 'Log fuel',
    editTitle: 'Edit fill-up',
    fullLabel: 'Filled to full',
    fullHint: 'Economy is measured from one full tank to the next.',
    missedLabel: 'Missed the previous fill-up',
    partialLabel: 'Partial',
    savedToast: 'Fill-up logged',
    updatedToast: 'Fill-up updated',
    deleteTitle: 'Delete this fill-up?',
    name: 'Fill-up',
  },
  charge: {
    logLabel: 'Log charge',
    editTitle: 'Edit charge',
    fullLabel: 'Charged to my usual level',
    fullHint: 'A charge to your usual level counts as a full tank for economy.',
    missedLabel: 'Missed the previous charge',
    partialLabel: 'Top-up',
    savedToast: 'Charge logged',
    updatedToast: 'Charge updated',
    deleteTitle: 'Delete this charge?',
    name: 'Charge',
  },
} as const satisfies Record<EnergyKind['entryNoun'], EntryKindOnWeb>;

export function entryKindOf(energy: Energy): EntryKindOnWeb {
  return ENTRY_KINDS_ON_WEB[ENERGY_KINDS[energy].entryNoun];
}

/**
 * The log button's words for a vehicle: 'Log charge' when everything that moves it is charged
 * (an electric car), 'Log fuel' otherwise (a plug-in hybrid still goes to the pump).
 */
export function logLabelFor(energies: readonly PropulsionEnergy[]): string {
  const isChargedOnly =
    energies.length > 0 && energies.every((energy) => ENERGY_KINDS[energy].entryNoun === 'charge');
  return ENTRY_KINDS_ON_WEB[isChargedOnly ? 'charge' : 'fill-up'].logLabel;
}

/** The quantity field's name per measure: litres or gallons of a liquid, kg of a gas, kWh. */
export const QUANTITY_LABELS: Record<Measure, string> = {
  volume: 'Quantity',
  mass: 'Quantity',
  electric: 'Energy',
};
