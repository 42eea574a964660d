/**
 * The expenses calls (001 §2, §9, D3, D9, D16, D20, D37) on a real database: exact sums, only the
 * user's own data, one vehicle, the top lists, the period rules, the Premium gate on periods,
 * monthly spending, the CSV export, bad parameters, and a statement count that does not grow with
 * the garage. Fuel and energy, cost per distance (D48) and economy are in expenses-energy.test.ts.
 */
import { COMMON_MESSAGES } from '@contract/common';
import { EXPENSE_MESSAGES, type Expenses } from '@contract/expenses';
import { expensesSchema } from '@contract/schemas/expenses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createStatementCountingApp, createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import {
  insertEnergyEntries,
  insertReadings,
  insertRecords,
  newUser,
  newVehicle,
} from '../../test/factory';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const GENEROUS_AUTH = { AUTH_MAX_ATTEMPTS: '100000' };

let limited: TestApp;
let unlimited: TestApp;

beforeAll(async () => {
  limited = await createTestApp({ ...GENEROUS_AUTH, PLAN_LIMITS: 'on' });
  unlimited = await createTestApp({ ...GENEROUS_AUTH, PLAN_LIMITS: 'off' });
});
afterAll(async () => {
  await limited?.close();
  await unlimited?.close();
});

const db = (testApp: TestApp = limited) => testApp.database.db;

async function premiumUser(testApp: TestApp = limited): Promise<SignedInUser> {
  return newUser(testApp, { plan: 'premium' });
}

