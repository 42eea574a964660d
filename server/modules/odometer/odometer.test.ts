/**
 * The odometer calls of decision 050 on a real database, and the readings other writes keep: a
 * reading entered alone, the history with its flags, current reading, recent driving and
 * estimate, fixing, confirming and deleting a reading (and with it the odometer of the entry or
 * record it came with), the reading of a record's odometer, the mileage typed in a vehicle's
 * form, and the vehicle's mileage following the current reading through all of them.
 */
import { COMMON_MESSAGES } from '@contract/common';
import { ODOMETER_MESSAGES } from '@contract/odometer';
import { odometerHistorySchema, odometerReadingSchema } from '@contract/schemas/odometer';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { energyEntries, maintenance, odometerReadings, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertReadings, newEnergyEntry, newRecord, newUser, newVehicle } from '../../test/factory';
import { todayIn } from '../../today';

/** A new user's day: their zone is UTC until they choose one (decision 066). */
const utcToday = (now?: Date) => todayIn('UTC', now);

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

/** The calendar day `days` before today (UTC), as the server counts days. */
function daysAgo(days: number): string {
  return utcToday(new Date(Date.now() - days * 86_400_000));
}

async function history(user: SignedInUser, vehicleId: number, query = '') {
  const response = await inject({
    method: 'GET',
    url: `/api/vehicles/${vehicleId}/odometer${query}`,
    headers: as(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return odometerHistorySchema.parse(response.json());
}

function addReading(user: SignedInUser, vehicleId: number, payload: Record<string, unknown>) {
  return inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/odometer`,
    headers: as(user),
    payload,
  });
}

function patchReading(user: SignedInUser, id: number, payload: Record<string, unknown>) {
  return inject({ method: 'PATCH', url: `/api/odometer/${id}`, headers: as(user), payload });
}

async function mileageOf(vehicleId: number) {
  const [row] = await db()
    .select({ mileage: vehicles.mileage })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  return row!.mileage;
}

async function readingsOf(vehicleId: number) {
  return db()
    .select()
    .from(odometerReadings)
    .where(eq(odometerReadings.vehicleId, vehicleId))
    .orderBy(odometerReadings.id);
}

describe('signed out', () => {
  it('answers 401 to every odometer call', async () => {
    for (const [method, url] of [
      ['GET', '/api/vehicles/1/odometer'],
      ['POST', '/api/vehicles/1/odometer'],
      ['PATCH', '/api/odometer/1'],
      ['DELETE', '/api/odometer/1'],
    ] as const) {
      const response = await inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.unauthenticated });
    }
  });
});

describe('POST /api/vehicles/:vehicleId/odometer and the history', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    user = await newUser(testApp);
  });

  it('adds a reading entered alone, and the history tells what the readings say', async () => {
    const car = await newVehicle(testApp, user);
    const first = await addReading(user, car, { date: daysAgo(30), odometer: '10,000' });
    expect(first.statusCode, first.body).toBe(201);
    expect(odometerReadingSchema.parse(first.json())).toEqual({
      id: expect.any(Number),
      vehicleId: car,
      date: daysAgo(30),
      odometer: 10_000,
      source: 'manual',
      sourceId: null,
      sourceType: null,
      isFlagged: false,
      flag: null,
      isConfirmed: false,
    });
    await addReading(user, car, { date: daysAgo(10), odometer: 11_000 });
    expect(await mileageOf(car)).toBe(11_000);

    const body = await history(user, car);
    expect(body.items.map((item) => item.odometer)).toEqual([11_000, 10_000]);
    // 1,000 mi in 20 days = 50 mi a day; ten days on from the latest reading: 11,000 + 500.
    expect(body).toMatchObject({
      unit: 'mi',
      current: { odometer: 11_000, date: daysAgo(10) },
      distancePerDay: 50,
      estimate: 11_500,
      flaggedCount: 0,
      nextCursor: null,
    });
  });

  it('keeps a typo out of the mileage, and follows the user’s confirmation or fix', async () => {
    const car = await newVehicle(testApp, user);
    const [, typo] = await insertReadings(testApp, user, car, [
      { date: daysAgo(30), odometer: 10_000 },
      // 90,000 mi in 10 days: more than 2,000 km (1,242.7 mi) a day.
      { date: daysAgo(20), odometer: 100_000 },
    ]);
    const latest = (await addReading(user, car, { date: daysAgo(10), odometer: 11_000 })).json();
    expect(latest.isFlagged).toBe(false);
    let body = await history(user, car);
    expect(body.items.map((item) => [item.odometer, item.flag])).toEqual([
      [11_000, null],
      [100_000, 'implausible'],
      [10_000, null],
    ]);
    expect(body.current).toEqual({ odometer: 11_000, date: daysAgo(10) });
    expect(body.flaggedCount).toBe(1);
    expect(await mileageOf(car)).toBe(11_000);

    // Confirmed, it is the baseline: the reading after it now goes backwards.
    const confirmed = await patchReading(user, typo!, { isConfirmed: true });
    expect(confirmed.json()).toMatchObject({ isConfirmed: true, isFlagged: false, flag: null });
    body = await history(user, car);
    expect(body.items.map((item) => item.flag)).toEqual(['backwards', null, null]);
    expect(await mileageOf(car)).toBe(100_000);

    // Fixed, it is no longer the reading that was confirmed, and nothing is flagged.
    const fixed = await patchReading(user, typo!, { odometer: 10_500 });
    expect(fixed.json()).toMatchObject({ odometer: 10_500, isConfirmed: false, isFlagged: false });
    body = await history(user, car);
    expect(body.flaggedCount).toBe(0);
    expect(await mileageOf(car)).toBe(11_000);
  });

  it('pages the history newest first with a cursor', async () => {
    const car = await newVehicle(testApp, user);
    const ids = await insertReadings(testApp, user, car, [
      { date: '2025-01-01', odometer: 1000 },
      { date: '2025-01-02', odometer: 1100 },
      { date: '2025-01-02', odometer: 1150 },
    ]);
    const first = await history(user, car, '?limit=2');
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBe(`2025-01-02~${ids[1]}`);
    const second = await history(user, car, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a reading without a date or a valid odometer', async () => {
    const car = await newVehicle(testApp, user);
    for (const payload of [
      { date: '2025-01-01' },
      { date: '2025-01-01', odometer: -1 },
      { date: '2025-01-01', odometer: 10.25 },
      { date: '2025-01-01', odometer: 10_000_001 },
    ]) {
      const response = await addReading(user, car, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual({ odometer: ODOMETER_MESSAGES.odometer });
    }
    const undated = await addReading(user, car, { odometer: 5 });
    expect(Object.keys(undated.json().errors)).toEqual(['date']);
    expect(await readingsOf(car)).toEqual([]);
  });

  it('answers 404 for another user’s vehicle and reading, and changes nothing', async () => {
    const other = await newUser(testApp);
    const theirs = await newVehicle(testApp, other);
    const [reading] = await insertReadings(testApp, other, theirs, [
      { date: '2025-01-01', odometer: 500 },
    ]);
    const read = await inject({
      method: 'GET',
      url: `/api/vehicles/${theirs}/odometer`,
      headers: as(user),
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    const added = await addReading(user, theirs, { date: '2025-01-02', odometer: 600 });
    expect(added.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    for (const [method, payload] of [
      ['PATCH', { odometer: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await inject({
        method,
        url: `/api/odometer/${reading}`,
        headers: as(user),
        payload,
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: ODOMETER_MESSAGES.notFound });
    }
    expect((await readingsOf(theirs)).map((row) => row.odometer)).toEqual(['500.0']);
  });
});

describe('a reading that came with an energy entry', () => {
  it('fixes the entry’s odometer and date, and deleting it clears the entry’s odometer', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    const entry = await newEnergyEntry(testApp, user, car, {
      date: '2025-02-01',
      odometer: 20_000,
      quantity: 10,
      unitPrice: 3,
    });
    const [reading] = (await history(user, car)).items;
    expect(reading).toMatchObject({ source: 'energy', sourceId: entry.id, sourceType: null });

    const fixed = await patchReading(user, reading!.id, { date: '2025-02-02', odometer: 20_010.5 });
    expect(fixed.statusCode).toBe(200);
    const [row] = await db().select().from(energyEntries).where(eq(energyEntries.id, entry.id));
    expect([row!.date, row!.odometer]).toEqual(['2025-02-02', '20010.5']);
    expect(await mileageOf(car)).toBe(20_011);

    const deleted = await inject({
      method: 'DELETE',
      url: `/api/odometer/${reading!.id}`,
      headers: as(user),
    });
    expect(deleted.json()).toEqual({ message: ODOMETER_MESSAGES.deleted });
    const [cleared] = await db().select().from(energyEntries).where(eq(energyEntries.id, entry.id));
    expect(cleared!.odometer).toBeNull();
    expect(await readingsOf(car)).toEqual([]);
    expect(await mileageOf(car)).toBeNull();
  });
});

describe('the odometer of a record', () => {
  let user: SignedInUser;
  let car: number;
  let van: number;

  beforeAll(async () => {
    user = await newUser(testApp);
    car = await newVehicle(testApp, user);
    van = await newVehicle(testApp, user, { make: 'Ford', model: 'Transit' });
  });

  it('is optional, stored to a tenth, and a reading of the vehicle', async () => {
    const plain = await newRecord(testApp, user, 'repair', { vehicleId: car, odometer: '' });
    expect(plain.odometer).toBeNull();
    const record = await newRecord(testApp, user, 'maintenance', {
      vehicleId: car,
      date: '2025-03-01',
      odometer: '31,000.4',
    });
    expect(record.odometer).toBe(31_000.4);
    const reading = (await readingsOf(car)).at(-1)!;
    expect(reading).toMatchObject({
      source: 'record',
      recordType: 'maintenance',
      recordId: record.id,
      date: '2025-03-01',
      odometer: '31000.4',
    });
    const unified = await inject({ method: 'GET', url: '/api/records', headers: as(user) });
    expect(unified.json().find((item: { id: number }) => item.id === record.id).odometer).toBe(
      31_000.4,
    );
    expect(await mileageOf(car)).toBe(31_000);
  });

  it('moves with the record to another vehicle, and both mileages follow', async () => {
    const record = await newRecord(testApp, user, 'repair', {
      vehicleId: car,
      date: '2025-04-01',
      odometer: 32_000,
    });
    expect(await mileageOf(car)).toBe(32_000);
    const moved = await inject({
      method: 'PATCH',
      url: `/api/repairs/${record.id}`,
      headers: as(user),
      payload: { vehicleId: van, odometer: 8_000 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await readingsOf(van)).map((row) => [row.recordId, row.odometer])).toEqual([
      [record.id, '8000.0'],
    ]);
    expect(await mileageOf(van)).toBe(8_000);
    expect(await mileageOf(car)).toBe(31_000);

    const deleted = await inject({
      method: 'DELETE',
      url: `/api/repairs/${record.id}`,
      headers: as(user),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await readingsOf(van)).toEqual([]);
    expect(await mileageOf(van)).toBeNull();
  });

  it('without a date, is dated the day it is written and keeps that day', async () => {
    const record = await newRecord(testApp, user, 'repair', { vehicleId: van, odometer: 9_000 });
    const [reading] = await readingsOf(van);
    expect(reading!.date).toBe(utcToday());
    await db()
      .update(odometerReadings)
      .set({ date: '2025-05-05' })
      .where(eq(odometerReadings.id, reading!.id));
    await inject({
      method: 'PATCH',
      url: `/api/repairs/${record.id}`,
      headers: as(user),
      payload: { odometer: 9_100 },
    });
    const [after] = await readingsOf(van);
    expect([after!.date, after!.odometer]).toEqual(['2025-05-05', '9100.0']);
  });

  it('is fixed and cleared from the history too', async () => {
    const record = await newRecord(testApp, user, 'maintenance', {
      vehicleId: car,
      date: '2025-06-01',
      odometer: 33_000,
    });
    const reading = (await readingsOf(car)).find((row) => row.recordId === record.id)!;
    await patchReading(user, reading.id, { odometer: 33_300 });
    const [fixed] = await db().select().from(maintenance).where(eq(maintenance.id, record.id));
    expect(fixed!.odometer).toBe('33300.0');
    await inject({ method: 'DELETE', url: `/api/odometer/${reading.id}`, headers: as(user) });
    const [cleared] = await db().select().from(maintenance).where(eq(maintenance.id, record.id));
    expect(cleared!.odometer).toBeNull();
  });
});

describe('the mileage typed in a vehicle’s form', () => {
  it('is a reading of today; typed again the same day, it corrects that reading', async () => {
    const user = await newUser(testApp);
    const created = await inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: as(user),
      payload: { year: 2018, make: 'Honda', model: 'Civic', mileage: 42_000 },
    });
    expect(created.json()).toMatchObject({ mileage: 42_000, odometerUnit: 'mi' });
    const id = created.json().id;
    expect((await readingsOf(id)).map((row) => [row.source, row.date, row.odometer])).toEqual([
      ['manual', utcToday(), '42000.0'],
    ]);
    const edited = await inject({
      method: 'PUT',
      url: `/api/vehicles/${id}`,
      headers: as(user),
      payload: { mileage: 42_100 },
    });
    expect(edited.json().mileage).toBe(42_100);
    expect((await readingsOf(id)).map((row) => row.odometer)).toEqual(['42100.0']);
    // Sent back unchanged, as the edit form does, it writes nothing.
    await inject({
      method: 'PUT',
      url: `/api/vehicles/${id}`,
      headers: as(user),
      payload: { mileage: 42_100, color: 'Red' },
    });
    expect(await readingsOf(id)).toHaveLength(1);
  });
});
