/**
 * The fuel and charging calls of decision 050 on a real database: every call, ownership (D9),
 * the amounts (any two give the third, three must agree), the unit and energy checked against
 * the vehicle's profile, what is stored (the quantity as typed and canonical), the receipt and
 * its release, the odometer reading written, changed and removed with its entry and the vehicle's
 * mileage following it, and the cursor pages. Plan limits are off here; energy-plan-limit.test.ts
 * tests them, and economy.test.ts the economy read.
 */
import crypto from 'node:crypto';
import { COMMON_MESSAGES } from '@contract/common';
import { ENERGY_MESSAGES, type EnergyEntry } from '@contract/energy';
import { energyEntryPageSchema, energyEntrySchema } from '@contract/schemas/energy';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { binaryFiles, energyEntries, odometerReadings, users, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertEnergyEntries, newEnergyEntry, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

type Body = Record<string, unknown>;

function post(user: SignedInUser, vehicleId: number, body: Body) {
  return inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/energy`,
    headers: as(user),
    payload: body,
  });
}

function patch(user: SignedInUser, id: number, body: Body) {
  return inject({ method: 'PATCH', url: `/api/energy/${id}`, headers: as(user), payload: body });
}

const fillUp = { date: '2025-03-01', energy: 'gasoline' };

async function storedEntry(id: number) {
  const [row] = await db().select().from(energyEntries).where(eq(energyEntries.id, id));
  return row;
}

async function readingsOf(vehicleId: number) {
  return db()
    .select()
    .from(odometerReadings)
    .where(eq(odometerReadings.vehicleId, vehicleId))
    .orderBy(odometerReadings.id);
}

async function mileageOf(vehicleId: number) {
  const [row] = await db()
    .select({ mileage: vehicles.mileage })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  return row!.mileage;
}

/** A stored file of the user, as an upload would leave it (D14). */
async function storeFile(userId: number) {
  const id = crypto.randomBytes(16).toString('base64url');
  await db()
    .insert(binaryFiles)
    .values({ id, userId, data: Buffer.from('x'), contentType: 'image/jpeg', size: 1 });
  return id;
}

async function fileExists(id: string) {
  const rows = await db().select().from(binaryFiles).where(eq(binaryFiles.id, id));
  return rows.length === 1;
}

/** The 400 of D11 for one field. */
function expectRefused(
  response: { statusCode: number; json(): unknown },
  field: string,
  message: string,
) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  expect(response.json()).toEqual({ message, errors: { [field]: message } });
}

describe('signed out', () => {
  it('answers 401 to every energy call', async () => {
    for (const [method, url] of [
      ['GET', '/api/vehicles/1/energy'],
      ['POST', '/api/vehicles/1/energy'],
      ['GET', '/api/vehicles/1/economy'],
      ['GET', '/api/energy/1'],
      ['PATCH', '/api/energy/1'],
      ['DELETE', '/api/energy/1'],
    ] as const) {
      const response = await inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.unauthenticated });
    }
  });
});

describe('POST /api/vehicles/:vehicleId/energy', () => {
  let user: SignedInUser;
  let car: number;

  beforeAll(async () => {
    user = await newUser(testApp);
    car = await newVehicle(testApp, user);
  });

  it('stores the quantity as typed and in litres, and derives the total to the cent', async () => {
    const response = await post(user, car, {
      ...fillUp,
      quantity: 10,
      unit: 'galUS',
      unitPrice: 3.459,
      place: '  Corner station ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry = energyEntrySchema.parse(response.json());
    // 10 US gal × 3.785411784 L = 37.85411784 L, kept to 6 decimals: 37.854118.
    // 10 × 3.459 = 34.59.
    expect(entry).toMatchObject({
      vehicleId: car,
      date: '2025-03-01',
      odometer: null,
      isOdometerFlagged: false,
      energy: 'gasoline',
      quantity: 10,
      unit: 'galUS',
      canonicalQuantity: 37.854118,
      unitPrice: 3.459,
      totalCost: 34.59,
      isFull: true,
      missedPrevious: false,
      place: 'Corner station',
      notes: null,
      fileUrl: null,
      imageUrl: null,
      thumbnailUrl: null,
      chargerKind: null,
      socStart: null,
      socEnd: null,
      batteryKwh: null,
      distanceOnEnergy: null,
    });
    expect(await storedEntry(entry.id)).toMatchObject({
      userId: user.id,
      quantity: '10.000',
      unit: 'galUS',
      canonicalQuantity: '37.854118',
      unitPrice: '3.459',
      totalCost: '34.59',
    });
  });

  it('converts imperial gallons exactly: 8 gal (UK) = 36.36872 L', async () => {
    // 8 × 4.54609 = 36.36872.
    const entry = await newEnergyEntry(testApp, user, car, {
      quantity: 8,
      unit: 'galUK',
      totalCost: 50,
    });
    expect(entry.canonicalQuantity).toBe(36.36872);
    // 50 ÷ 8 = 6.25 a gallon.
    expect(entry.unitPrice).toBe(6.25);
  });

  it('derives the price per unit from a quantity and a total, to 3 decimals', async () => {
    // 71.96 ÷ 40 = 1.799.
    const entry = await newEnergyEntry(testApp, user, car, {
      quantity: '40',
      unit: 'L',
      unitPrice: '',
      totalCost: '71.96',
    });
    expect([entry.quantity, entry.unitPrice, entry.totalCost]).toEqual([40, 1.799, 71.96]);
  });

  it('derives the quantity from a price and a total, to 3 decimals', async () => {
    // 50 ÷ 1.799 = 27.79321… → 27.793 L.
    const entry = await newEnergyEntry(testApp, user, car, {
      unit: 'L',
      quantity: null,
      unitPrice: 1.799,
      totalCost: 50,
    });
    expect([entry.quantity, entry.unitPrice, entry.totalCost]).toEqual([27.793, 1.799, 50]);
    expect(entry.canonicalQuantity).toBe(27.793);
  });

  it('takes three amounts within a cent of each other, and refuses three that disagree', async () => {
    // 40 × 1.799 = 71.96; 71.97 is a cent away, as a pump's rounding may leave it.
    const close = await newEnergyEntry(testApp, user, car, {
      unit: 'L',
      quantity: 40,
      unitPrice: 1.799,
      totalCost: 71.97,
    });
    expect(close.totalCost).toBe(71.97);
    const far = await post(user, car, {
      ...fillUp,
      unit: 'L',
      quantity: 40,
      unitPrice: 1.799,
      totalCost: 72,
    });
    expectRefused(far, 'totalCost', ENERGY_MESSAGES.inconsistent);
  });

  it('refuses fewer than two amounts, and a zero price that leaves the quantity unknown', async () => {
    expectRefused(
      await post(user, car, { ...fillUp, quantity: 10 }),
      'quantity',
      ENERGY_MESSAGES.twoOfThree,
    );
    expectRefused(
      await post(user, car, { ...fillUp, unitPrice: 0, totalCost: 10 }),
      'quantity',
      ENERGY_MESSAGES.twoOfThree,
    );
  });

  it('refuses derived amounts no field would take', async () => {
    // 1,000 ÷ 0.001 = 1,000,000 L, past the 100,000 a quantity may be.
    expectRefused(
      await post(user, car, { ...fillUp, unitPrice: 0.001, totalCost: 1000 }),
      'quantity',
      ENERGY_MESSAGES.quantity,
    );
    // 100,000 × 100,000 = 10,000,000,000, past the largest amount kept to the cent.
    expectRefused(
      await post(user, car, { ...fillUp, quantity: 100_000, unitPrice: 100_000 }),
      'totalCost',
      ENERGY_MESSAGES.totalCost,
    );
  });

  it('takes the unit of the user for liquids and the energy’s own otherwise', async () => {
    const usDriver = await newUser(testApp);
    const hybrid = await newVehicle(testApp, usDriver, { energies: ['gasoline', 'electricity'] });
    const gas = await newEnergyEntry(testApp, usDriver, hybrid, { quantity: 10, unitPrice: 3 });
    expect(gas.unit).toBe('galUS');
    const charge = await newEnergyEntry(testApp, usDriver, hybrid, {
      energy: 'electricity',
      quantity: 30,
      unitPrice: 0.25,
    });
    expect([charge.unit, charge.canonicalQuantity]).toEqual(['kWh', 30]);
    await db().update(users).set({ volumeUnit: 'L' }).where(eq(users.id, usDriver.id));
    const litres = await newEnergyEntry(testApp, usDriver, hybrid, {
      quantity: 40,
      unitPrice: 1.8,
    });
    expect([litres.unit, litres.canonicalQuantity]).toEqual(['L', 40]);
  });

  it('refuses a unit the energy is not measured in', async () => {
    const ev = await newVehicle(testApp, user, { energies: ['electricity'] });
    expectRefused(
      await post(user, ev, {
        ...fillUp,
        energy: 'electricity',
        unit: 'L',
        quantity: 30,
        unitPrice: 0.3,
      }),
      'unit',
      'Electricity is measured in kWh',
    );
    const cng = await newVehicle(testApp, user, { energies: ['cng', 'gasoline'] });
    expectRefused(
      await post(user, cng, {
        ...fillUp,
        energy: 'cng',
        unit: 'galUS',
        quantity: 8,
        unitPrice: 1.2,
      }),
      'unit',
      'CNG is measured in kg',
    );
  });

  it('refuses an energy the vehicle does not use, and takes its auxiliary fluid', async () => {
    expectRefused(
      await post(user, car, { ...fillUp, energy: 'diesel', quantity: 40, unitPrice: 1.7 }),
      'energy',
      'This vehicle does not use Diesel',
    );
    expectRefused(
      await post(user, car, { ...fillUp, energy: 'adblue', quantity: 5, unitPrice: 1 }),
      'energy',
      'This vehicle does not use AdBlue/DEF',
    );
    const truck = await newVehicle(testApp, user, { energies: ['diesel'], auxiliary: 'adblue' });
    const adblue = await newEnergyEntry(testApp, user, truck, {
      energy: 'adblue',
      unit: 'L',
      quantity: 10,
      totalCost: 9.9,
    });
    expect([adblue.energy, adblue.unitPrice]).toEqual(['adblue', 0.99]);
  });

  it('keeps what only a charge has for electricity, and refuses it elsewhere', async () => {
    const ev = await newVehicle(testApp, user, {
      energies: ['electricity'],
      batteryCapacity: '60',
    });
    const charge = await newEnergyEntry(testApp, user, ev, {
      energy: 'electricity',
      quantity: 33.5,
      unitPrice: 0.42,
      chargerKind: 'dc',
      socStart: 20,
      socEnd: '70',
      batteryKwh: 30,
    });
    // 33.5 × 0.42 = 14.07.
    expect(charge).toMatchObject({
      chargerKind: 'dc',
      socStart: 20,
      socEnd: 70,
      batteryKwh: 30,
      totalCost: 14.07,
    });
    for (const [field, value] of [
      ['chargerKind', 'home'],
      ['socStart', 10],
      ['socEnd', 90],
      ['batteryKwh', 20],
    ] as const) {
      expectRefused(
        await post(user, car, { ...fillUp, quantity: 10, unitPrice: 3, [field]: value }),
        field,
        ENERGY_MESSAGES.electricOnly,
      );
    }
  });

  it('answers each field’s own message for values no entry can have', async () => {
    const ev = await newVehicle(testApp, user, { energies: ['electricity'] });
    const base = { ...fillUp, energy: 'electricity', quantity: 10, unitPrice: 0.3 };
    expectRefused(
      await post(user, ev, { ...base, socStart: 101 }),
      'socStart',
      ENERGY_MESSAGES.soc,
    );
    expectRefused(
      await post(user, ev, { ...base, socStart: 12.5 }),
      'socStart',
      ENERGY_MESSAGES.soc,
    );
    expectRefused(
      await post(user, ev, { ...base, socStart: 80, socEnd: 20 }),
      'socEnd',
      ENERGY_MESSAGES.socOrder,
    );
    expectRefused(
      await post(user, ev, { ...base, quantity: 1.2345 }),
      'quantity',
      ENERGY_MESSAGES.quantity,
    );
    expectRefused(
      await post(user, ev, { ...base, quantity: -3 }),
      'quantity',
      ENERGY_MESSAGES.quantity,
    );
    expectRefused(
      await post(user, ev, { ...base, unitPrice: 'cheap' }),
      'unitPrice',
      ENERGY_MESSAGES.unitPrice,
    );
    expectRefused(
      await post(user, ev, { ...base, odometer: 12_345.67 }),
      'odometer',
      'Odometer must be a number from 0 to 10,000,000 with at most 1 decimal',
    );
    const noDate = await post(user, ev, { ...base, date: undefined });
    expect(noDate.statusCode).toBe(400);
    expect(Object.keys(noDate.json().errors)).toEqual(['date']);
  });

  it('answers 404 for a vehicle that is not the user’s, and stores nothing', async () => {
    const other = await newUser(testApp);
    const theirs = await newVehicle(testApp, other);
    const response = await post(user, theirs, { ...fillUp, quantity: 10, unitPrice: 3 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    const missing = await post(user, 2_000_000_000, { ...fillUp, quantity: 10, unitPrice: 3 });
    expect(missing.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    expect(
      await db().select().from(energyEntries).where(eq(energyEntries.vehicleId, theirs)),
    ).toEqual([]);
  });

  it('attaches the user’s own receipt, and answers 404 for someone else’s', async () => {
    const photo = await storeFile(user.id);
    const entry = await newEnergyEntry(testApp, user, car, {
      quantity: 10,
      unitPrice: 3,
      imageUrl: photo,
    });
    expect(entry.imageUrl).toBe(`/uploads/${photo}`);
    expect(entry.thumbnailUrl).toBe(`/uploads/${photo}/thumbnail`);
    const other = await newUser(testApp);
    const theirs = await storeFile(other.id);
    const response = await post(user, car, {
      ...fillUp,
      quantity: 10,
      unitPrice: 3,
      fileUrl: `/uploads/${theirs}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found' });
  });
});

