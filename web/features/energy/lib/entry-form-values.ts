/**
 * What the log form holds and how it becomes the API's payload (decision 050). Fields keep the
 * text as typed; the contract's `energyEntryInputSchema` judges the payload, so the form shows
 * the server's own messages on the same fields. Of the three amounts only the two given are
 * sent (`amounts.ts`); the fields only a charge has are sent for electricity alone.
 */
import {
  CHARGER_KINDS,
  type ChargerKind,
  ENERGIES,
  ENERGY_KINDS,
  type Energy,
  type EnergyEntry,
  type EnergyEntryInput,
  type PropulsionEnergy,
} from '@contract/energy';
import { energyEntryInputSchema } from '@contract/schemas/energy';
import type { QuantityUnit } from '@contract/units';
import { z } from 'zod';
import { AMOUNT_FIELDS, type AmountField, amountTriangle } from './amounts';

export type EntryFormValues = {
  vehicleId: string;
  energy: Energy;
  date: string;
  odometer: string;
  quantity: string;
  unitPrice: string;
  totalCost: string;
  /** The amounts typed into, oldest first: the last two are given, the third derived. */
  typed: AmountField[];
  isFull: boolean;
  missedPrevious: boolean;
  place: string;
  notes: string;
  chargerKind: ChargerKind | '';
  socStart: string;
  socEnd: string;
  batteryKwh: string;
  distanceOnEnergy: string;
};

/** What the form needs of a vehicle: its id and the energies it may be logged with. */
export type LogVehicle = {
  id: number;
  energies: readonly PropulsionEnergy[];
  auxiliary: 'adblue' | null;
};

/** The energies an entry of this vehicle can be of: what moves it, then its auxiliary fluid. */
export function loggableEnergies(vehicle: LogVehicle): Energy[] {
  return [...vehicle.energies, ...(vehicle.auxiliary ? [vehicle.auxiliary] : [])];
}

/** A new entry: the vehicle's first energy, dated `today`, full, amounts empty. */
export function newEntryValues(vehicle: LogVehicle, today: string): EntryFormValues {
  return {
    vehicleId: String(vehicle.id),
    energy: vehicle.energies[0] ?? 'gasoline',
    date: today,
    odometer: '',
    quantity: '',
    unitPrice: '',
    totalCost: '',
    typed: [],
    isFull: true,
    missedPrevious: false,
    place: '',
    notes: '',
    chargerKind: '',
    socStart: '',
    socEnd: '',
    batteryKwh: '',
    distanceOnEnergy: '',
  };
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * An entry as the edit form shows it: its quantity in the unit it was typed in, and the quantity
 * and total as given, so the price per unit shows derived as the server stored it.
 */
export function editedEntryValues(entry: EnergyEntry): EntryFormValues {
  return {
    vehicleId: String(entry.vehicleId),
    energy: entry.energy,
    date: entry.date,
    odometer: text(entry.odometer),
    quantity: text(entry.quantity),
    unitPrice: text(entry.unitPrice),
    totalCost: entry.totalCost.toFixed(2),
    typed: ['quantity', 'totalCost'],
    isFull: entry.isFull,
    missedPrevious: entry.missedPrevious,
    place: text(entry.place),
    notes: text(entry.notes),
    chargerKind: entry.chargerKind ?? '',
    socStart: text(entry.socStart),
    socEnd: text(entry.socEnd),
    batteryKwh: text(entry.batteryKwh),
    distanceOnEnergy: text(entry.distanceOnEnergy),
  };
}

/** True for the energy whose entries carry a charger, a state of charge and battery kWh. */
export const isCharge = (energy: Energy) => ENERGY_KINDS[energy].measure === 'electric';

/**
 * The fields sent to the API, before the contract converts them: the two given amounts (the
 * third null: the server derives it, on an edit too), the unit the quantity was typed in, and
 * null for whatever this energy has no use for.
 */
export function toEntryFields(
  values: EntryFormValues,
  { unit, hasTwoEnergies }: { unit: QuantityUnit; hasTwoEnergies: boolean },
): EnergyEntryInput {
  const { given } = amountTriangle(values, values.typed);
  const amounts = Object.fromEntries(
    AMOUNT_FIELDS.map((field) => [
      field,
      given.includes(field) ? values[field].replace(/^\s*[$€£]/, '') : null,
    ]),
  );
  const charge = isCharge(values.energy);
  return {
    date: values.date,
    odometer: values.odometer,
    energy: values.energy,
    ...amounts,
    unit,
    isFull: values.isFull,
    missedPrevious: values.missedPrevious,
    place: values.place,
    notes: values.notes,
    chargerKind: charge ? values.chargerKind : null,
    socStart: charge ? values.socStart : null,
    socEnd: charge ? values.socEnd : null,
    batteryKwh: charge ? values.batteryKwh : null,
    distanceOnEnergy: hasTwoEnergies ? values.distanceOnEnergy : null,
  };
}

/** The form field that shows an error the contract or the server reports for an API field. */
export function formFieldOf(apiField: string): keyof EntryFormValues {
  if (apiField === 'unit') return 'quantity';
  return (apiField in ENTRY_FIELDS ? apiField : 'quantity') as keyof EntryFormValues;
}

const ENTRY_FIELDS = {
  vehicleId: z.string(),
  energy: z.enum(ENERGIES),
  date: z.string(),
  odometer: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  totalCost: z.string(),
  typed: z.array(z.enum(AMOUNT_FIELDS)),
  isFull: z.boolean(),
  missedPrevious: z.boolean(),
  place: z.string(),
  notes: z.string(),
  chargerKind: z.union([z.enum(CHARGER_KINDS), z.literal('')]),
  socStart: z.string(),
  socEnd: z.string(),
  batteryKwh: z.string(),
  distanceOnEnergy: z.string(),
};

/**
 * The form's schema: the values as typed, judged by the contract's `energyEntryInputSchema`, each
 * message on the field the user filled in.
 */
export function entryFormSchema(context: { unit: QuantityUnit; hasTwoEnergies: boolean }) {
  return z.object(ENTRY_FIELDS).superRefine((values, refinement) => {
    const result = energyEntryInputSchema.safeParse(toEntryFields(values, context));
    if (result.success) return;
    for (const issue of result.error.issues) {
      refinement.addIssue({
        code: 'custom',
        message: issue.message,
        path: [formFieldOf(String(issue.path[0] ?? 'quantity'))],
      });
    }
  });
}

/** The payload of `POST /api/vehicles/{id}/energy` or `PATCH /api/energy/{id}`. */
export function toEntryPayload(
  values: EntryFormValues,
  context: { unit: QuantityUnit; hasTwoEnergies: boolean },
) {
  return energyEntryInputSchema.parse(toEntryFields(values, context));
}
