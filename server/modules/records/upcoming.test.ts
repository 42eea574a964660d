/** `GET /api/upcoming-maintenance` (D18) on a real database, rows inserted straight into it. */
import { upcomingItemsSchema } from '@contract/schemas/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenance, modifications, repairs } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { newUser, newVehicle } from '../../test/factory';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

async function upcoming(cookie?: string) {
  return testApp.app.inject({
    method: 'GET',
    url: '/api/upcoming-maintenance',
    headers: cookie ? { cookie } : {},
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/upcoming-maintenance', () => {
  it('answers an empty list for a user with no records', async () => {
    const { cookie } = await newUser(testApp, { email: 'empty@example.com' });
    const response = await upcoming(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists the open records of all three kinds, soonest due first, and only the user’s own', async () => {
    const ada = await newUser(testApp, { email: 'ada@example.com' });
    const grace = await newUser(testApp, { email: 'grace@example.com' });
    const civic = await newVehicle(testApp, ada, { year: 2018, make: 'Honda', model: 'Civic' });
    const mustang = await newVehicle(testApp, ada, { year: 1967, make: 'Ford', model: 'Mustang' });
    const gracesCar = await newVehicle(testApp, grace, {
      year: 2020,
      make: 'Tesla',
      model: 'Model 3',
    });
    const db = testApp.database.db;

    await db.insert(maintenance).values([
      // Effective due date is the due date (2031-03-10), not the record date.
      {
        userId: ada.id,
        vehicleId: civic,
        title: 'Oil change',
        category: 'Oil Change',
        date: '2031-01-01',
        dueDate: '2031-03-10',
        dueMileage: 45000,
        cost: '89.99',
        description: 'Synthetic 0W-20',
      },
      // No title: falls back to the category. Effective date is its date (2031-02-01).
      {
        userId: ada.id,
        vehicleId: civic,
        title: '',
        category: 'Tire Rotation',
        date: '2031-02-01',
      },
      // Undated: after every dated item, ordered by due mileage.
      {
        userId: ada.id,
        vehicleId: civic,
        title: 'Timing belt',
        category: 'Engine',
        dueMileage: 90000,
      },
      {
        userId: ada.id,
        vehicleId: civic,
        title: 'Spark plugs',
        category: 'Engine',
        dueMileage: 60000,
      },
      // Completed: never listed.
      {
        userId: ada.id,
        vehicleId: civic,
        title: 'Done already',
        category: 'Brakes',
        date: '2031-01-15',
        isCompleted: true,
      },
    ]);
    await db.insert(repairs).values([
      {
        userId: ada.id,
        vehicleId: mustang,
        title: 'Fix window regulator',
        category: 'Body',
        date: '2031-02-20',
        cost: '250',
      },
      {
        userId: ada.id,
        vehicleId: mustang,
        title: 'Finished repair',
        category: 'Body',
        date: '2031-01-05',
        isCompleted: true,
      },
    ]);
    await db.insert(modifications).values([
      {
        userId: ada.id,
        vehicleId: mustang,
        title: 'Coilovers',
        category: 'Suspension',
        date: '2031-01-20',
        cost: '1234.50',
        imageUrl: 'abc123',
        fileUrl: '/uploads/def456',
      },
      {
        userId: ada.id,
        vehicleId: mustang,
        title: 'Installed exhaust',
        category: 'Exhaust',
        date: '2030-12-01',
        isCompleted: true,
      },
    ]);
    // Another user's open records, dated before all of Ada's: never in Ada's list (D9).
    await db.insert(maintenance).values({
      userId: grace.id,
      vehicleId: gracesCar,
      title: 'Grace’s service',
      category: 'Service',
      date: '2030-01-01',
    });
    await db.insert(repairs).values({
      userId: grace.id,
      vehicleId: gracesCar,
      title: 'Grace’s repair',
      category: 'Body',
      date: '2030-01-01',
    });

    const response = await upcoming(ada.cookie);
    expect(response.statusCode).toBe(200);
    const items = upcomingItemsSchema.parse(response.json());

    expect(items.map((item) => [item.type, item.title])).toEqual([
      ['modification', 'Coilovers'],
      ['maintenance', 'Tire Rotation'],
      ['repair', 'Fix window regulator'],
      ['maintenance', 'Oil change'],
      ['maintenance', 'Spark plugs'],
      ['maintenance', 'Timing belt'],
    ]);
    expect(items.every((item) => !item.isCompleted)).toBe(true);

    const oilChange = items.find((item) => item.title === 'Oil change')!;
    expect(oilChange).toEqual({
      id: expect.any(Number),
      type: 'maintenance',
      title: 'Oil change',
      vehicleId: civic,
      vehicleName: '2018 Honda Civic',
      date: '2031-01-01',
      dueDate: '2031-03-10',
      dueMileage: 45000,
      // The Civic was inserted without a mileage.
      vehicleMileage: null,
      // Nor a unit: its odometer shows miles (decision 050's default).
      odometerUnit: 'mi',
      cost: 89.99,
      description: 'Synthetic 0W-20',
      imageUrl: null,
      fileUrl: null,
      isCompleted: false,
      // A record, not a schedule's occurrence (decision 054).
      scheduleId: null,
      occurrence: null,
      predictedDate: null,
    });

    const coilovers = items[0]!;
    expect(coilovers).toMatchObject({
      vehicleId: mustang,
      vehicleName: '1967 Ford Mustang',
      date: '2031-01-20',
      dueDate: null,
      dueMileage: null,
      cost: 1234.5,
      imageUrl: 'abc123',
      fileUrl: '/uploads/def456',
    });
    expect(typeof coilovers.cost).toBe('number');
    expect(items.find((item) => item.type === 'repair')).toMatchObject({ cost: 250 });
    expect(items.find((item) => item.title === 'Tire Rotation')).toMatchObject({ cost: null });

    // Grace sees only hers, and none of Ada's.
    const gracesItems = upcomingItemsSchema.parse((await upcoming(grace.cookie)).json());
    expect(gracesItems.map((item) => item.title).sort()).toEqual([
      'Grace’s repair',
      'Grace’s service',
    ]);
    expect(gracesItems.every((item) => item.vehicleName === '2020 Tesla Model 3')).toBe(true);
  });

  it('orders items due on the same day by due mileage, then id', async () => {
    const { id: userId, cookie } = await newUser(testApp, { email: 'linus@example.com' });
    const car = await newVehicle(
      testApp,
      { id: userId },
      { year: 2010, make: 'Volvo', model: '240' },
    );
    await testApp.database.db.insert(maintenance).values([
      { userId, vehicleId: car, title: 'C', category: 'x', dueDate: '2032-05-01' },
      { userId, vehicleId: car, title: 'B', category: 'x', dueDate: '2032-05-01', dueMileage: 9 },
      { userId, vehicleId: car, title: 'A', category: 'x', dueDate: '2032-05-01', dueMileage: 5 },
      { userId, vehicleId: car, title: 'D', category: 'x', dueDate: '2032-05-01' },
    ]);
    const items = upcomingItemsSchema.parse((await upcoming(cookie)).json());
    expect(items.map((item) => item.title)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('keeps overdue items in the list, by date or by mileage, with the vehicle’s mileage (D47)', async () => {
    const { id: userId, cookie } = await newUser(testApp, { email: 'margaret@example.com' });
    const user = { id: userId };
    const wagon = await newVehicle(testApp, user, {
      year: 2015,
      make: 'Subaru',
      model: 'Outback',
      mileage: 88_750,
    });
    const unknown = await newVehicle(testApp, user, { year: 1972, make: 'BMW', model: '2002' });
    await testApp.database.db.insert(maintenance).values([
      // Due by date long ago: still open, so still listed, first of all (D18's date order).
      {
        userId,
        vehicleId: wagon,
        title: 'Filter Replacement',
        category: 'Filters',
        dueDate: '2001-06-01',
      },
      { userId, vehicleId: wagon, title: 'Coolant', category: 'Fluids', dueDate: '2040-01-01' },
      // Due by mileage only: the wagon is past 85,000 and short of 90,000. Undated, after the
      // dated ones, by due mileage.
      { userId, vehicleId: wagon, title: 'Timing Belt', category: 'Engine', dueMileage: 90_000 },
      { userId, vehicleId: wagon, title: 'Spark Plugs', category: 'Engine', dueMileage: 85_000 },
      { userId, vehicleId: unknown, title: 'Valve Adjust', category: 'Engine', dueMileage: 60_000 },
    ]);
    await testApp.database.db.insert(repairs).values({
      userId,
      vehicleId: wagon,
      title: 'Old Dent',
      category: 'Body',
      date: '2010-03-04',
    });

    const response = await upcoming(cookie);
    expect(response.statusCode).toBe(200);
    const items = upcomingItemsSchema.parse(response.json());
    expect(
      items.map((item) => [
        item.title,
        item.dueDate ?? item.date,
        item.dueMileage,
        item.vehicleMileage,
      ]),
    ).toEqual([
      ['Filter Replacement', '2001-06-01', null, 88_750],
      ['Old Dent', '2010-03-04', null, 88_750],
      ['Coolant', '2040-01-01', null, 88_750],
      ['Valve Adjust', null, 60_000, null],
      ['Spark Plugs', null, 85_000, 88_750],
      ['Timing Belt', null, 90_000, 88_750],
    ]);
  });
});