describe('the odometer reading of an entry', () => {
  it('is written with it, changed and cleared with it, and the mileage follows', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user, { mileage: 40_000 });
    const entry = await newEnergyEntry(testApp, user, car, {
      date: '2100-01-01',
      odometer: 41_234.5,
      quantity: 10,
      unitPrice: 3,
    });
    expect(entry.odometer).toBe(41_234.5);
    let readings = await readingsOf(car);
    expect(readings.at(-1)).toMatchObject({
      source: 'energy',
      energyEntryId: entry.id,
      date: '2100-01-01',
      odometer: '41234.5',
      isConfirmed: false,
    });
    // The latest accepted reading by date, rounded to whole miles: 41,234.5 → 41,235.
    expect(await mileageOf(car)).toBe(41_235);

    await patch(user, entry.id, { odometer: 41_500 });
    readings = await readingsOf(car);
    expect(readings).toHaveLength(2);
    expect(readings.at(-1)!.odometer).toBe('41500.0');
    expect(await mileageOf(car)).toBe(41_500);

    const cleared = await patch(user, entry.id, { odometer: null });
    expect(cleared.json().odometer).toBeNull();
    expect(await readingsOf(car)).toHaveLength(1);
    expect(await mileageOf(car)).toBe(40_000);
  });

  it('is flagged when it goes backwards, and never becomes the mileage', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    await newEnergyEntry(testApp, user, car, {
      date: '2025-01-01',
      odometer: 50_000,
      quantity: 10,
      unitPrice: 3,
    });
    // A typo kept as an import keeps it (a form's is questioned first, decision 068): 5,100
    // for 50,100.
    const [typoId] = await insertEnergyEntries(testApp, user, car, [
      { date: '2025-01-08', odometer: 5_100 },
    ]);
    const typo = await inject({ method: 'GET', url: `/api/energy/${typoId}`, headers: as(user) });
    expect(typo.json().isOdometerFlagged).toBe(true);
    expect(await mileageOf(car)).toBe(50_000);
    const fixed = await patch(user, typoId!, { odometer: 50_100 });
    expect(fixed.json().isOdometerFlagged).toBe(false);
    expect(await mileageOf(car)).toBe(50_100);
  });
});

