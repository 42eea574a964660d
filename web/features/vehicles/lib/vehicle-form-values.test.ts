import type { Vehicle } from '@contract/vehicles';
import { describe, expect, it } from 'vitest';
import {
  chosenModel,
  modelInputOf,
  tankCapacityText,
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
  spentOnTop: 0,
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

describe('the energy profile of the vehicle form (decision 050)', () => {
  const civic = (overrides: Partial<VehicleFormValues> = {}): VehicleFormValues => ({
    ...vehicleFormDefaults('add'),
    year: '2019',
    make: 'Honda',
    model: 'Civic',
    ...overrides,
  });

  it('starts a new vehicle on gasoline alone, and an edited one on its own profile', () => {
    expect(vehicleFormDefaults('add')).toMatchObject({
      energy: 'gasoline',
      secondEnergy: 'none',
      hasAdblue: false,
    });
    const hybrid = { ...vehicle, energies: ['gasoline', 'electricity'] as Vehicle['energies'] };
    expect(vehicleFormDefaults('edit', { ...hybrid, odometerUnit: 'km' })).toMatchObject({
      energy: 'gasoline',
      secondEnergy: 'electricity',
      odometerUnit: 'km',
    });
  });

  it('sends a plug-in hybrid’s profile once its section is open, the tank in litres', () => {
    const values = civic({
      secondEnergy: 'electricity',
      tankCapacity: '10.5',
      batteryCapacity: '13.8',
      odometerUnit: 'km',
    });
    // 10.5 US gal × 3.785411784 L/gal = 39.746823732 L, kept to the millilitre: 39.747.
    expect(toVehicleInput(values, 'add', { volumeUnit: 'galUS' })).toMatchObject({
      energies: ['gasoline', 'electricity'],
      auxiliary: null,
      tankCapacity: 39.747,
      batteryCapacity: 13.8,
      odometerUnit: 'km',
    });
    // In litres the figure goes as typed.
    expect(
      toVehicleInput({ ...values, tankCapacity: '45' }, 'add', { volumeUnit: 'L' }).tankCapacity,
    ).toBe(45);
  });

  it('clears a capacity the energies do not have, and keeps AdBlue apart', () => {
    const electric = civic({ energy: 'electricity', tankCapacity: '12', batteryCapacity: '75' });
    expect(toVehicleInput(electric, 'add', { volumeUnit: 'L' })).toMatchObject({
      energies: ['electricity'],
      tankCapacity: null,
      batteryCapacity: 75,
    });
    const diesel = civic({ energy: 'diesel', hasAdblue: true, batteryCapacity: '9' });
    expect(toVehicleInput(diesel, 'add', { volumeUnit: 'L' })).toMatchObject({
      energies: ['diesel'],
      auxiliary: 'adblue',
      batteryCapacity: null,
    });
  });

  it('shows a stored tank in the user’s unit, to two decimals', () => {
    // 39.747 L ÷ 3.785411784 = 10.50005 US gal → 10.5; ÷ 4.54609 = 8.74312 imperial gal → 8.74.
    expect(tankCapacityText(39.747, 'galUS')).toBe('10.5');
    expect(tankCapacityText(39.747, 'galUK')).toBe('8.74');
    expect(tankCapacityText(null, 'L')).toBe('');
  });

  it('places the contract’s messages on the profile’s fields', () => {
    const result = vehicleFormSchema('add', { volumeUnit: 'L' }).safeParse(
      civic({ tankCapacity: '-3' }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['tankCapacity', 'Tank capacity must be a positive number up to 10,000'],
    ]);
  });
});
