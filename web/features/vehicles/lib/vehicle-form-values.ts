/**
 * What the vehicle form holds and how it becomes the API's payload (001 §5, D31). The form keeps
 * text as typed; the contract's `vehicleInputSchema` judges it, so the form shows the same
 * messages the server would answer. 'Other' as make or model reveals a text field (D31); a make
 * without a model list goes straight to the typed model. The energy profile (decision 050) is
 * sent only once its section has been opened: until then the server keeps what it has (or, for
 * a new vehicle, gives its defaults), so the spec's form sends exactly what it always sent.
 */
import { ENERGY_KINDS, roundTo } from '@contract/energy';
import { modelsOf, OTHER, VEHICLE_MAKES } from '@contract/makes';
import { vehicleInputSchema } from '@contract/schemas/vehicles';
import {
  DISTANCE_UNITS,
  type DistanceUnit,
  fromCanonicalQuantity,
  toCanonicalQuantity,
  type VolumeUnit,
} from '@contract/units';
import { type Vehicle, type VehicleInput, yearOptions } from '@contract/vehicles';
import { plainAmount } from '@web/lib/money';
import { z } from 'zod';

export type VehicleFormMode = 'add' | 'edit';

export type VehicleFormValues = {
  year: string;
  /** The make dropdown's choice: a listed make, 'Other', or '' before one is chosen. */
  make: string;
  /** The typed make when the dropdown says 'Other'. */
  makeOther: string;
  /** The model dropdown's choice: a listed model, 'Other', or ''. */
  model: string;
  /** The typed model: after 'Other', or for a make without a model list. */
  modelOther: string;
  trim: string;
  mileage: string;
  color: string;
  purchasePrice: string;
  isProject: boolean;
  notes: string;
  vin: string;
  licensePlate: string;
  purchaseDate: string;
  currentValue: string;
  /** Decision 050: the energy that moves the vehicle, and a second one (NO_SECOND_ENERGY). */
  energy: string;
  secondEnergy: string;
  /** AdBlue/DEF as the auxiliary fluid. */
  hasAdblue: boolean;
  /** In the user's volume unit, as typed. */
  tankCapacity: string;
  /** kWh, as typed. */
  batteryCapacity: string;
  odometerUnit: DistanceUnit;
};

/**
 * The energy profile's section, once opened: the unit the user reads volumes in (the tank's
 * capacity is typed in it and sent in litres). Null while it has not been opened.
 */
export type EnergyProfileUnits = { volumeUnit: VolumeUnit } | null;

/** How the model is chosen: nothing yet (no make), from the make's list, or typed. */
export type ModelInput = 'none' | 'select' | 'text';

export function modelInputOf(make: string): ModelInput {
  if (make === '') return 'none';
  return modelsOf(make).length > 0 ? 'select' : 'text';
}

/** The make the user means: the typed one after 'Other'. */
export function chosenMake(values: Pick<VehicleFormValues, 'make' | 'makeOther'>): string {
  return values.make === OTHER ? values.makeOther : values.make;
}

/** The model the user means: the typed one after 'Other' or for a make without a list. */
export function chosenModel(
  values: Pick<VehicleFormValues, 'make' | 'model' | 'modelOther'>,
): string {
  const input = modelInputOf(values.make);
  if (input === 'none') return '';
  if (input === 'text' || values.model === OTHER) return values.modelOther;
  return values.model;
}

