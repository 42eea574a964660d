/**
 * What the vehicle form holds and how it becomes the API's payload (001 §5, D31). The form keeps
 * text as typed; the contract's `vehicleInputSchema` judges it, so the form shows the same
 * messages the server would answer. 'Other' as make or model reveals a text field (D31); a make
 * without a model list goes straight to the typed model.
 */
import { modelsOf, OTHER, VEHICLE_MAKES } from '@contract/makes';
import { vehicleInputSchema } from '@contract/schemas/vehicles';
import { type Vehicle, type VehicleInput, yearOptions } from '@contract/vehicles';
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
};

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
  };
}

/** '$12,500.00' as typed by people → '12500.00', which the money schema reads. */
const plainAmount = (value: string) => value.replace(/[$,\s]/g, '');

/**
 * The fields sent to the API, before the contract converts them. The add form sends the fields
 * of 001 §7's POST; the edit form also the notes and stored fields of 001 §3.
 */
export function toVehicleFields(values: VehicleFormValues, mode: VehicleFormMode) {
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
  return fields;
}

/** The form field that shows an error the contract reports for an API field. */
function fieldOf(apiField: string, values: VehicleFormValues): keyof VehicleFormValues {
  if (apiField === 'make') return values.make === OTHER ? 'makeOther' : 'make';
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
});

/**
 * The form's schema: the values as typed, judged by the contract's `vehicleInputSchema` (the
 * spec's messages, D40 limits) with each message placed on the field the user filled in.
 */
export function vehicleFormSchema(mode: VehicleFormMode) {
  return formValuesSchema.superRefine((values, context) => {
    const result = vehicleInputSchema.safeParse(toVehicleFields(values, mode));
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
export function toVehicleInput(values: VehicleFormValues, mode: VehicleFormMode): VehicleInput {
  return vehicleInputSchema.parse(toVehicleFields(values, mode));
}
