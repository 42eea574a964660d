/**
 * Fuel and energy on Expenses & Analytics (D48, D49, decision 050) on a real database: the
 * entries' costs by month and in the totals beside the records (never in Total Invested), in the
 * CSV export; cost per distance over the distance driven in the period, not lifetime costs over
 * the odometer reading of a car bought used, planned items left out, in miles and in kilometres;
 * and each vehicle's economy, for every plan. Figures are worked by hand beside each assertion.
 */
import { expensesSchema } from '@contract/schemas/expenses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import {
  insertEnergyEntries,
  insertReadings,
  insertRecords,
  newEnergyEntry,
  newUser,
  newVehicle,
} from '../../test/factory';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let limited: TestApp;

beforeAll(async () => {
  limited = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000', PLAN_LIMITS: 'on' });
});
afterAll(async () => {
  await limited?.close();
});

async function premiumUser(): Promise<SignedInUser> {
  return newUser(limited, { plan: 'premium' });
}

async function readExpenses(user: SignedInUser, query = '') {
  const response = await limited.app.inject({
    method: 'GET',
    url: `/api/expenses${query}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return expensesSchema.parse(response.json());
}

async function setPreferences(user: SignedInUser, payload: Record<string, string>) {
  const response = await limited.app.inject({
    method: 'PATCH',
    url: '/api/user/preferences',
    headers: { cookie: user.cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('fuel and energy beside the records', () => {
  it('counts the entries by month and in the totals, never in Total Invested, in the CSV too', async () => {
    const user = await premiumUser();
    const civic = await newVehicle(limited, user);
    const bronco = await newVehicle(limited, user, { make: 'Ford', model: 'Bronco' });
    await insertRecords(limited, user, 'maintenance', civic, [
      { cost: '100', date: '2024-01-05', isCompleted: true },
    ]);
    const fill = (vehicleId: number, body: Record<string, unknown>) =>
      newEnergyEntry(limited, user, vehicleId, body);
    await fill(civic, { date: '2024-01-10', quantity: 12, totalCost: 45, place: 'Shell' });
    await fill(civic, { date: '2024-01-25', quantity: 10, totalCost: 30.5 });
    await fill(civic, { date: '2024-03-02', quantity: 13, totalCost: 52.25 });
    await fill(bronco, { date: '2024-02-14', quantity: 20, totalCost: 70.1 });
    // Someone else's fill-up is never counted (D9).
    const stranger = await premiumUser();
    const theirs = await newVehicle(limited, stranger);
    await newEnergyEntry(limited, stranger, theirs, {
      date: '2024-01-10',
      quantity: 100,
      totalCost: 999,
    });

    const allTime = await readExpenses(user);
    // January: the 100 of maintenance; 45 + 30.50 = 75.50 of fuel. February: the Bronco's 70.10.
    expect(allTime.monthly).toEqual([
      { month: '2024-01', maintenance: 100, repairs: 0, modifications: 0, energy: 75.5 },
      { month: '2024-02', maintenance: 0, repairs: 0, modifications: 0, energy: 70.1 },
      { month: '2024-03', maintenance: 0, repairs: 0, modifications: 0, energy: 52.25 },
    ]);
    // 45 + 30.50 + 52.25 + 70.10 = 197.85 of energy; Total Invested stays the records' 100.
    expect(allTime.totals).toMatchObject({ energy: 197.85, total: 100, maintenance: 100 });
    // The Civic: 45 + 30.50 + 52.25 = 127.75.
    expect(
      allTime.vehicles.map((vehicle) => [vehicle.name, vehicle.energy, vehicle.total]),
    ).toEqual([
      ['2019 Honda Civic', 127.75, 100],
      ['2019 Ford Bronco', 70.1, 0],
    ]);

    // The same period rules as the records: by date, both ends inclusive.
    const spring = await readExpenses(user, '?from=2024-02-01&to=2024-03-31');
    // 70.10 + 52.25 = 122.35.
    expect(spring.totals).toMatchObject({ energy: 122.35, total: 0 });
    expect(spring.monthly?.map((month) => [month.month, month.energy])).toEqual([
      ['2024-02', 70.1],
      ['2024-03', 52.25],
    ]);
    // The same selection: one vehicle's entries alone.
    const broncoOnly = await readExpenses(user, `?vehicleId=${bronco}`);
    expect(broncoOnly.totals.energy).toBe(70.1);
    expect(broncoOnly.monthly?.map((month) => [month.month, month.energy])).toEqual([
      ['2024-02', 70.1],
    ]);

    const csv = await limited.app.inject({
      method: 'GET',
      url: '/api/expenses/export.csv',
      headers: { cookie: user.cookie },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    // Each entry a line: its energy as the category, its station as the title.
    expect(csv.body).toBe(
      [
        'Date,Vehicle,Type,Category,Title,Cost',
        '2024-01-05,2019 Honda Civic,Maintenance,Other,,100',
        '2024-01-10,2019 Honda Civic,Fuel & Energy,Gasoline,Shell,45',
        '2024-01-25,2019 Honda Civic,Fuel & Energy,Gasoline,,30.5',
        '2024-02-14,2019 Ford Bronco,Fuel & Energy,Gasoline,,70.1',
        '2024-03-02,2019 Honda Civic,Fuel & Energy,Gasoline,,52.25',
        '',
      ].join('\r\n'),
    );
  });
});

describe('cost per distance (D48)', () => {
  it('divides the period’s completed running costs by the distance driven, not by a used car’s odometer', async () => {
    const user = await premiumUser();
    // Bought used with 100,000 miles on the clock.
    const car = await newVehicle(limited, user, {
      purchasePrice: '8000',
      purchaseDate: '2024-01-01',
    });
    await insertReadings(limited, user, car, [{ date: '2024-01-01', odometer: 100_000 }]);
    await newEnergyEntry(limited, user, car, {
      date: '2024-02-01',
      odometer: 100_400,
      unit: 'galUS',
      quantity: 10,
      totalCost: 40,
    });
    await newEnergyEntry(limited, user, car, {
      date: '2024-03-01',
      odometer: 100_900,
      unit: 'galUS',
      quantity: 12,
      totalCost: 50,
    });
    // A typo (10,500 for 100,500): flagged backwards, it drives nothing.
    await insertReadings(limited, user, car, [{ date: '2024-02-20', odometer: 10_500 }]);
    await insertRecords(limited, user, 'repair', car, [
      { cost: '300', date: '2024-02-15', isCompleted: true },
    ]);
    // Planned items never count; modifications and the purchase are not running costs.
    await insertRecords(limited, user, 'maintenance', car, [
      { cost: '500', date: '2024-02-20', isCompleted: false },
    ]);
    await insertRecords(limited, user, 'modification', car, [
      { cost: '1000', date: '2024-02-10', isCompleted: true },
    ]);

    const allTime = await readExpenses(user);
    expect(allTime.distanceUnit).toBe('mi');
    // 300 of repairs + 40 + 50 of fuel = 390 over 100,900 − 100,000 = 900 miles: 0.4333 → 0.43.
    // Lifetime costs over the odometer would say 390 ÷ 100,900 = 0.0039, $0.00 a mile.
    expect(allTime.costPerMile).toEqual([
      {
        vehicleId: car,
        name: '2019 Honda Civic',
        mileage: 100_900,
        serviceCost: 300,
        energyCost: 90,
        runningCosts: 390,
        distance: 900,
        costPerDistance: 0.43,
        costPerMile: 0.43,
      },
    ]);

    // February: from the last reading before it (100,000) to its last (100,400): 400 miles;
    // the repair and February's fill-up, 300 + 40 = 340: 0.85 a mile.
    const february = await readExpenses(user, '?from=2024-02-01&to=2024-02-29');
    expect(february.costPerMile?.[0]).toMatchObject({
      serviceCost: 300,
      energyCost: 40,
      runningCosts: 340,
      distance: 400,
      costPerDistance: 0.85,
      costPerMile: 0.85,
    });
    // Before any reading in the period there is no distance, and so no figure.
    const before = await readExpenses(user, '?to=2023-12-31');
    expect(before.costPerMile?.[0]).toMatchObject({
      runningCosts: 0,
      distance: null,
      costPerDistance: null,
      costPerMile: null,
    });
  });

  it('reads kilometres for a km user, from vehicles whose odometers show either unit (D49)', async () => {
    const user = await premiumUser();
    const milesCar = await newVehicle(limited, user);
    await insertReadings(limited, user, milesCar, [{ date: '2024-01-01', odometer: 100_000 }]);
    await newEnergyEntry(limited, user, milesCar, {
      date: '2024-03-01',
      odometer: 100_900,
      unit: 'galUS',
      quantity: 12,
      totalCost: 50,
    });
    await insertRecords(limited, user, 'repair', milesCar, [
      { cost: '340', date: '2024-02-15', isCompleted: true },
    ]);
    const kmCar = await newVehicle(limited, user, { model: 'Jazz', odometerUnit: 'km' });
    await insertReadings(limited, user, kmCar, [{ date: '2024-01-01', odometer: 20_000 }]);
    await newEnergyEntry(limited, user, kmCar, {
      date: '2024-04-01',
      odometer: 21_000,
      unit: 'L',
      quantity: 40,
      totalCost: 64,
    });
    await insertRecords(limited, user, 'maintenance', kmCar, [
      { cost: '96', date: '2024-03-01', isCompleted: true },
    ]);

    await setPreferences(user, { distanceUnit: 'km' });
    const inKm = await readExpenses(user);
    expect(inKm.distanceUnit).toBe('km');
    expect(inKm.costPerMile).toEqual([
      // 900 mi × 1.609344 = 1,448.4096 km; 390 ÷ 1,448.4096 = 0.2693 → 0.27 a km;
      // per mile still 390 ÷ 900 = 0.4333 → 0.43. Its odometer reads miles: mileage 100,900.
      {
        vehicleId: milesCar,
        name: '2019 Honda Civic',
        mileage: 100_900,
        serviceCost: 340,
        energyCost: 50,
        runningCosts: 390,
        distance: 1448.4,
        costPerDistance: 0.27,
        costPerMile: 0.43,
      },
      // 96 + 64 = 160 over 21,000 − 20,000 = 1,000 km: 0.16 a km; per mile,
      // 1,000 ÷ 1.609344 = 621.3712 mi, 160 ÷ 621.3712 = 0.2575 → 0.26.
      {
        vehicleId: kmCar,
        name: '2019 Honda Jazz',
        mileage: 21_000,
        serviceCost: 96,
        energyCost: 64,
        runningCosts: 160,
        distance: 1000,
        costPerDistance: 0.16,
        costPerMile: 0.26,
      },
    ]);

    // Back in miles, the km car's 1,000 km read 621.4 mi at 0.26 a mile.
    await setPreferences(user, { distanceUnit: 'mi' });
    const inMiles = await readExpenses(user);
    expect(inMiles.costPerMile?.[1]).toMatchObject({
      distance: 621.4,
      costPerDistance: 0.26,
      costPerMile: 0.26,
    });
  });
});

describe('economy per vehicle', () => {
  it('gives every vehicle its energies’ averages in the user’s units, on the free plan too', async () => {
    const user = await newUser(limited);
    // 10 and 12 US gallons as stored, in litres to six decimals: 37.854118 and 45.424941.
    const civic = await newVehicle(limited, user);
    await insertEnergyEntries(limited, user, civic, [
      { date: '2024-01-05', odometer: 10_000, quantity: '30', unit: 'L', totalCost: '45' },
      {
        date: '2024-01-20',
        odometer: 10_250,
        quantity: '10',
        unit: 'galUS',
        canonicalQuantity: '37.854118',
        totalCost: '35',
      },
      {
        date: '2024-02-10',
        odometer: 10_550,
        quantity: '12',
        unit: 'galUS',
        canonicalQuantity: '45.424941',
        totalCost: '42',
      },
    ]);
    const leaf = await newVehicle(limited, user, {
      make: 'Nissan',
      model: 'Leaf',
      energies: ['electricity'],
    });
    const charge = (date: string, odometer: number, kWh: number) => ({
      date,
      odometer,
      energy: 'electricity',
      quantity: String(kWh),
      unit: 'kWh',
      unitPrice: '0.2',
      totalCost: (kWh / 5).toFixed(2),
    });
    await insertEnergyEntries(limited, user, leaf, [
      charge('2024-01-03', 5_000, 30),
      charge('2024-01-10', 5_120, 40),
      charge('2024-01-20', 5_300, 50),
    ]);
    const parked = await newVehicle(limited, user, { model: 'Fit' });

    const expenses = await readExpenses(user);
    // Economy is the fuel log's own figure: no Premium needed, unlike cost per distance.
    expect(expenses).toMatchObject({ hasAdvancedAnalytics: false, costPerMile: null });
    expect(expenses.economy).toEqual([
      {
        vehicleId: civic,
        name: '2019 Honda Civic',
        // The first fill opens; 250 + 300 = 550 mi over 10 + 12 = 22 gal: 25 MPG (never the
        // mean of 25 and 25, though here they agree). All three fills: 30 L + 22 gal =
        // 113.279059 L ÷ 3.785411784 = 29.925 gal, 45 + 35 + 42 = 122.
        energies: [
          {
            energy: 'gasoline',
            average: 25,
            economyUnit: 'MPG',
            isConsumption: false,
            spanDistance: 550,
            quantity: 29.925,
            quantityUnit: 'gal',
            cost: 122,
            entryCount: 3,
          },
        ],
      },
      {
        vehicleId: leaf,
        name: '2019 Nissan Leaf',
        // 120 + 180 = 300 mi over 40 + 50 = 90 kWh: 3.333 → 3.33 mi/kWh; the first charge's
        // 30 kWh went into driving before the log began.
        energies: [
          {
            energy: 'electricity',
            average: 3.33,
            economyUnit: 'mi/kWh',
            isConsumption: false,
            spanDistance: 300,
            quantity: 120,
            quantityUnit: 'kWh',
            cost: 24,
            entryCount: 3,
          },
        ],
      },
      // A vehicle without entries is listed with none.
      { vehicleId: parked, name: '2019 Honda Fit', energies: [] },
    ]);

    await setPreferences(user, {
      distanceUnit: 'km',
      volumeUnit: 'L',
      economyFormat: 'L/100km',
      electricFormat: 'kWh/100km',
    });
    const metric = await readExpenses(user);
    // 550 mi = 885.1392 km; 83.279059 L × 100 ÷ 885.1392 = 9.4086 → 9.41 L/100 km.
    expect(metric.economy[0]?.energies[0]).toMatchObject({
      average: 9.41,
      economyUnit: 'L/100 km',
      isConsumption: true,
      spanDistance: 885.1,
      quantity: 113.279,
      quantityUnit: 'L',
    });
    // 300 mi = 482.8032 km; 90 kWh × 100 ÷ 482.8032 = 18.641 → 18.64 kWh/100 km.
    expect(metric.economy[1]?.energies[0]).toMatchObject({
      average: 18.64,
      economyUnit: 'kWh/100 km',
      spanDistance: 482.8,
    });
  });
});
