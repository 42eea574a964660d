import type { EnergyEntry } from '@contract/energy';
import { describe, expect, it } from 'vitest';
import {
  type EntryFormValues,
  editedEntryValues,
  entryFormSchema,
  loggableEnergies,
  newEntryValues,
  toEntryPayload,
} from './entry-form-values';

const hybrid = { id: 7, energies: ['gasoline', 'electricity'] as const, auxiliary: null };
const diesel = { id: 8, energies: ['diesel'] as const, auxiliary: 'adblue' as const };

const fillUp = (overrides: Partial<EntryFormValues> = {}): EntryFormValues => ({
  ...newEntryValues(hybrid, '2026-03-04'),
  ...overrides,
});

function errorsOf(values: EntryFormValues, unit: 'galUS' | 'kWh' = 'galUS') {
  const result = entryFormSchema({ unit, hasTwoEnergies: true }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('the log form (decision 050)', () => {
  it('starts on the vehicle’s first energy, today, full, nothing missed', () => {
    expect(newEntryValues(hybrid, '2026-03-04')).toMatchObject({
      vehicleId: '7',
      energy: 'gasoline',
      date: '2026-03-04',
      isFull: true,
      missedPrevious: false,
      typed: [],
    });
  });

  it('offers what moves the vehicle, then its auxiliary fluid', () => {
    expect(loggableEnergies(hybrid)).toEqual(['gasoline', 'electricity']);
    expect(loggableEnergies(diesel)).toEqual(['diesel', 'adblue']);
  });

  it('sends the two amounts given and the unit, the third left to the server', () => {
    const values = fillUp({
      odometer: '45,210',
      quantity: '10.5',
      unitPrice: '3.459',
      totalCost: '99',
      typed: ['quantity', 'unitPrice'],
      place: ' Shell, Main St ',
      // Typed on a charge, then the energy changed: not sent for gasoline.
      socStart: '20',
    });
    expect(toEntryPayload(values, { unit: 'galUS', hasTwoEnergies: true })).toEqual({
      date: '2026-03-04',
      odometer: 45210,
      energy: 'gasoline',
      quantity: 10.5,
      unitPrice: 3.459,
      totalCost: null,
      unit: 'galUS',
      isFull: true,
      missedPrevious: false,
      place: 'Shell, Main St',
      notes: null,
      chargerKind: null,
      socStart: null,
      socEnd: null,
      batteryKwh: null,
      distanceOnEnergy: null,
    });
  });

  it('sends a charge’s charger, state of charge and battery kWh', () => {
    const charge = fillUp({
      energy: 'electricity',
      quantity: '42.5',
      totalCost: '13.60',
      typed: ['quantity', 'totalCost'],
      isFull: false,
      chargerKind: 'dc',
      socStart: '18',
      socEnd: '80',
      batteryKwh: '38.1',
      distanceOnEnergy: '160',
    });
    expect(toEntryPayload(charge, { unit: 'kWh', hasTwoEnergies: true })).toMatchObject({
      energy: 'electricity',
      quantity: 42.5,
      unitPrice: null,
      totalCost: 13.6,
      unit: 'kWh',
      isFull: false,
      chargerKind: 'dc',
      socStart: 18,
      socEnd: 80,
      batteryKwh: 38.1,
      distanceOnEnergy: 160,
    });
  });

  it('places the contract’s messages on the fields typed in', () => {
    expect(errorsOf(fillUp({ quantity: '10.5', typed: ['quantity'] }))).toEqual({
      quantity: 'Enter at least two of quantity, price per unit and total cost',
    });
    expect(
      errorsOf(
        fillUp({
          energy: 'electricity',
          quantity: '30',
          unitPrice: '0.3',
          typed: ['quantity', 'unitPrice'],
          socStart: '80',
          socEnd: '20',
        }),
        'kWh',
      ),
    ).toEqual({ socEnd: 'State of charge after must not be below state of charge before' });
    expect(
      errorsOf(fillUp({ quantity: '1.2345', unitPrice: '3', typed: ['quantity', 'unitPrice'] })),
    ).toEqual({ quantity: 'Quantity must be a positive number with at most 3 decimals' });
  });

  it('opens an entry for editing with its quantity and total given, its price derived', () => {
    const entry = {
      id: 3,
      vehicleId: 7,
      date: '2026-02-01',
      odometer: 45210.5,
      energy: 'gasoline',
      quantity: 12.345,
      unit: 'galUS',
      unitPrice: 3.645,
      totalCost: 45,
      isFull: false,
      missedPrevious: true,
      place: null,
      notes: 'Road trip',
      chargerKind: null,
      socStart: null,
      socEnd: null,
      batteryKwh: null,
      distanceOnEnergy: null,
    } as unknown as EnergyEntry;
    expect(editedEntryValues(entry)).toMatchObject({
      odometer: '45210.5',
      quantity: '12.345',
      totalCost: '45.00',
      typed: ['quantity', 'totalCost'],
      isFull: false,
      missedPrevious: true,
      place: '',
      notes: 'Road trip',
    });
  });
});