describe('GET, PATCH and DELETE /api/energy/:id', () => {
  let user: SignedInUser;
  let other: SignedInUser;
  let car: number;
  let entry: EnergyEntry;

  beforeAll(async () => {
    [user, other] = [await newUser(testApp), await newUser(testApp)];
    car = await newVehicle(testApp, user);
    entry = await newEnergyEntry(testApp, user, car, {
      unit: 'L',
      quantity: 40,
      unitPrice: 1.8,
      notes: 'Road trip',
    });
  });

  it('answers the user’s entry, and 404 for anyone else’s or a missing one', async () => {
    const mine = await inject({ method: 'GET', url: `/api/energy/${entry.id}`, headers: as(user) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(entry);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { notes: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await inject({
        method,
        url: `/api/energy/${entry.id}`,
        headers: as(other),
        payload,
      });
      expect(theirs.statusCode, method).toBe(404);
      expect(theirs.json()).toEqual({ message: ENERGY_MESSAGES.notFound });
      const missing = await inject({
        method,
        url: '/api/energy/2000000000',
        headers: as(user),
        payload,
      });
      expect(missing.json()).toEqual({ message: ENERGY_MESSAGES.notFound });
    }
    expect((await storedEntry(entry.id))!.notes).toBe('Road trip');
  });

  it('changes the fields sent and keeps the others', async () => {
    const response = await patch(user, entry.id, { notes: null, isFull: false, place: 'Motorway' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...entry, notes: null, isFull: false, place: 'Motorway' });
  });

  it('keeps the price per unit when one amount changes, and derives the other', async () => {
    // A corrected quantity at the pump's price: 42 × 1.8 = 75.60.
    let changed = (await patch(user, entry.id, { quantity: 42 })).json();
    expect([changed.quantity, changed.unitPrice, changed.totalCost]).toEqual([42, 1.8, 75.6]);
    // A corrected total at the same price: 81 ÷ 1.8 = 45 L.
    changed = (await patch(user, entry.id, { totalCost: 81 })).json();
    expect([changed.quantity, changed.unitPrice, changed.totalCost]).toEqual([45, 1.8, 81]);
    // A corrected price keeps the quantity: 45 × 1.9 = 85.50.
    changed = (await patch(user, entry.id, { unitPrice: 1.9 })).json();
    expect([changed.quantity, changed.unitPrice, changed.totalCost]).toEqual([45, 1.9, 85.5]);
    // Two amounts replace them all: 60 ÷ 40 = 1.5.
    changed = (await patch(user, entry.id, { quantity: 40, totalCost: 60 })).json();
    expect([changed.quantity, changed.unitPrice, changed.totalCost]).toEqual([40, 1.5, 60]);
    expect(changed.canonicalQuantity).toBe(40);
    // A new unit recomputes the canonical quantity: 40 US gal = 151.416471 L.
    changed = (await patch(user, entry.id, { unit: 'galUS' })).json();
    expect(changed.canonicalQuantity).toBe(151.416471);
  });

  it('judges the entry as it will be', async () => {
    expectRefused(
      await patch(user, entry.id, { energy: 'diesel' }),
      'energy',
      'This vehicle does not use Diesel',
    );
    expectRefused(
      await patch(user, entry.id, { socStart: 30 }),
      'socStart',
      ENERGY_MESSAGES.electricOnly,
    );
    expectRefused(
      await patch(user, entry.id, { unit: 'kWh' }),
      'unit',
      'Gasoline is measured in L, galUS, galUK',
    );
    expectRefused(
      await patch(user, entry.id, { quantity: 40, unitPrice: 1.5, totalCost: 70 }),
      'totalCost',
      ENERGY_MESSAGES.inconsistent,
    );
  });

  it('releases a receipt it no longer holds, and deletes the entry with its reading and receipt', async () => {
    const first = await storeFile(user.id);
    const second = await storeFile(user.id);
    const withReceipt = await newEnergyEntry(testApp, user, car, {
      date: '2025-02-01',
      odometer: 30_000,
      quantity: 10,
      unitPrice: 3,
      fileUrl: `/uploads/${first}`,
    });
    await patch(user, withReceipt.id, { fileUrl: `/uploads/${second}` });
    expect(await fileExists(first)).toBe(false);
    expect(await fileExists(second)).toBe(true);
    expect(await mileageOf(car)).toBe(30_000);

    const deleted = await inject({
      method: 'DELETE',
      url: `/api/energy/${withReceipt.id}`,
      headers: as(user),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ENERGY_MESSAGES.deleted });
    expect(await storedEntry(withReceipt.id)).toBeUndefined();
    expect(await fileExists(second)).toBe(false);
    expect(await readingsOf(car)).toEqual([]);
    expect(await mileageOf(car)).toBeNull();
  });
});

describe('GET /api/vehicles/:vehicleId/energy', () => {
  let user: SignedInUser;
  let car: number;
  let ids: number[];

  beforeAll(async () => {
    user = await newUser(testApp);
    car = await newVehicle(testApp, user);
    // Seven entries, three of them on one day and two on another, inserted out of order.
    ids = await insertEnergyEntries(testApp, user, car, [
      { date: '2025-01-05' },
      { date: '2025-01-20' },
      { date: '2025-01-05' },
      { date: '2025-01-12' },
      { date: '2025-01-05' },
      { date: '2025-01-20' },
      { date: '2024-12-30' },
    ]);
  });

  async function page(query: string, viewer = user) {
    return inject({
      method: 'GET',
      url: `/api/vehicles/${car}/energy${query}`,
      headers: as(viewer),
    });
  }

  it('pages newest first by date then id, with no duplicate and no gap', async () => {
    const [a, b, c, d, e, f, g] = ids as [number, number, number, number, number, number, number];
    // Newest first: the 20th (f, then b), the 12th (d), the 5th (e, c, a), then 30 December (g).
    const expected = [f, b, d, e, c, a, g];
    const seen: number[] = [];
    const cursors: Array<string | null> = [];
    let cursor: string | null = null;
    do {
      const response = await page(
        `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const body = energyEntryPageSchema.parse(response.json());
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      cursors.push(cursor);
    } while (cursor !== null);
    expect(seen).toEqual(expected);
    // Three pages: 3 + 3 + 1; the cursor is the last entry's `{date}~{id}`.
    expect(cursors).toEqual([`2025-01-12~${d}`, `2025-01-05~${a}`, null]);
  });

  it('answers 50 a page by default, and the whole list when it fits', async () => {
    const body = (await page('')).json();
    expect(body.items).toHaveLength(7);
    expect(body.nextCursor).toBeNull();
  });

  it('refuses a cursor or a limit it cannot read', async () => {
    for (const cursor of ['yesterday', '2025-13-45~1', '2025-01-05~99999999999', '2025-01-05']) {
      const response = await page(`?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message).toBe(ENERGY_MESSAGES.cursor);
    }
    for (const limit of ['0', '201', 'ten']) {
      expect((await page(`?limit=${limit}`)).statusCode, limit).toBe(400);
    }
  });

  it('answers 404 for another user’s vehicle', async () => {
    const other = await newUser(testApp);
    const response = await page('', other);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
  });
});

describe('DELETE /api/vehicles/:id', () => {
  it('takes the vehicle’s entries, readings and receipts with it', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    const receipt = await storeFile(user.id);
    await newEnergyEntry(testApp, user, car, {
      odometer: 12_000,
      quantity: 10,
      unitPrice: 3,
      imageUrl: `/uploads/${receipt}`,
    });
    const response = await inject({
      method: 'DELETE',
      url: `/api/vehicles/${car}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect(await db().select().from(energyEntries).where(eq(energyEntries.vehicleId, car))).toEqual(
      [],
    );
    expect(await readingsOf(car)).toEqual([]);
    expect(await fileExists(receipt)).toBe(false);
  });
});
