/**
 * The vehicle calls of 001 §7 on a real database: payloads and messages (001 §5, D40), ownership
 * (D9), the figures of each vehicle (D20, D33), the deletion of everything it owns (D22) and the
 * constant number of statements the list takes. Plan limits are off here; they are tested in
 * subscription.test.ts.
 */
import crypto from 'node:crypto';
import { COMMON_MESSAGES } from '@contract/common';
import { vehicleSchema, vehiclesSchema } from '@contract/schemas/vehicles';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  binaryFiles,
  documents,
  maintenance,
  modifications,
  recordImages,
  repairs,
  vehicleImages,
  vehicles,
} from '../../db/schema';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

const { inject, db } = testApp;

const as = (user: SignedInUser) => ({ cookie: user.cookie });

async function createVehicle(user: SignedInUser, payload: Record<string, unknown>) {
  const response = await inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: as(user),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return vehicleSchema.parse(response.json());
}

async function getVehicle(user: SignedInUser, id: number) {
  const response = await inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: as(user) });
  expect(response.statusCode, response.body).toBe(200);
  return vehicleSchema.parse(response.json());
}

async function storedVehicle(id: number) {
  const [row] = await db().select().from(vehicles).where(eq(vehicles.id, id));
  return row;
}

/** A stored file of the user, as an upload would leave it (D14). */
async function storeFile(userId: number) {
  const id = crypto.randomBytes(16).toString('base64url');
  await db()
    .insert(binaryFiles)
    .values({ id, userId, data: Buffer.from('x'), contentType: 'image/png', size: 1 });
  return id;
}

const civic = { year: '2019', make: 'Honda', model: 'Civic' };

describe('signed out', () => {
  it('answers 401 to every vehicle call', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/api/vehicles' },
      { method: 'POST', url: '/api/vehicles', payload: civic },
      { method: 'GET', url: '/api/vehicles/1' },
      { method: 'PUT', url: '/api/vehicles/1', payload: { make: 'Ford' } },
      { method: 'DELETE', url: '/api/vehicles/1' },
    ];
    for (const call of calls) {
      const response = await inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.unauthenticated });
    }
    expect(await db().select().from(vehicles)).toEqual([]);
  });
});

