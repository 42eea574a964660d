/**
 * The import calls of decision 055 on a real database, with Garage Ledger's own JSON export as
 * the file: a preview that writes nothing, apply in one go, the same file again finding only
 * duplicates, a vehicle of the file placed in one of the user's (its odometers converted), undo
 * removing exactly what was added, and what another user cannot reach.
 */
import { IMPORT_MESSAGES } from '@contract/imports';
import {
  importListSchema,
  importPreviewSchema,
  importResultSchema,
} from '@contract/schemas/imports';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { energyEntries, imports, maintenance, odometerReadings, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newEnergyEntry, newRecord, newUser, newVehicle } from '../../test/factory';
import { multipartBody } from '../../test/upload-fixtures';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

/** A garage in kilometres and litres: one car, two fill-ups, a service, a repair, a reading. */
async function exportedGarage() {
  const owner = await newUser(testApp);
  const vehicleId = await newVehicle(testApp, owner, {
    year: 2015,
    make: 'Suzuki',
    model: 'SX4',
    vin: 'JS2YB413X15100001',
    odometerUnit: 'km',
  });
  await newEnergyEntry(testApp, owner, vehicleId, {
    date: '2024-01-03',
    odometer: 10_000,
    quantity: 31.139,
    unit: 'L',
    unitPrice: 1.139,
  });
  await newEnergyEntry(testApp, owner, vehicleId, {
    date: '2024-01-17',
    odometer: 10_500,
    quantity: 30,
    unit: 'L',
    totalCost: 36,
  });
  await newRecord(testApp, owner, 'maintenance', {
    vehicleId,
    category: 'Oil Change',
    title: 'Oil and filter',
    date: '2024-02-01',
    odometer: 10_800,
    cost: 89.9,
    isCompleted: true,
  });
  await newRecord(testApp, owner, 'repair', {
    vehicleId,
    category: 'Brakes',
    title: 'Front pads',
    date: '2024-03-01',
    cost: 240,
    isCompleted: true,
  });
  const reading = await inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/odometer`,
    headers: as(owner),
    payload: { date: '2024-04-01', odometer: 11_200 },
  });
  expect(reading.statusCode, reading.body).toBe(201);
  const exported = await inject({ method: 'GET', url: '/api/user/export', headers: as(owner) });
  expect(exported.statusCode).toBe(200);
  return { owner, vehicleId, file: Buffer.from(exported.body) };
}

function upload(
  user: SignedInUser,
  files: { name: string; data: Buffer }[],
  fields: Record<string, string> = {},
) {
  const body = multipartBody([
    ...files.map((file) => ({ name: 'file', filename: file.name, data: file.data })),
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  return inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...as(user), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function previewOf(user: SignedInUser, file: Buffer, fields: Record<string, string> = {}) {
  const response = await upload(user, [{ name: 'garage-ledger-export.json', data: file }], fields);
  expect(response.statusCode, response.body).toBe(201);
  return importPreviewSchema.parse(response.json());
}

async function apply(user: SignedInUser, id: number) {
  const response = await inject({
    method: 'POST',
    url: `/api/imports/${id}/apply`,
    headers: as(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return importResultSchema.parse(response.json());
}

const vehiclesOf = (userId: number) =>
  db().select().from(vehicles).where(eq(vehicles.userId, userId));

describe('imports', () => {
  it('previews a file without writing, applies it whole, finds only duplicates the second time, and undoes exactly it', async () => {
    const { file } = await exportedGarage();
    const user = await newUser(testApp);

    const preview = await previewOf(user, file);
    expect(preview).toMatchObject({
      status: 'preview',
      format: 'garage-ledger',
      decimalSeparator: { value: '.', certain: true },
      dateFormat: { value: 'YMD', certain: true, example: { read: '2024-02-01' } },
      needsChoice: [],
      problemCount: 0,
      duplicateCount: 0,
    });
    expect(preview.vehicles).toEqual([
      expect.objectContaining({ name: '2015 Suzuki SX4', vehicleId: null }),
    ]);
    expect(preview.counts).toMatchObject({
      vehicles: 1,
      energy: 2,
      maintenance: 1,
      repairs: 1,
      modifications: 0,
      odometer: 1,
    });
    // Nothing is written before apply.
    expect(await vehiclesOf(user.id)).toEqual([]);

    const applied = await apply(user, preview.id);
    expect(applied.added).toMatchObject({
      vehicles: 1,
      energy: 2,
      maintenance: 1,
      repairs: 1,
      odometer: 1,
    });
    const [car] = await vehiclesOf(user.id);
    expect(car).toMatchObject({ year: 2015, make: 'Suzuki', model: 'SX4', odometerUnit: 'km' });
    // The current mileage is the latest reading: the one entered alone on 1 April, 11,200 km.
    expect(car!.mileage).toBe(11_200);
    const fills = await db()
      .select()
      .from(energyEntries)
      .where(eq(energyEntries.vehicleId, car!.id))
      .orderBy(energyEntries.date);
    // 31.139 L × 1.139 = 35.467… → 35.47; 36 / 30 L = 1.2 a litre.
    expect(fills.map((fill) => [fill.date, fill.quantity, fill.unitPrice, fill.totalCost])).toEqual(
      [
        ['2024-01-03', '31.139', '1.139', '35.47'],
        ['2024-01-17', '30.000', '1.200', '36.00'],
      ],
    );
    // Each fill-up's and the service's odometer is a reading of its own, and the lone one too.
    const readings = await db()
      .select()
      .from(odometerReadings)
      .where(eq(odometerReadings.vehicleId, car!.id));
    expect(readings.map((reading) => [reading.source, Number(reading.odometer)]).sort()).toEqual([
      ['energy', 10000],
      ['energy', 10500],
      ['import', 11200],
      ['record', 10800],
    ]);
    const [service] = await db()
      .select()
      .from(maintenance)
      .where(eq(maintenance.vehicleId, car!.id));
    expect(service).toMatchObject({ title: 'Oil and filter', cost: '89.90', isCompleted: true });

    // The same file again: its vehicle is found by its VIN, and every row is already there.
    const again = await previewOf(user, file);
    expect(again.vehicles[0]!.vehicleId).toBe(car!.id);
    expect(again.counts).toMatchObject({
      vehicles: 0,
      energy: 0,
      maintenance: 0,
      repairs: 0,
      odometer: 0,
    });
    expect(again.existing).toMatchObject({ energy: 2, maintenance: 1, repairs: 1, odometer: 1 });
    expect(again.duplicates[0]).toMatchObject({ reason: 'Already in your 2015 Suzuki SX4' });
    expect((await apply(user, again.id)).added).toMatchObject({ energy: 0, maintenance: 0 });

    // Undo removes what the first import added, and nothing else of the account.
    const kept = await newVehicle(testApp, user, { make: 'Mazda', model: 'MX-5' });
    const undone = await inject({
      method: 'DELETE',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    // As many as apply said it added: the readings of entries and records count with them.
    expect(importResultSchema.parse(undone.json()).added).toEqual(applied.added);
    expect((await vehiclesOf(user.id)).map((vehicle) => vehicle.id)).toEqual([kept]);
    const twice = await inject({
      method: 'DELETE',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: IMPORT_MESSAGES.undone });

    const list = importListSchema.parse(
      (await inject({ method: 'GET', url: '/api/imports', headers: as(user) })).json(),
    );
    expect(list.map((item) => [item.id, item.status])).toEqual([
      [again.id, 'applied'],
      [preview.id, 'undone'],
    ]);
  });

  it("places a vehicle of the file in one of the user's, converting its odometers to that vehicle's unit", async () => {
    const { file } = await exportedGarage();
    const user = await newUser(testApp);
    const mine = await newVehicle(testApp, user, {
      year: 2015,
      make: 'Suzuki',
      model: 'SX4 Crossover',
    });
    const preview = await previewOf(user, file);
    const key = preview.vehicles[0]!.key;
    const chosen = await inject({
      method: 'PATCH',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
      payload: { vehicles: { [key]: mine } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const changed = importPreviewSchema.parse(chosen.json());
    expect(changed.vehicles[0]!.vehicleId).toBe(mine);
    expect(changed.counts.vehicles).toBe(0);
    await apply(user, preview.id);
    const [fill] = await db()
      .select()
      .from(energyEntries)
      .where(and(eq(energyEntries.vehicleId, mine), eq(energyEntries.date, '2024-01-03')));
    // 10,000 km ÷ 1.609344 km/mi = 6,213.71 mi, kept to a tenth: 6,213.7.
    expect(fill!.odometer).toBe('6213.7');
    expect((await vehiclesOf(user.id)).length).toBe(1);
  });

  it('undone, keeps a vehicle it added that the user has added entries to since, with those entries', async () => {
    const { file } = await exportedGarage();
    const user = await newUser(testApp);
    const preview = await previewOf(user, file);
    await apply(user, preview.id);
    const [car] = await vehiclesOf(user.id);
    const mine = await newEnergyEntry(testApp, user, car!.id, {
      date: '2024-06-01',
      quantity: 20,
      unit: 'L',
      unitPrice: 1.5,
    });
    const undone = await inject({
      method: 'DELETE',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(importResultSchema.parse(undone.json()).added).toMatchObject({ vehicles: 0, energy: 2 });
    const fills = await db()
      .select()
      .from(energyEntries)
      .where(eq(energyEntries.vehicleId, car!.id));
    expect(fills.map((fill) => fill.id)).toEqual([mine.id]);
    const [kept] = await vehiclesOf(user.id);
    expect(kept).toMatchObject({ id: car!.id, importId: null });
  });

  it('keeps every import to its owner, and refuses what it cannot read with a reason', async () => {
    const { file, owner, vehicleId } = await exportedGarage();
    const user = await newUser(testApp);
    const preview = await previewOf(user, file);
    for (const request of [
      { method: 'GET' as const, url: `/api/imports/${preview.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/imports/${preview.id}`,
        payload: { decimalSeparator: ',' },
      },
      { method: 'POST' as const, url: `/api/imports/${preview.id}/apply` },
      { method: 'DELETE' as const, url: `/api/imports/${preview.id}` },
    ]) {
      const response = await inject({ ...request, headers: as(owner) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Import not found' });
    }
    // Another user's vehicle is not a place for the file's vehicle, nor a target of the upload.
    const elsewhere = await inject({
      method: 'PATCH',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
      payload: { vehicles: { [preview.vehicles[0]!.key]: vehicleId } },
    });
    expect(elsewhere.statusCode).toBe(404);
    const targeted = await upload(user, [{ name: 'export.json', data: file }], {
      vehicleId: String(vehicleId),
    });
    expect(targeted.statusCode).toBe(404);
    const unknownKey = await inject({
      method: 'PATCH',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
      payload: { vehicles: { 'no such key': null } },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json()).toEqual({ message: IMPORT_MESSAGES.unknownVehicleKey });

    const unknown = await upload(user, [
      { name: 'notes.txt', data: Buffer.from('hello, world\n') },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: IMPORT_MESSAGES.unknownFormat });
    const damaged = await upload(user, [
      { name: 'export.zip', data: Buffer.from('PK\u0003\u0004 not really a zip') },
    ]);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toEqual({ message: IMPORT_MESSAGES.damaged });
    const asked = await upload(user, [{ name: 'export.json', data: file }], { source: 'fuelly' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ message: IMPORT_MESSAGES.notThatFormat('Fuelly') });

    // A preview past its hours is refused, not applied.
    await db()
      .update(imports)
      .set({ createdAt: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(imports.id, preview.id));
    const late = await inject({
      method: 'POST',
      url: `/api/imports/${preview.id}/apply`,
      headers: as(user),
    });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: IMPORT_MESSAGES.expired });
    expect(await vehiclesOf(user.id)).toEqual([]);
  });

  it('answers a preview cancelled before apply as gone, with a reason, rather than failing', async () => {
    const { file } = await exportedGarage();
    const user = await newUser(testApp);
    const preview = await previewOf(user, file);
    const cancelled = await inject({
      method: 'DELETE',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(importResultSchema.parse(cancelled.json()).added.vehicles).toBe(0);

    const read = await inject({
      method: 'GET',
      url: `/api/imports/${preview.id}`,
      headers: as(user),
    });
    expect(read.statusCode).toBe(410);
    expect(read.json()).toEqual({ message: IMPORT_MESSAGES.discarded });
    // An applied and undone import still answers what it had added.
    const applied = await previewOf(user, file);
    await apply(user, applied.id);
    await inject({ method: 'DELETE', url: `/api/imports/${applied.id}`, headers: as(user) });
    const undone = await inject({
      method: 'GET',
      url: `/api/imports/${applied.id}`,
      headers: as(user),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(importPreviewSchema.parse(undone.json())).toMatchObject({
      status: 'undone',
      added: { vehicles: 1, energy: 2 },
    });
  });
});
