/**
 * The user's units and currency (decision 050) on a real database: the defaults, a round trip
 * of every field, the refusals, the theme shared with `PATCH /api/user/theme`, a new vehicle's
 * odometer unit following the owner's distance unit, and the export's format version 2 with the
 * preferences, the energy profile, energy entries and odometer readings.
 */
import { APPEARANCE_TEXTS } from '@contract/appearance';
import { preferencesSchema } from '@contract/schemas/units';
import { DEFAULT_PREFERENCES, UNIT_MESSAGES } from '@contract/units';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newEnergyEntry, newRecord, newUser, newVehicle, readUser } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

async function readPreferences(user: SignedInUser) {
  const response = await inject({ method: 'GET', url: '/api/user/preferences', headers: as(user) });
  expect(response.statusCode).toBe(200);
  return preferencesSchema.parse(response.json());
}

function savePreferences(user: SignedInUser, payload: Record<string, unknown>) {
  return inject({ method: 'PATCH', url: '/api/user/preferences', headers: as(user), payload });
}

describe('GET and PATCH /api/user/preferences', () => {
  it('starts from the spec’s miles, US gallons and dollars', async () => {
    const user = await newUser(testApp);
    expect(await readPreferences(user)).toEqual(DEFAULT_PREFERENCES);
  });

  it('changes the fields sent, keeps the others, and keeps them for the user alone', async () => {
    const [user, other] = [await newUser(testApp), await newUser(testApp)];
    const response = await savePreferences(user, {
      distanceUnit: 'km',
      volumeUnit: 'L',
      economyFormat: 'L/100km',
      currency: ' eur ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      ...DEFAULT_PREFERENCES,
      distanceUnit: 'km',
      volumeUnit: 'L',
      economyFormat: 'L/100km',
      currency: 'EUR',
    };
    expect(response.json()).toEqual(expected);
    expect(await readPreferences(user)).toEqual(expected);

    const next = await savePreferences(user, { electricFormat: 'kWh/100km', volumeUnit: 'galUK' });
    expect(next.json()).toEqual({ ...expected, electricFormat: 'kWh/100km', volumeUnit: 'galUK' });
    expect((await savePreferences(user, {})).json()).toEqual(next.json());
    expect(await readPreferences(other)).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses a currency that is no ISO 4217 code, and units it does not know', async () => {
    const user = await newUser(testApp);
    for (const currency of ['EURO', 'E', '€', 'XYZ', 12]) {
      const response = await savePreferences(user, { currency });
      expect(response.statusCode, String(currency)).toBe(400);
      expect(response.json()).toEqual({
        message: UNIT_MESSAGES.currency,
        errors: { currency: UNIT_MESSAGES.currency },
      });
    }
    for (const body of [
      { distanceUnit: 'furlong' },
      { volumeUnit: 'barrel' },
      { economyFormat: 'mpg' },
      { electricFormat: 'Wh/km' },
      { theme: 'sepia' },
    ]) {
      const response = await savePreferences(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(Object.keys(body));
    }
    expect(await readPreferences(user)).toEqual(DEFAULT_PREFERENCES);
  });

  it('shares the theme with PATCH /api/user/theme', async () => {
    const user = await newUser(testApp);
    await inject({
      method: 'PATCH',
      url: '/api/user/theme',
      headers: as(user),
      payload: { theme: 'dark' },
    });
    expect((await readPreferences(user)).theme).toBe('dark');
    await savePreferences(user, { theme: 'light' });
    expect((await readUser(testApp, user.cookie)).theme).toBe('light');
    const refused = await inject({
      method: 'PATCH',
      url: '/api/user/theme',
      headers: as(user),
      payload: { theme: 'sepia' },
    });
    expect(refused.json().message).toBe(APPEARANCE_TEXTS.invalidTheme);
  });
});

describe('a new vehicle’s odometer unit', () => {
  it('is its owner’s distance unit unless the vehicle says otherwise', async () => {
    const user = await newUser(testApp);
    const post = (payload: Record<string, unknown>) =>
      inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: as(user),
        payload: { year: 2020, make: 'Skoda', model: 'Octavia', ...payload },
      });
    expect((await post({})).json()).toMatchObject({ odometerUnit: 'mi', energies: ['gasoline'] });
    await savePreferences(user, { distanceUnit: 'km' });
    expect((await post({})).json().odometerUnit).toBe('km');
    const imported = await post({
      odometerUnit: 'mi',
      energies: ['diesel'],
      auxiliary: 'adblue',
      tankCapacity: '50',
    });
    expect(imported.json()).toMatchObject({
      odometerUnit: 'mi',
      energies: ['diesel'],
      auxiliary: 'adblue',
      tankCapacity: 50,
      batteryCapacity: null,
    });
  });
});

describe('GET /api/user/export, the additions of format version 2', () => {
  it('carries the preferences, the energy profile, record odometers, entries and readings', async () => {
    const user = await newUser(testApp);
    await savePreferences(user, { distanceUnit: 'km', currency: 'CHF' });
    const car = await newVehicle(testApp, user, {
      energies: ['gasoline', 'electricity'],
      batteryCapacity: '13.8',
      odometerUnit: 'km',
    });
    const entry = await newEnergyEntry(testApp, user, car, {
      date: '2025-04-01',
      odometer: 15_000.5,
      unit: 'L',
      quantity: 35.5,
      unitPrice: 1.899,
    });
    await newRecord(testApp, user, 'maintenance', {
      vehicleId: car,
      date: '2025-04-02',
      odometer: 15_100,
    });
    const response = await inject({ method: 'GET', url: '/api/user/export', headers: as(user) });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.version).toBe(3);
    expect(document.preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      distanceUnit: 'km',
      currency: 'CHF',
    });
    expect(document.vehicles[0]).toMatchObject({
      energies: ['gasoline', 'electricity'],
      auxiliary: null,
      tankCapacity: null,
      batteryCapacity: 13.8,
      odometerUnit: 'km',
    });
    expect(document.maintenance[0]).toMatchObject({ odometer: 15_100 });
    // 35.5 × 1.899 = 67.4145 → 67.41.
    expect(document.energyEntries).toEqual([
      expect.objectContaining({
        id: entry.id,
        vehicleId: car,
        date: '2025-04-01',
        odometer: 15_000.5,
        energy: 'gasoline',
        quantity: 35.5,
        unit: 'L',
        canonicalQuantity: 35.5,
        unitPrice: 1.899,
        totalCost: 67.41,
        isFull: true,
      }),
    ]);
    expect(
      document.odometerReadings.map((reading: Record<string, unknown>) => [
        reading.source,
        reading.odometer,
        reading.energyEntryId,
        reading.recordType,
      ]),
    ).toEqual([
      ['energy', 15_000.5, entry.id, null],
      ['record', 15_100, null, 'maintenance'],
    ]);
  });
});