async function getExpenses(user: SignedInUser, query = '', testApp = limited) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/expenses${query}`,
    headers: { cookie: user.cookie },
  });
  return response;
}

async function readExpenses(user: SignedInUser, query = '', testApp = limited): Promise<Expenses> {
  const response = await getExpenses(user, query, testApp);
  expect(response.statusCode, response.body).toBe(200);
  return expensesSchema.parse(response.json());
}

describe('signed out', () => {
  it('answers 401 to both calls', async () => {
    for (const url of ['/api/expenses', '/api/expenses/export.csv']) {
      const response = await limited.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.unauthenticated });
    }
  });
});

describe('GET /api/expenses: sums', () => {
  it('sums exactly (0.1 + 0.2 = 0.3), counts missing costs as nothing and rounds to cents', async () => {
    const user = await premiumUser();
    // A numeric-string cost through the real create call (001 §3, D3).
    const civic = await newVehicle(limited, user, { purchasePrice: '10000.10' });
    const created = await limited.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: { cookie: user.cookie },
      payload: { vehicleId: civic, category: 'Oil Change', cost: '0.10' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await insertRecords(limited, user, 'maintenance', civic, [{ cost: '0.20' }, { cost: null }]);
    await insertRecords(limited, user, 'repair', civic, [{ cost: '0.10' }, { cost: '0.20' }]);
    await insertRecords(limited, user, 'modification', civic, [
      { cost: '1234.50' },
      { cost: null },
    ]);
    const bronco = await newVehicle(limited, user, { make: 'Ford', model: 'Bronco' });
    await insertRecords(limited, user, 'repair', bronco, [{ cost: '0.05' }]);

    const expenses = await readExpenses(user);
    expect(expenses.totals).toEqual({
      purchase: 10000.1,
      maintenance: 0.3,
      repairs: 0.35,
      modifications: 1234.5,
      total: 11235.25,
      // Every record here is open: 0.10 + 0.20 + 0.10 + 0.20 + 1234.50 + 0.05 = 1235.15.
      planned: 1235.15,
      energy: 0,
      spent: 11235.25,
      spentOnTop: 0,
    });
    expect(expenses.vehicles).toEqual([
      {
        vehicleId: civic,
        name: '2019 Honda Civic',
        purchase: 10000.1,
        maintenance: 0.3,
        repairs: 0.3,
        modifications: 1234.5,
        total: 11235.2,
        planned: 1235.1,
        energy: 0,
        spent: 11235.2,
        spentOnTop: 0,
      },
      {
        vehicleId: bronco,
        name: '2019 Ford Bronco',
        purchase: 0,
        maintenance: 0,
        repairs: 0.05,
        modifications: 0,
        total: 0.05,
        planned: 0.05,
        energy: 0,
        spent: 0.05,
        spentOnTop: 0,
      },
    ]);
  });

  it('says how much of the total is planned: the open records’ costs, never the purchase (D48)', async () => {
    const user = await newUser(limited);
    const civic = await newVehicle(limited, user, { purchasePrice: '20000' });
    await insertRecords(limited, user, 'maintenance', civic, [
      { cost: '100', isCompleted: true },
      { cost: '250.50', isCompleted: false },
    ]);
    await insertRecords(limited, user, 'repair', civic, [{ cost: '439.50', isCompleted: false }]);
    await insertRecords(limited, user, 'modification', civic, [
      { cost: '1000', isCompleted: true },
    ]);

    const expenses = await readExpenses(user);
    // total = 20000 + 100 + 250.50 + 439.50 + 1000 = 21790; planned = 250.50 + 439.50 = 690.
    expect(expenses.totals).toMatchObject({ total: 21790, planned: 690 });
    expect(expenses.vehicles[0]).toMatchObject({ total: 21790, planned: 690 });
  });

  it('answers zeros and empty lists for an empty garage', async () => {
    const user = await newUser(limited);
    const expenses = await readExpenses(user);
    expect(expenses).toEqual({
      hasAdvancedAnalytics: false,
      distanceUnit: 'mi',
      currency: 'USD',
      totals: {
        purchase: 0,
        maintenance: 0,
        repairs: 0,
        modifications: 0,
        total: 0,
        planned: 0,
        energy: 0,
        spent: 0,
        spentOnTop: 0,
      },
      vehicles: [],
      top: { modifications: [], maintenance: [], repairs: [] },
      monthly: null,
      costPerMile: null,
      economy: [],
    });
  });

  it('never counts another user’s vehicles or records, and hides their vehicle (D9)', async () => {
    const owner = await premiumUser();
    const stranger = await premiumUser();
    const mine = await newVehicle(limited, owner, { purchasePrice: '100' });
    await insertRecords(limited, owner, 'repair', mine, [{ cost: '10', title: 'Mine' }]);
    const theirs = await newVehicle(limited, stranger, { purchasePrice: '5000' });
    await insertRecords(limited, stranger, 'repair', theirs, [{ cost: '999', title: 'Theirs' }]);

    const expenses = await readExpenses(owner);
    expect(expenses.totals.total).toBe(110);
    expect(expenses.vehicles.map((vehicle) => vehicle.vehicleId)).toEqual([mine]);
    expect(expenses.top.repairs.map((item) => item.title)).toEqual(['Mine']);

    for (const url of [
      `/api/expenses?vehicleId=${theirs}`,
      '/api/expenses?vehicleId=2147483647',
      `/api/expenses/export.csv?vehicleId=${theirs}`,
    ]) {
      const response = await limited.app.inject({
        method: 'GET',
        url,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Vehicle not found' });
    }
  });

  it('answers one vehicle’s figures with vehicleId', async () => {
    const user = await newUser(limited);
    const civic = await newVehicle(limited, user, { purchasePrice: '12500' });
    const bronco = await newVehicle(limited, user, {
      make: 'Ford',
      model: 'Bronco',
      purchasePrice: '45000',
    });
    await insertRecords(limited, user, 'maintenance', civic, [{ cost: '89.50', title: 'Oil' }]);
    await insertRecords(limited, user, 'modification', bronco, [
      { cost: '750', title: 'Light bar' },
    ]);

    const expenses = await readExpenses(user, `?vehicleId=${bronco}`);
    expect(expenses.totals).toEqual({
      purchase: 45000,
      maintenance: 0,
      repairs: 0,
      modifications: 750,
      total: 45750,
      planned: 750,
      energy: 0,
      spent: 45750,
      spentOnTop: 0,
    });
    expect(expenses.vehicles.map((vehicle) => vehicle.name)).toEqual(['2019 Ford Bronco']);
    expect(expenses.top.maintenance).toEqual([]);
    expect(expenses.top.modifications.map((item) => item.title)).toEqual(['Light bar']);
    // An empty parameter means "all vehicles".
    expect((await readExpenses(user, '?vehicleId=')).totals.total).toBe(58339.5);
  });
});

describe('GET /api/expenses: top lists', () => {
  it('holds the 5 costliest of each kind, costliest first, with title, vehicle, cost and date', async () => {
    const user = await newUser(limited);
    const civic = await newVehicle(limited, user);
    const bronco = await newVehicle(limited, user, { year: 2022, make: 'Ford', model: 'Bronco' });
    await insertRecords(limited, user, 'modification', civic, [
      { title: 'Exhaust', cost: '900', date: '2024-05-01' },
      { title: 'Wheels', cost: '1500.25', date: '2024-02-01' },
      { title: 'Tint', cost: '250' },
      { title: 'Free sticker', cost: '0' },
      { title: 'No price', cost: null },
    ]);
    await insertRecords(limited, user, 'modification', bronco, [
      { title: 'Lift kit', cost: '3000' },
      { title: 'Light bar', cost: '750', date: '2024-06-01' },
      { title: 'Seat covers', cost: '120' },
      { title: '   ', category: 'Exterior', cost: '60' },
    ]);
    await insertRecords(limited, user, 'maintenance', civic, [
      { title: null, category: 'Oil Change', cost: '80' },
    ]);

    const { top } = await readExpenses(user);
    expect(top.modifications).toEqual([
      {
        id: expect.any(Number),
        title: 'Lift kit',
        vehicleId: bronco,
        vehicleName: '2022 Ford Bronco',
        cost: 3000,
        date: null,
      },
      {
        id: expect.any(Number),
        title: 'Wheels',
        vehicleId: civic,
        vehicleName: '2019 Honda Civic',
        cost: 1500.25,
        date: '2024-02-01',
      },
      expect.objectContaining({ title: 'Exhaust', cost: 900, date: '2024-05-01' }),
      expect.objectContaining({ title: 'Light bar', cost: 750 }),
      expect.objectContaining({ title: 'Tint', cost: 250 }),
    ]);
    // A maintenance title is copied from its category (001 §4): a missing one shows the category.
    expect(top.maintenance.map((item) => item.title)).toEqual(['Oil Change']);
    expect(top.repairs).toEqual([]);
  });
});

describe('periods (D37)', () => {
  it('counts records by their date and purchases by their purchase date; undated ones only in all time', async () => {
    const user = await premiumUser();
    const inside = await newVehicle(limited, user, {
      purchasePrice: '1000',
      purchaseDate: '2024-03-10',
    });
    const before = await newVehicle(limited, user, {
      model: 'Accord',
      purchasePrice: '2000',
      purchaseDate: '2023-12-31',
    });
    const undated = await newVehicle(limited, user, { model: 'Fit', purchasePrice: '4000' });
    await insertRecords(limited, user, 'maintenance', inside, [
      { cost: '10', date: '2024-01-01' },
      { cost: '20', date: '2024-12-31' },
      { cost: '40', date: '2025-01-01' },
      { cost: '80', date: null },
    ]);
    await insertRecords(limited, user, 'repair', before, [{ cost: '5', date: '2024-04-15' }]);

    const allTime = await readExpenses(user);
    expect(allTime.totals).toMatchObject({ purchase: 7000, maintenance: 150, total: 7155 });

    const year = await readExpenses(user, '?from=2024-01-01&to=2024-12-31');
    expect(year.totals).toEqual({
      purchase: 1000,
      maintenance: 30,
      repairs: 5,
      modifications: 0,
      total: 1035,
      // The open records dated in 2024: 10 + 20 + 5; the purchase is never planned.
      planned: 35,
      energy: 0,
      spent: 1035,
      spentOnTop: 0,
    });
    // Every vehicle is listed, with what it cost in the period.
    expect(year.vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.total])).toEqual([
      [inside, 1030],
      [before, 5],
      [undated, 0],
    ]);

    // Open ends: only `from`, only `to`.
    expect((await readExpenses(user, '?from=2025-01-01')).totals.total).toBe(40);
    expect((await readExpenses(user, '?to=2023-12-31')).totals.total).toBe(2000);
    // Inclusive bounds: one day.
    expect((await readExpenses(user, '?from=2024-12-31&to=2024-12-31')).totals.total).toBe(20);
  });

  it('answers monthly spending with the months in between', async () => {
    const user = await premiumUser();
    const civic = await newVehicle(limited, user, { mileage: 40000, purchasePrice: '9000' });
    const unknown = await newVehicle(limited, user, { model: 'Fit' });
    await insertRecords(limited, user, 'maintenance', civic, [
      { cost: '100.10', date: '2024-01-05' },
      { cost: '0.20', date: '2024-01-20' },
      { cost: '300', date: null },
    ]);
    await insertRecords(limited, user, 'repair', civic, [{ cost: '400', date: '2024-03-02' }]);
    await insertRecords(limited, user, 'modification', unknown, [
      { cost: '55.55', date: '2024-03-31' },
    ]);
    await insertRecords(limited, user, 'repair', unknown, [{ cost: '10', date: '2024-02-01' }]);

    const expenses = await readExpenses(user);
    expect(expenses.hasAdvancedAnalytics).toBe(true);
    // January: 100.10 + 0.20; the undated 300 is in no month.
    expect(expenses.monthly).toEqual([
      { month: '2024-01', maintenance: 100.3, repairs: 0, modifications: 0, energy: 0 },
      { month: '2024-02', maintenance: 0, repairs: 10, modifications: 0, energy: 0 },
      { month: '2024-03', maintenance: 0, repairs: 400, modifications: 55.55, energy: 0 },
    ]);

    const february = await readExpenses(user, '?from=2024-02-01&to=2024-02-29');
    expect(february.monthly).toEqual([
      { month: '2024-02', maintenance: 0, repairs: 10, modifications: 0, energy: 0 },
    ]);
  });

  it('refuses a period to the free plan with 402 PLAN_LIMIT, and hides the advanced figures', async () => {
    const user = await newUser(limited);
    const civic = await newVehicle(limited, user, { mileage: 1000 });
    await insertRecords(limited, user, 'repair', civic, [{ cost: '10', date: '2024-01-01' }]);
    for (const query of ['?from=2024-01-01', '?to=2024-12-31', '?from=2024-01-01&to=2024-12-31']) {
      const response = await getExpenses(user, query);
      expect(response.statusCode, query).toBe(402);
      expect(response.json()).toEqual({
        message: EXPENSE_MESSAGES.periodPremium,
        code: 'PLAN_LIMIT',
      });
    }
    const expenses = await readExpenses(user);
    expect(expenses).toMatchObject({
      hasAdvancedAnalytics: false,
      monthly: null,
      costPerMile: null,
    });
    expect(expenses.totals.total).toBe(10);
  });

  it('gives everyone advanced analytics with PLAN_LIMITS=off, and lapsed Premium none', async () => {
    const user = await newUser(unlimited);
    const civic = await newVehicle(unlimited, user);
    await insertReadings(unlimited, user, civic, [
      { date: '2024-01-01', odometer: 1000 },
      { date: '2024-03-01', odometer: 1100 },
    ]);
    await insertRecords(unlimited, user, 'repair', civic, [
      { cost: '10', date: '2024-01-01', isCompleted: true },
    ]);
    const expenses = await readExpenses(user, '?from=2024-01-01', unlimited);
    expect(expenses.hasAdvancedAnalytics).toBe(true);
    // 10 over the 1,100 − 1,000 = 100 miles driven since the period began.
    expect(expenses.costPerMile?.[0]?.costPerMile).toBe(0.1);
    const csv = await unlimited.app.inject({
      method: 'GET',
      url: '/api/expenses/export.csv',
      headers: { cookie: user.cookie },
    });
    expect(csv.statusCode).toBe(200);

    const lapsed = await premiumUser();
    await db()
      .update(users)
      .set({ subscriptionExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, lapsed.id));
    expect((await getExpenses(lapsed, '?from=2024-01-01')).statusCode).toBe(402);
  });
});

describe('bad parameters', () => {
  it('answer 400 with a message', async () => {
    const user = await premiumUser();
    const cases: Array<[string, string]> = [
      ['?vehicleId=abc', 'vehicleId'],
      ['?vehicleId=-3', 'vehicleId'],
      ['?from=2024-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=1899-12-31', 'from'],
      ['?from=2024-05-01&to=2024-04-30', 'to'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/expenses', '/api/expenses/export.csv']) {
        const response = await limited.app.inject({
          method: 'GET',
          url: `${path}${query}`,
          headers: { cookie: user.cookie },
        });
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
        expect(Object.keys(response.json().errors ?? {})).toContain(field);
      }
    }
    expect((await getExpenses(user, '?from=2024-05-01&to=2024-04-30')).json().message).toBe(
      EXPENSE_MESSAGES.periodOrder,
    );
  });
});

describe('GET /api/expenses/export.csv', () => {
  async function exportCsv(user: SignedInUser, query = '') {
    return limited.app.inject({
      method: 'GET',
      url: `/api/expenses/export.csv${query}`,
      headers: { cookie: user.cookie },
    });
  }

  it('is Premium: 402 PLAN_LIMIT for the free plan', async () => {
    const user = await newUser(limited);
    const response = await exportCsv(user);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message: EXPENSE_MESSAGES.exportPremium,
      code: 'PLAN_LIMIT',
    });
  });

  it('names the file by the user’s own day when the page sends it, else by the UTC day', async () => {
    const user = await premiumUser();
    // Late evening in New York is already tomorrow in UTC: the page sends its own calendar day.
    const local = await exportCsv(user, '?day=2026-11-24');
    expect(local.statusCode, local.body).toBe(200);
    expect(local.headers['content-disposition']).toBe(
      'attachment; filename="garage-ledger-expenses-2026-11-24.csv"',
    );
    const refused = await exportCsv(user, '?day=2026-13-45');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('message');
  });

  it('answers one line per record plus the purchases, quoted (RFC 4180) and guarded against formulas', async () => {
    const user = await premiumUser();
    const civic = await newVehicle(limited, user, {
      purchasePrice: '12500.00',
      purchaseDate: '2020-06-15',
    });
    const fit = await newVehicle(limited, user, { model: 'Fit, "the small one"' });
    await insertRecords(limited, user, 'maintenance', civic, [
      {
        title: 'Oil, filter and "the works"',
        category: 'Oil Change',
        cost: '1234.50',
        date: '2024-01-05',
      },
      { title: 'Line one\nline two', category: 'Other', cost: null, date: null },
    ]);
    await insertRecords(limited, user, 'repair', fit, [
      { title: '=HYPERLINK("http://evil")', category: 'Engine', cost: '99.99', date: '2024-02-01' },
      { title: '+1 spark plug', category: 'Engine', cost: '5', date: '2024-02-02' },
    ]);
    await insertRecords(limited, user, 'modification', fit, [
      { title: '-40 degree coolant', category: '@Other', cost: '0.10', date: '2024-03-01' },
    ]);

    const response = await exportCsv(user);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="garage-ledger-expenses-${today}.csv"`,
    );
    expect(response.body).toBe(
      [
        'Date,Vehicle,Type,Category,Title,Cost',
        '2020-06-15,2019 Honda Civic,Purchase,,,12500',
        '2024-01-05,2019 Honda Civic,Maintenance,Oil Change,"Oil, filter and ""the works""",1234.5',
        `2024-02-01,"2019 Honda Fit, ""the small one""",Repair,Engine,"'=HYPERLINK(""http://evil"")",99.99`,
        `2024-02-02,"2019 Honda Fit, ""the small one""",Repair,Engine,'+1 spark plug,5`,
        `2024-03-01,"2019 Honda Fit, ""the small one""",Modification,'@Other,'-40 degree coolant,0.1`,
        ',2019 Honda Civic,Maintenance,Other,"Line one\nline two",',
        '',
      ].join('\r\n'),
    );

    // The same filters as the page: one vehicle, a period (undated rows only in all time).
    const fitOnly = await exportCsv(user, `?vehicleId=${fit}`);
    expect(fitOnly.body.trim().split('\r\n')).toHaveLength(4);
    const period = await exportCsv(user, '?from=2024-01-01&to=2024-02-01');
    expect(
      period.body
        .trim()
        .split('\r\n')
        .map((line) => line.slice(0, 10)),
    ).toEqual(['Date,Vehic', '2024-01-05', '2024-02-01']);
  });
});