describe('POST /api/vehicles', () => {
  it('creates from the add form’s strings (001 §5): year and price as text, empty fields as null', async () => {
    const user = await newUser(testApp);
    const vehicle = await createVehicle(user, {
      year: '2019',
      make: 'Honda',
      model: 'Civic',
      trim: '',
      mileage: '',
      color: 'Blue',
      purchasePrice: '12500.50',
      isProject: true,
    });
    expect(vehicle).toEqual({
      id: expect.any(Number),
      year: 2019,
      make: 'Honda',
      model: 'Civic',
      trim: null,
      mileage: null,
      vin: null,
      purchaseDate: null,
      purchasePrice: 12500.5,
      currentValue: null,
      licensePlate: null,
      color: 'Blue',
      imageUrl: null,
      thumbnailUrl: null,
      notes: null,
      isProject: true,
      projectType: null,
      addedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      moneyInvested: 12500.5,
      plannedExpenses: 0,
      totalExpenses: 0,
      spentOnTop: 0,
      recordCount: 0,
      imageCount: 0,
      nextMaintenance: null,
      // Decision 050: the energy profile's defaults.
      energies: ['gasoline'],
      auxiliary: null,
      tankCapacity: null,
      batteryCapacity: null,
      odometerUnit: 'mi',
    });
    const row = await storedVehicle(vehicle.id);
    expect(row).toMatchObject({
      userId: user.id,
      year: 2019,
      trim: null,
      mileage: null,
      purchasePrice: '12500.50',
      isProject: true,
    });
    expect(vehicle.addedAt).toBe(row!.addedAt.toISOString());
  });

  it('creates from numbers, isProject false when left out (001 §3)', async () => {
    const user = await newUser(testApp);
    const vehicle = await createVehicle(user, {
      year: 2019,
      make: 'Mazda',
      model: 'MX-5',
      mileage: '42,000',
      purchasePrice: 12500.5,
      currentValue: '9000',
      purchaseDate: '2020-06-15',
      vin: 'JM1NDAB7XK0300000',
      licensePlate: 'ROADSTR',
      notes: 'Weekend car',
    });
    expect(vehicle).toMatchObject({
      year: 2019,
      mileage: 42000,
      purchasePrice: 12500.5,
      currentValue: 9000,
      purchaseDate: '2020-06-15',
      vin: 'JM1NDAB7XK0300000',
      licensePlate: 'ROADSTR',
      notes: 'Weekend car',
      isProject: false,
    });
    expect((await storedVehicle(vehicle.id))?.purchasePrice).toBe('12500.50');
  });

  it('ignores unknown fields, an owner and an id included', async () => {
    const user = await newUser(testApp);
    const other = await newUser(testApp);
    const vehicle = await createVehicle(user, {
      ...civic,
      id: 987654,
      userId: other.id,
      moneyInvested: 1,
      colour: 'Red',
    });
    expect(vehicle.id).not.toBe(987654);
    expect(vehicle.moneyInvested).toBe(0);
    expect((await storedVehicle(vehicle.id))?.userId).toBe(user.id);
  });

  it('answers the field messages of 001 §5 and D40, and stores nothing', async () => {
    const user = await newUser(testApp);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...civic, year: '19' }, { year: VEHICLE_MESSAGES.year }],
      [{ ...civic, make: '' }, { make: VEHICLE_MESSAGES.make }],
      [{ year: '2019', make: 'Honda' }, { model: VEHICLE_MESSAGES.model }],
      [{ ...civic, trim: 't'.repeat(201) }, { trim: 'Trim must be at most 200 characters' }],
      [{ ...civic, mileage: 'lots' }, { mileage: VEHICLE_MESSAGES.mileage }],
      [{ ...civic, purchasePrice: 'cheap' }, { purchasePrice: 'Please enter a valid amount' }],
      [
        { ...civic, purchasePrice: '10.005' },
        { purchasePrice: 'Amount can have at most 2 decimals' },
      ],
      [{ ...civic, isProject: 'yes' }, { isProject: 'isProject must be true or false' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: as(user),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual(errors);
      expect(response.json().message).toBe(Object.values(errors)[0]);
    }
    // A trim of exactly 200 characters is fine: the limit is not off by one.
    await createVehicle(user, { ...civic, trim: 't'.repeat(200) });
    const rows = await db().select().from(vehicles).where(eq(vehicles.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 to malformed JSON, never a 500', async () => {
    const user = await newUser(testApp);
    const response = await inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...as(user), 'content-type': 'application/json' },
      payload: '{"year": "2019", "make": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.malformedJson });

    for (const body of ['null', '[]', '"2019 Honda Civic"', '42']) {
      for (const [method, url] of [
        ['POST', '/api/vehicles'],
        ['PUT', '/api/vehicles/1'],
      ] as const) {
        const refused = await inject({
          method,
          url,
          headers: { ...as(user), 'content-type': 'application/json' },
          payload: body,
        });
        expect(refused.statusCode, `${method} ${body}`).toBe(400);
        expect(refused.json().message).toEqual(expect.any(String));
      }
    }
    const empty = await inject({ method: 'PUT', url: '/api/vehicles/1', headers: as(user) });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/vehicles and /api/vehicles/:id', () => {
  it('lists only the user’s vehicles, newest added first', async () => {
    const user = await newUser(testApp);
    const other = await newUser(testApp);
    const first = await createVehicle(user, { ...civic, model: 'First' });
    const second = await createVehicle(user, { ...civic, model: 'Second' });
    await createVehicle(other, { ...civic, model: 'Not mine' });

    const response = await inject({ method: 'GET', url: '/api/vehicles', headers: as(user) });
    expect(response.statusCode).toBe(200);
    const list = vehiclesSchema.parse(response.json());
    expect(list.map((vehicle) => vehicle.id)).toEqual([second.id, first.id]);
    expect(list[1]).toEqual(first);

    expect(await getVehicle(user, first.id)).toEqual(first);

    const empty = await newUser(testApp);
    const none = await inject({ method: 'GET', url: '/api/vehicles', headers: as(empty) });
    expect(none.json()).toEqual([]);
  });

  it('answers 400 to an id that is not a positive whole number, 404 to a missing one', async () => {
    const user = await newUser(testApp);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await inject({
          method,
          url: `/api/vehicles/${id}`,
          headers: as(user),
          ...(method === 'PUT' ? { payload: { make: 'Ford' } } : {}),
        });
        expect(response.statusCode, `${method} ${id}`).toBe(400);
        expect(response.json().errors).toHaveProperty('id');
      }
    }
    const missing = await inject({
      method: 'GET',
      url: '/api/vehicles/2147483647',
      headers: as(user),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
  });
});

describe('PUT /api/vehicles/:id', () => {
  it('changes the fields sent, keeps those left out and clears those sent as null', async () => {
    const user = await newUser(testApp);
    const created = await createVehicle(user, {
      ...civic,
      trim: 'Sport',
      mileage: 30000,
      color: 'Blue',
      purchasePrice: '12500.50',
      notes: 'Bought used',
      isProject: true,
    });

    const response = await inject({
      method: 'PUT',
      url: `/api/vehicles/${created.id}`,
      headers: as(user),
      payload: { mileage: '31,500', trim: null, purchasePrice: null, color: '', isProject: false },
    });
    expect(response.statusCode).toBe(200);
    const updated = vehicleSchema.parse(response.json());
    expect(updated).toEqual({
      ...created,
      mileage: 31500,
      trim: null,
      purchasePrice: null,
      color: null,
      isProject: false,
      moneyInvested: 0,
    });
    expect(await storedVehicle(created.id)).toMatchObject({
      year: 2019,
      make: 'Honda',
      model: 'Civic',
      notes: 'Bought used',
      trim: null,
      purchasePrice: null,
      mileage: 31500,
    });

    const again = await inject({
      method: 'PUT',
      url: `/api/vehicles/${created.id}`,
      headers: as(user),
      payload: { year: 2020, purchasePrice: 99.99 },
    });
    expect(again.json()).toMatchObject({ year: 2020, purchasePrice: 99.99, moneyInvested: 99.99 });

    // An empty body changes nothing and answers the vehicle.
    const unchanged = await inject({
      method: 'PUT',
      url: `/api/vehicles/${created.id}`,
      headers: as(user),
      payload: {},
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual(again.json());
  });

  it('validates like the add form and changes nothing on bad input', async () => {
    const user = await newUser(testApp);
    const created = await createVehicle(user, civic);
    const before = await storedVehicle(created.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ year: '19' }, 'year', VEHICLE_MESSAGES.year],
      [{ make: '' }, 'make', VEHICLE_MESSAGES.make],
      [{ model: null }, 'model', VEHICLE_MESSAGES.model],
      [{ color: 'c'.repeat(201), make: 'Ford' }, 'color', 'Color must be at most 200 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await inject({
        method: 'PUT',
        url: `/api/vehicles/${created.id}`,
        headers: as(user),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    expect(await storedVehicle(created.id)).toEqual(before);
  });
});

describe('DELETE /api/vehicles/:id', () => {
  it('deletes the vehicle and answers a message', async () => {
    const user = await newUser(testApp);
    const created = await createVehicle(user, civic);
    const response = await inject({
      method: 'DELETE',
      url: `/api/vehicles/${created.id}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Vehicle deleted' });
    expect(await storedVehicle(created.id)).toBeUndefined();

    const gone = await inject({
      method: 'GET',
      url: `/api/vehicles/${created.id}`,
      headers: as(user),
    });
    expect(gone.statusCode).toBe(404);
    const twice = await inject({
      method: 'DELETE',
      url: `/api/vehicles/${created.id}`,
      headers: as(user),
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
  });
});

describe('another user’s vehicle (D9)', () => {
  it('answers 404 to GET, PUT and DELETE exactly like a missing one, and changes nothing', async () => {
    const owner = await newUser(testApp);
    const stranger = await newUser(testApp);
    const vehicle = await createVehicle(owner, { ...civic, purchasePrice: '100' });
    await db().insert(maintenance).values({
      userId: owner.id,
      vehicleId: vehicle.id,
      category: 'Oil Change',
      cost: '50',
    });
    const before = await storedVehicle(vehicle.id);

    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/vehicles/${vehicle.id}` },
      { method: 'PUT', url: `/api/vehicles/${vehicle.id}`, payload: { make: 'Stolen' } },
      { method: 'PUT', url: `/api/vehicles/${vehicle.id}`, payload: { trim: null } },
      { method: 'DELETE', url: `/api/vehicles/${vehicle.id}` },
    ];
    for (const call of calls) {
      const response = await inject({ ...call, headers: as(stranger) });
      expect(response.statusCode, `${call.method} ${JSON.stringify(call.payload)}`).toBe(404);
      expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    }

    expect(await storedVehicle(vehicle.id)).toEqual(before);
    const records = await db()
      .select()
      .from(maintenance)
      .where(eq(maintenance.vehicleId, vehicle.id));
    expect(records).toHaveLength(1);
    const strangersList = await inject({
      method: 'GET',
      url: '/api/vehicles',
      headers: as(stranger),
    });
    expect(strangersList.json()).toEqual([]);
    expect(await getVehicle(owner, vehicle.id)).toMatchObject({
      make: 'Honda',
      moneyInvested: 150,
    });
  });
});

describe('the figures of a vehicle (001 §2, D20)', () => {
  it('sums purchase price and record costs exactly, counting missing costs as nothing', async () => {
    const user = await newUser(testApp);
    const vehicle = await createVehicle(user, { ...civic, purchasePrice: '10000.10' });
    const other = await createVehicle(user, { ...civic, model: 'Other' });
    const base = { userId: user.id, vehicleId: vehicle.id };
    await db()
      .insert(maintenance)
      .values([
        { ...base, category: 'Oil Change', cost: '100.10', isCompleted: true },
        { ...base, category: 'Brakes', cost: '50.05' },
        { ...base, category: 'Wipers', cost: null },
        { ...base, category: 'Tires', cost: null, isCompleted: true },
      ]);
    await db()
      .insert(repairs)
      .values([
        { ...base, category: 'Engine', cost: '200.00' },
        { ...base, category: 'Body', cost: '0.10', isCompleted: true },
      ]);
    await db()
      .insert(modifications)
      .values([{ ...base, category: 'Exhaust', cost: '0.20', isCompleted: true }]);
    // The other vehicle's records count for it alone.
    await db()
      .insert(repairs)
      .values({ userId: user.id, vehicleId: other.id, category: 'Glass', cost: '75.25' });

    const figures = await getVehicle(user, vehicle.id);
    expect(figures).toMatchObject({
      purchasePrice: 10000.1,
      // 10000.10 + 100.10 + 50.05 + 200.00 + 0.10 + 0.20, to the cent.
      moneyInvested: 10350.55,
      totalExpenses: 350.45,
      // The open records: 50.05 + 200.00 (+ nothing for the open one without a cost).
      plannedExpenses: 250.05,
      recordCount: 7,
    });
    expect(await getVehicle(user, other.id)).toMatchObject({
      moneyInvested: 75.25,
      totalExpenses: 75.25,
      plannedExpenses: 75.25,
      recordCount: 1,
    });

    const list = vehiclesSchema.parse(
      (await inject({ method: 'GET', url: '/api/vehicles', headers: as(user) })).json(),
    );
    expect(list.find((item) => item.id === vehicle.id)).toEqual(figures);
  });

  it('shows the primary image with its thumbnail, else the vehicle’s own image (D14, D15)', async () => {
    const user = await newUser(testApp);
    const vehicle = await createVehicle(user, civic);
    const fileId = await storeFile(user.id);
    await db()
      .update(vehicles)
      .set({ imageUrl: 'https://example.com/legacy.jpg' })
      .where(eq(vehicles.id, vehicle.id));
    expect(await getVehicle(user, vehicle.id)).toMatchObject({
      imageUrl: 'https://example.com/legacy.jpg',
      thumbnailUrl: null,
      imageCount: 0,
    });

    await db()
      .insert(vehicleImages)
      .values([
        { userId: user.id, vehicleId: vehicle.id, imageUrl: '/uploads/notprimaryimage01' },
        { userId: user.id, vehicleId: vehicle.id, imageUrl: `/uploads/${fileId}`, isPrimary: true },
      ]);
    expect(await getVehicle(user, vehicle.id)).toMatchObject({
      imageUrl: `/uploads/${fileId}`,
      thumbnailUrl: `/uploads/${fileId}/thumbnail`,
      imageCount: 2,
    });

    // A vehicle whose only image is not primary keeps its own image value.
    const plain = await createVehicle(user, { ...civic, model: 'Plain' });
    await db()
      .insert(vehicleImages)
      .values({ userId: user.id, vehicleId: plain.id, imageUrl: '/uploads/notprimaryimage02' });
    expect(await getVehicle(user, plain.id)).toMatchObject({
      imageUrl: null,
      thumbnailUrl: null,
      imageCount: 1,
    });
  });

  it('names the open maintenance item due first as D33 orders them', async () => {
    const user = await newUser(testApp);
    const vehicle = await createVehicle(user, civic);
    const base = { userId: user.id, vehicleId: vehicle.id };
    const next = async () => (await getVehicle(user, vehicle.id)).nextMaintenance;

    expect(await next()).toBeNull();
    // Completed items never count.
    await db()
      .insert(maintenance)
      .values({ ...base, title: 'Done', category: 'x', dueDate: '2020-01-01', isCompleted: true });
    expect(await next()).toBeNull();

    // Undated: lowest due mileage first, no mileage last.
    await db()
      .insert(maintenance)
      .values([
        { ...base, title: 'No target', category: 'x' },
        { ...base, title: 'At 60k', category: 'x', dueMileage: 60000 },
        { ...base, title: 'At 30k', category: 'x', dueMileage: 30000 },
      ]);
    expect(await next()).toEqual({
      title: 'At 30k',
      dueDate: null,
      dueMileage: 30000,
      predictedDate: null,
    });

    // Any date comes before no date; a record date stands in for a missing due date (D18).
    await db()
      .insert(maintenance)
      .values({ ...base, title: 'Dated', category: 'x', date: '2031-05-01', dueMileage: 1000 });
    expect(await next()).toEqual({
      title: 'Dated',
      dueDate: '2031-05-01',
      dueMileage: 1000,
      predictedDate: null,
    });

    // The due date wins over the record date; an empty title falls back to the category.
    await db()
      .insert(maintenance)
      .values({
        ...base,
        title: '',
        category: 'Oil Change',
        date: '2031-06-01',
        dueDate: '2031-03-01',
        dueMileage: 90000,
      });
    expect(await next()).toEqual({
      title: 'Oil Change',
      dueDate: '2031-03-01',
      dueMileage: 90000,
      predictedDate: null,
    });

    // Same day: lower due mileage first, then the older id.
    const [tires] = await db()
      .insert(maintenance)
      .values({ ...base, title: 'Tires', category: 'x', dueDate: '2031-03-01', dueMileage: 50000 })
      .returning({ id: maintenance.id });
    await db()
      .insert(maintenance)
      .values({ ...base, title: 'Twin', category: 'x', dueDate: '2031-03-01', dueMileage: 50000 });
    expect(await next()).toEqual({
      title: 'Tires',
      dueDate: '2031-03-01',
      dueMileage: 50000,
      predictedDate: null,
    });

    // Other kinds and other vehicles never count, however soon they are due.
    const other = await createVehicle(user, { ...civic, model: 'Other' });
    await db()
      .insert(repairs)
      .values({ ...base, title: 'Repair', category: 'x', date: '2020-01-01' });
    await db().insert(maintenance).values({
      userId: user.id,
      vehicleId: other.id,
      title: 'Elsewhere',
      category: 'x',
      dueDate: '2020-01-01',
    });
    expect(await next()).toEqual({
      title: 'Tires',
      dueDate: '2031-03-01',
      dueMileage: 50000,
      predictedDate: null,
    });

    await db().update(maintenance).set({ isCompleted: true }).where(eq(maintenance.id, tires!.id));
    expect(await next()).toEqual({
      title: 'Twin',
      dueDate: '2031-03-01',
      dueMileage: 50000,
      predictedDate: null,
    });
  });
});

describe('deleting a vehicle takes everything it owns (D22)', () => {
  it('removes its records, images, record images, documents and files, and nothing else', async () => {
    const owner = await newUser(testApp);
    const stranger = await newUser(testApp);
    const doomed = await createVehicle(owner, civic);
    const kept = await createVehicle(owner, { ...civic, model: 'Kept' });
    const strangers = await createVehicle(stranger, { ...civic, model: 'Theirs' });

    const file = {
      ownImage: await storeFile(owner.id),
      vehicleImage: await storeFile(owner.id),
      maintenanceFile: await storeFile(owner.id),
      repairImage: await storeFile(owner.id),
      recordImage: await storeFile(owner.id),
      document: await storeFile(owner.id),
      keptImage: await storeFile(owner.id),
      shared: await storeFile(owner.id),
      strangers: await storeFile(stranger.id),
    };
    const db_ = db();
    await db_
      .update(vehicles)
      .set({ imageUrl: `/uploads/${file.ownImage}` })
      .where(eq(vehicles.id, doomed.id));
    await db_.insert(vehicleImages).values([
      {
        userId: owner.id,
        vehicleId: doomed.id,
        imageUrl: `/uploads/${file.vehicleImage}`,
        isPrimary: true,
      },
      {
        userId: owner.id,
        vehicleId: kept.id,
        imageUrl: `/uploads/${file.keptImage}`,
        isPrimary: true,
      },
      { userId: stranger.id, vehicleId: strangers.id, imageUrl: `/uploads/${file.strangers}` },
    ]);
    const [doomedMaintenance] = await db_
      .insert(maintenance)
      .values({
        userId: owner.id,
        vehicleId: doomed.id,
        category: 'Oil Change',
        fileUrl: `/uploads/${file.maintenanceFile}`,
        // Also attached to the kept vehicle's repair below: the file stays.
        imageUrl: `/uploads/${file.shared}`,
      })
      .returning({ id: maintenance.id });
    const [doomedRepair] = await db_
      .insert(repairs)
      .values({
        userId: owner.id,
        vehicleId: doomed.id,
        category: 'Engine',
        // A bare id is a stored file too (D14).
        imageUrl: file.repairImage,
      })
      .returning({ id: repairs.id });
    const [doomedModification] = await db_
      .insert(modifications)
      .values({
        userId: owner.id,
        vehicleId: doomed.id,
        category: 'Exhaust',
        // Someone else's file id: never the owner's to delete.
        fileUrl: `/uploads/${file.strangers}`,
      })
      .returning({ id: modifications.id });
    const [keptRepair] = await db_
      .insert(repairs)
      .values({ userId: owner.id, vehicleId: kept.id, category: 'Body', fileUrl: file.shared })
      .returning({ id: repairs.id });
    const [strangersRepair] = await db_
      .insert(repairs)
      .values({ userId: stranger.id, vehicleId: strangers.id, category: 'Body' })
      .returning({ id: repairs.id });
    await db_.insert(documents).values([
      {
        userId: owner.id,
        vehicleId: doomed.id,
        title: 'Invoice',
        fileUrl: `/uploads/${file.document}`,
      },
      { userId: owner.id, vehicleId: kept.id, title: 'Kept invoice' },
    ]);
    const doomedRecordImages = await db_
      .insert(recordImages)
      .values([
        {
          userId: owner.id,
          recordType: 'modification',
          recordId: doomedModification!.id,
          imageUrl: `/uploads/${file.recordImage}`,
        },
        {
          userId: owner.id,
          recordType: 'maintenance',
          recordId: doomedMaintenance!.id,
          imageUrl: '/uploads/alreadygonefile0001',
        },
      ])
      .returning({ id: recordImages.id });
    const keptRecordImages = await db_
      .insert(recordImages)
      .values([
        { userId: owner.id, recordType: 'repair', recordId: keptRepair!.id, imageUrl: '/x.png' },
        // Another user's image that names the same record id: not the owner's record.
        {
          userId: stranger.id,
          recordType: 'modification',
          recordId: doomedModification!.id,
          imageUrl: '/y.png',
        },
        {
          userId: stranger.id,
          recordType: 'repair',
          recordId: strangersRepair!.id,
          imageUrl: '/z.png',
        },
      ])
      .returning({ id: recordImages.id });

    const response = await inject({
      method: 'DELETE',
      url: `/api/vehicles/${doomed.id}`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(200);

    const idsOf = (rows: Array<{ id: number | string }>) => rows.map((row) => row.id).sort();
    expect(await storedVehicle(doomed.id)).toBeUndefined();
    expect(
      await db_.select().from(maintenance).where(eq(maintenance.vehicleId, doomed.id)),
    ).toEqual([]);
    expect(await db_.select().from(repairs).where(eq(repairs.id, doomedRepair!.id))).toEqual([]);
    expect(
      await db_.select().from(modifications).where(eq(modifications.vehicleId, doomed.id)),
    ).toEqual([]);
    expect(
      await db_.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, doomed.id)),
    ).toEqual([]);
    expect(await db_.select().from(documents).where(eq(documents.vehicleId, doomed.id))).toEqual(
      [],
    );
    const remainingImages = await db_
      .select({ id: recordImages.id })
      .from(recordImages)
      .where(
        inArray(
          recordImages.id,
          [...doomedRecordImages, ...keptRecordImages].map((row) => row.id),
        ),
      );
    expect(idsOf(remainingImages)).toEqual(idsOf(keptRecordImages));

    const remainingFiles = await db_
      .select({ id: binaryFiles.id })
      .from(binaryFiles)
      .where(inArray(binaryFiles.id, Object.values(file)));
    expect(remainingFiles.map((row) => row.id).sort()).toEqual(
      [file.keptImage, file.shared, file.strangers].sort(),
    );

    // The kept vehicle and the stranger's garage are whole.
    expect(await getVehicle(owner, kept.id)).toMatchObject({
      imageUrl: `/uploads/${file.keptImage}`,
      recordCount: 1,
      imageCount: 1,
    });
    expect(await getVehicle(stranger, strangers.id)).toMatchObject({
      recordCount: 1,
      imageCount: 1,
    });
    expect(await db_.select().from(documents).where(eq(documents.vehicleId, kept.id))).toHaveLength(
      1,
    );
  });
});

describe('the statement count of GET /api/vehicles (D20)', () => {
  it('is the same for 1 vehicle and for 25, each with records and an image', async () => {
    const countingApp = await createStatementCountingApp(testApp);
    try {
      const user = await newUser(testApp);
      const addVehicleWithFigures = async (index: number) => {
        const vehicle = await createVehicle(user, {
          ...civic,
          model: `Car ${index}`,
          purchasePrice: 1000,
        });
        const base = { userId: user.id, vehicleId: vehicle.id };
        await db()
          .insert(maintenance)
          .values([
            { ...base, title: 'Service', category: 'x', cost: '10.50', dueMileage: 5000 + index },
            { ...base, title: 'Done', category: 'x', cost: '1.25', isCompleted: true },
          ]);
        await db()
          .insert(repairs)
          .values({ ...base, category: 'x', cost: '20' });
        await db()
          .insert(modifications)
          .values({ ...base, category: 'x', cost: '30' });
        await db()
          .insert(vehicleImages)
          .values({ ...base, imageUrl: `/uploads/${await storeFile(user.id)}`, isPrimary: true });
      };
      const statementsOfList = async (expectedVehicles: number) => {
        const { response, statements: counted } = await countingApp.inject({
          method: 'GET',
          url: '/api/vehicles',
          headers: as(user),
        });
        expect(response.statusCode).toBe(200);
        const list = vehiclesSchema.parse(response.json());
        expect(list).toHaveLength(expectedVehicles);
        for (const vehicle of list) {
          expect(vehicle).toMatchObject({
            moneyInvested: 1061.75,
            plannedExpenses: 60.5,
            recordCount: 4,
            imageCount: 1,
            thumbnailUrl: expect.stringMatching(/^\/uploads\/.+\/thumbnail$/),
            nextMaintenance: { title: 'Service', dueDate: null, dueMileage: expect.any(Number) },
          });
        }
        return counted;
      };

      await addVehicleWithFigures(0);
      const withOne = await statementsOfList(1);
      for (let index = 1; index < 25; index++) await addVehicleWithFigures(index);
      const withTwentyFive = await statementsOfList(25);

      expect(withOne).toBeGreaterThan(0);
      expect(withTwentyFive).toBe(withOne);
    } finally {
      await countingApp.close();
    }
  });
});