/** 001 §2: next year down to 1950; an edited vehicle older than that keeps its own year. */
export function yearChoices(vehicleYear?: number, now = new Date()): number[] {
  const years = yearOptions(now);
  if (vehicleYear !== undefined && !years.includes(vehicleYear)) {
    years.push(vehicleYear);
    years.sort((a, b) => b - a);
  }
  return years;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's starting values: empty (add, project by default) or the vehicle's (edit). */
export function vehicleFormDefaults(mode: VehicleFormMode, vehicle?: Vehicle): VehicleFormValues {
  const isListedMake = !!vehicle && vehicle.make !== OTHER && VEHICLE_MAKES.includes(vehicle.make);
  const make = !vehicle ? '' : isListedMake ? vehicle.make : OTHER;
  const models = modelsOf(make);
  const isListedModel = !!vehicle && vehicle.model !== OTHER && models.includes(vehicle.model);
  return {
    year: text(vehicle?.year),
    make,
    makeOther: vehicle && !isListedMake ? vehicle.make : '',
    model: !vehicle || models.length === 0 ? '' : isListedModel ? vehicle.model : OTHER,
    modelOther: vehicle && !isListedModel ? vehicle.model : '',
    trim: text(vehicle?.trim),
    mileage: text(vehicle?.mileage),
    color: text(vehicle?.color),
    purchasePrice: text(vehicle?.purchasePrice),
    // 001 §2, §5: the add form defaults to a project; the edit form shows the stored value.
    isProject: mode === 'add' ? true : (vehicle?.isProject ?? false),
    notes: text(vehicle?.notes),
    vin: text(vehicle?.vin),
    licensePlate: text(vehicle?.licensePlate),
    purchaseDate: text(vehicle?.purchaseDate),
    currentValue: text(vehicle?.currentValue),
    energy: vehicle?.energies[0] ?? 'gasoline',
    secondEnergy: vehicle?.energies[1] ?? NO_SECOND_ENERGY,
    hasAdblue: vehicle?.auxiliary === 'adblue',
    // Filled in the user's unit when the section opens (tankCapacityText).
    tankCapacity: '',
    batteryCapacity: text(vehicle?.batteryCapacity),
    odometerUnit: vehicle?.odometerUnit ?? 'mi',
  };
}

/** The second energy's choice that means "none" (a select's choice cannot be empty). */
export const NO_SECOND_ENERGY = 'none';

/** The energies chosen, in order. */
export function energiesOf(values: Pick<VehicleFormValues, 'energy' | 'secondEnergy'>): string[] {
  return [values.energy, values.secondEnergy].filter(
    (energy) => energy !== '' && energy !== NO_SECOND_ENERGY,
  );
}

/** A tank's stored litres as the form shows them, in the user's unit (two decimals at most). */
export function tankCapacityText(litres: number | null | undefined, unit: VolumeUnit): string {
  if (litres === null || litres === undefined) return '';
  return String(roundTo(fromCanonicalQuantity(litres, unit), 2));
}

/** Which capacities the profile asks for: a tank for a fuel kept in one, a battery for electricity. */
export function capacitiesOf(energies: readonly string[]): { tank: boolean; battery: boolean } {
  const measures = energies
    .filter((energy): energy is keyof typeof ENERGY_KINDS => energy in ENERGY_KINDS)
    .map((energy) => ENERGY_KINDS[energy].measure);
  return {
    tank: measures.some((measure) => measure !== 'electric'),
    battery: measures.includes('electric'),
  };
}

/**
 * The fields sent to the API, before the contract converts them. The add form sends the fields
 * of 001 §7's POST; the edit form also the notes and stored fields of 001 §3.
 */
export function toVehicleFields(
  values: VehicleFormValues,
  mode: VehicleFormMode,
  profile: EnergyProfileUnits = null,
) {
  const fields: Record<string, unknown> = {
    year: values.year,
    make: chosenMake(values),
    model: chosenModel(values),
    trim: values.trim,
    mileage: values.mileage,
    color: values.color,
    purchasePrice: plainAmount(values.purchasePrice),
    isProject: values.isProject,
  };
  if (mode === 'edit') {
    fields.notes = values.notes;
    fields.vin = values.vin;
    fields.licensePlate = values.licensePlate;
    fields.purchaseDate = values.purchaseDate;
    fields.currentValue = plainAmount(values.currentValue);
  }
  if (profile) Object.assign(fields, toEnergyProfileFields(values, profile));
  return fields;
}

/** The energy profile's fields: the tank's capacity sent in litres, a capacity not asked for cleared. */
function toEnergyProfileFields(
  values: VehicleFormValues,
  { volumeUnit }: { volumeUnit: VolumeUnit },
) {
  const energies = energiesOf(values);
  const asks = capacitiesOf(energies);
  const tank = plainAmount(values.tankCapacity);
  const tankNumber = tank === '' ? null : Number(tank);
  return {
    energies,
    auxiliary: values.hasAdblue ? 'adblue' : null,
    tankCapacity: !asks.tank
      ? null
      : tankNumber !== null && Number.isFinite(tankNumber)
        ? roundTo(toCanonicalQuantity(tankNumber, volumeUnit), 3)
        : tank,
    batteryCapacity: asks.battery ? plainAmount(values.batteryCapacity) : null,
    odometerUnit: values.odometerUnit,
  };
}

/** The form field that shows an error the contract reports for an API field. */
function fieldOf(apiField: string, values: VehicleFormValues): keyof VehicleFormValues {
  if (apiField === 'make') return values.make === OTHER ? 'makeOther' : 'make';
  if (apiField === 'energies') return 'energy';
  if (apiField === 'auxiliary') return 'hasAdblue';
  if (apiField === 'model') {
    const input = modelInputOf(values.make);
    return input === 'text' || (input === 'select' && values.model === OTHER)
      ? 'modelOther'
      : 'model';
  }
  return apiField as keyof VehicleFormValues;
}

const formValuesSchema = z.object({
  year: z.string(),
  make: z.string(),
  makeOther: z.string(),
  model: z.string(),
  modelOther: z.string(),
  trim: z.string(),
  mileage: z.string(),
  color: z.string(),
  purchasePrice: z.string(),
  isProject: z.boolean(),
  notes: z.string(),
  vin: z.string(),
  licensePlate: z.string(),
  purchaseDate: z.string(),
  currentValue: z.string(),
  energy: z.string(),
  secondEnergy: z.string(),
  hasAdblue: z.boolean(),
  tankCapacity: z.string(),
  batteryCapacity: z.string(),
  odometerUnit: z.enum(DISTANCE_UNITS),
});

/**
 * The form's schema: the values as typed, judged by the contract's `vehicleInputSchema` (the
 * spec's messages, D40 limits) with each message placed on the field the user filled in.
 */
export function vehicleFormSchema(mode: VehicleFormMode, profile: EnergyProfileUnits = null) {
  return formValuesSchema.superRefine((values, context) => {
    const result = vehicleInputSchema.safeParse(toVehicleFields(values, mode, profile));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const apiField = String(issue.path[0] ?? 'year');
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: [fieldOf(apiField, values)],
      });
    }
  });
}

/** The payload of `POST /api/vehicles` or `PUT /api/vehicles/{id}`: numbers and nulls. */
export function toVehicleInput(
  values: VehicleFormValues,
  mode: VehicleFormMode,
  profile: EnergyProfileUnits = null,
): VehicleInput {
  return vehicleInputSchema.parse(toVehicleFields(values, mode, profile));
}