describe('the statement count of GET /api/expenses (D20)', () => {
  it('is the same for 1 vehicle and for 20, each with records of every kind', async () => {
    const countingApp = await createStatementCountingApp(limited);
    try {
      const user = await premiumUser();
      const addVehicleWithRecords = async (index: number) => {
        const id = await newVehicle(limited, user, {
          model: `Car ${index}`,
          purchasePrice: '1000',
          mileage: 500,
        });
        await insertRecords(limited, user, 'maintenance', id, [
          { cost: '10.50', date: '2024-01-01' },
          { cost: '1.25', date: '2024-02-01' },
        ]);
        await insertRecords(limited, user, 'repair', id, [{ cost: '20', date: '2024-03-01' }]);
        await insertRecords(limited, user, 'modification', id, [{ cost: '30' }]);
        // Fuel too: its sums, months and economy are read for the whole garage at once.
        await insertEnergyEntries(limited, user, id, [
          { date: '2024-01-10', odometer: 600 },
          { date: '2024-02-10', odometer: 900 },
        ]);
      };
      const statementsOf = async (query: string, expectedVehicles: number, total: number) => {
        const { response, statements: counted } = await countingApp.inject({
          method: 'GET',
          url: `/api/expenses${query}`,
          headers: { cookie: user.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        const expenses = expensesSchema.parse(response.json());
        expect(expenses.vehicles).toHaveLength(expectedVehicles);
        expect(expenses.totals.total).toBe(total);
        return counted;
      };

      await addVehicleWithRecords(0);
      const withOne = await statementsOf('', 1, 1061.75);
      // In a period the undated modification and the purchase without a date drop out.
      const periodWithOne = await statementsOf('?to=2100-12-31', 1, 31.75);
      for (let index = 1; index < 20; index++) await addVehicleWithRecords(index);
      const withTwenty = await statementsOf('', 20, 21235);

      expect(withOne).toBeGreaterThan(0);
      expect(withTwenty).toBe(withOne);
      expect(periodWithOne).toBe(withOne);
    } finally {
      await countingApp.close();
    }
  });
});
