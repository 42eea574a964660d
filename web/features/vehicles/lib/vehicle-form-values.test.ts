import type { Vehicle } from '@contract/vehicles';
import { describe, expect, it } from 'vitest';
import {
  chosenModel,
  modelInputOf,
  toVehicleInput,
  type VehicleFormValues,
  vehicleFormDefaults,
  vehicleFormSchema,
  yearChoices,
} from './vehicle-form-values';

const vehicle: Vehicle = {
  id: 7,
  year: 1931,
  make: 'Studebaker',
  model: 'Dictator',
  trim: null,
  mileage: 81_000,
  vin: null,
  purchaseDate: '2020-05-01',
  purchasePrice: 12_500,
  currentValue: null,
  licensePlate: null,
  color: 'Green',
  imageUrl: null,
  thumbnailUrl: null,
  notes: null,
  isProject: false,
  projectType: null,
  addedAt: '2024-01-02T10:00:00.000Z',
  moneyInvested: 12_500,
  plannedExpenses: 0,
  totalExpenses: 0,
  recordCount: 0,
  imageCount: 0,
  nextMaintenance: null,
  energies: ['gasoline'],
  auxiliary: null,
  tankCapacity: null,
  batteryCapacity: null,
  odometerUnit: 'mi',
};

function errorsOf(values: VehicleFormValues, mode: 'add' | 'edit' = 'add') {
  const result = vehicleFormSchema(mode).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('the vehicle form values (001 §5, D31)', () => {
  it('starts empty for adding, as a project (001 §2)', () => {
    const values = vehicleFormDefaults('add');
    expect(values.isProject).toBe(true);
    expect(values.make).toBe('');
    expect(modelInputOf(values.make)).toBe('none');
  });

  it('asks for year, make and model with the spec messages', () => {
    expect(errorsOf(vehicleFormDefaults('add'))).toEqual({
      year: 'Year must be at least 4 characters',
      make: 'Make is required',
      model: 'Model is required',
    });
  });

  it('places make and model errors on the typed fields after Other', () => {
    const values = { ...vehicleFormDefaults('add'), year: '2020', make: 'Other' };
    expect(errorsOf(values)).toEqual({
      makeOther: 'Make is required',
      modelOther: 'Model is required',
    });
    const honda = { ...values, make: 'Honda', model: 'Other' };
    expect(errorsOf(honda)).toEqual({ modelOther: 'Model is required' });
  });

  it('sends numbers and nulls, the typed make and model, and no edit-only fields when adding', () => {
    const values: VehicleFormValues = {
      ...vehicleFormDefaults('add'),
      year: '2019',
      make: 'Other',
      makeOther: ' Studebaker ',
      modelOther: 'Champion',
      mileage: '45,000',
      purchasePrice: '$12,500.50',
    };
    expect(chosenModel(values)).toBe('Champion');
    expect(toVehicleInput(values, 'add')).toEqual({
      year: 2019,
      make: 'Studebaker',
      model: 'Champion',
      trim: null,
      mileage: 45_000,
      color: null,
      purchasePrice: 12_500.5,
      isProject: true,
    });
  });

  it('refuses a mileage that is not a whole number', () => {
    const values = {
      ...vehicleFormDefaults('add'),
      year: '2019',
      make: 'Honda',
      model: 'Civic',
      mileage: 'lots',
    };
    expect(errorsOf(values)).toEqual({ mileage: 'Mileage must be a whole number of miles' });
  });

  it('fills the edit form from an unlisted vehicle: typed make and model, its own old year', () => {
    const values = vehicleFormDefaults('edit', vehicle);
    expect(values).toMatchObject({
      year: '1931',
      make: 'Other',
      makeOther: 'Studebaker',
      model: '',
      modelOther: 'Dictator',
      isProject: false,
      purchasePrice: '12500',
      purchaseDate: '2020-05-01',
    });
    expect(yearChoices(1931, new Date(2025, 0, 1))).toContain(1931);
    expect(yearChoices(undefined, new Date(2025, 0, 1))).not.toContain(1931);
    expect(toVehicleInput(values, 'edit')).toMatchObject({
      make: 'Studebaker',
      model: 'Dictator',
      notes: null,
      vin: null,
      purchaseDate: '2020-05-01',
      currentValue: null,
    });
  });

  it('selects a listed make and model, and Other for an unlisted model of a listed make', () => {
    const listed = vehicleFormDefaults('edit', { ...vehicle, make: 'Honda', model: 'Civic' });
    expect(listed).toMatchObject({ make: 'Honda', model: 'Civic', modelOther: '' });
    const unlisted = vehicleFormDefaults('edit', { ...vehicle, make: 'Honda', model: 'Beat' });
    expect(unlisted).toMatchObject({ make: 'Honda', model: 'Other', modelOther: 'Beat' });
  });

  it('lists years from next year down to 1950', () => {
    const years = yearChoices(undefined, new Date(2025, 5, 1));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1950);
  });
});
