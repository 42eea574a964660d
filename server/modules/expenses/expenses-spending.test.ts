/**
 * D51 on a real database: every figure that says what a garage has cost agrees, for "all time"
 * and for a period. A fixture garage of two vehicles (a plug-in hybrid and an electric car) with
 * records done and planned, an undated record, fill-ups, charges and a free charge, worked by hand
 * below; Expenses' totals and each vehicle's sums, the vehicles' own figures (the card, the
 * vehicle page, the dashboard's sum) and the CSV export all say the same, to the cent.
 */
import { SPENDING_CATEGORIES, SPENDING_KINDS } from '@contract/expenses';
import { toCents } from '@contract/money';
import { expensesSchema } from '@contract/schemas/expenses';
import { vehiclesSchema } from '@contract/schemas/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertRecords, newEnergyEntry, newUser, newVehicle } from '../../test/factory';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000' });
});
afterAll(async () => {
  await testApp?.close();
});

async function get(user: SignedInUser, url: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const readExpenses = async (user: SignedInUser, query = '') =>
  expensesSchema.parse((await get(user, `/api/expenses${query}`)).json());

/** The export's lines as `[type, vehicle, cents]`, and their sum in cents. */
async function readCsv(user: SignedInUser, query = '') {
  const [header, ...lines] = (await get(user, `/api/expenses/export.csv${query}`)).body
    .split('\r\n')
    .filter((line) => line !== '');
  expect(header).toBe('Date,Vehicle,Type,Category,Title,Cost');
  const rows = lines.map((line) => {
    // No field of this garage holds a comma: a plain split reads it.
    const [, vehicle, type, , , cost] = line.split(',');
    return { vehicle: vehicle!, type: type!, cents: toCents(Number(cost)) };
  });
  return { rows, cents: rows.reduce((sum, row) => sum + row.cents, 0) };
}

/**
 * The fixture garage (amounts in the user's euros):
 *
 * 2022 Toyota RAV4 (plug-in hybrid), bought for 41,990.00 on 2022-05-14:
 *   modification  2023-08-01  tow bar        1,150.00  done
 *   maintenance   2024-03-05  oil change       129.90  done
 *   maintenance   2024-11-20  inspection       245.00  planned
 *   repair        2024-06-18  windscreen       389.45  done
 *   fill-ups      2024-03-02 68.73, 2024-04-11 71.16
 *   charges       2024-03-09 9.87, 2024-04-20 0.00 (free, at work)
 *   all time: records 1,150.00 + 129.90 + 245.00 + 389.45 = 1,914.35; energy 68.73 + 71.16 +
 *   9.87 + 0 = 149.76; invested 41,990.00 + 1,914.35 = 43,904.35 (245.00 planned); spent
 *   43,904.35 + 149.76 = 44,054.11; total expenses (besides the price) 1,914.35 + 149.76 =
 *   2,064.11.
 *
 * 2023 Hyundai Ioniq 5 (electric), bought for 46,500.00, no purchase date:
 *   repair        2024-04-02  puncture          95.00  done
 *   maintenance   2024-09-10  cabin filter      59.90  planned
 *   maintenance   (undated)   wiper blades      35.50  done
 *   charges       2023-12-28 14.10, 2024-03-15 22.40, 2024-04-03 18.65
 *   all time: records 95.00 + 59.90 + 35.50 = 190.40; energy 14.10 + 22.40 + 18.65 = 55.15;
 *   invested 46,500.00 + 190.40 = 46,690.40 (59.90 planned); spent 46,745.55; total expenses
 *   190.40 + 55.15 = 245.55.
 *
 * Garage, all time: purchase 88,490.00; modifications 1,150.00; maintenance 129.90 + 245.00 +
 * 59.90 + 35.50 = 470.30; repairs 389.45 + 95.00 = 484.45; energy 149.76 + 55.15 = 204.91;
 * Total Invested 90,594.75 (304.90 planned); spent 90,799.66, of which 204.91 on top.
 *
 * March and April 2024 (both ends inclusive): the RAV4's oil change 129.90 and its four entries
 * 149.76 (spent 279.66); the Ioniq's puncture 95.00 and two charges 22.40 + 18.65 = 41.05 (spent
 * 136.05). No purchase is dated in it, the undated record is left out. Garage: maintenance
 * 129.90, repairs 95.00, energy 190.81; Total Invested 224.90; spent 415.71, 190.81 on top.
 */
async function seedGarage(user: SignedInUser) {
  const rav4 = await newVehicle(testApp, user, {
    year: 2022,
    make: 'Toyota',
    model: 'RAV4',
    purchasePrice: '41990.00',
    purchaseDate: '2022-05-14',
    energies: ['gasoline', 'electricity'],
  });
  const ioniq = await newVehicle(testApp, user, {
    year: 2023,
    make: 'Hyundai',
    model: 'Ioniq 5',
    purchasePrice: '46500.00',
    energies: ['electricity'],
  });
  await insertRecords(testApp, user, 'modification', rav4, [
    { category: 'Exterior', cost: '1150.00', date: '2023-08-01', isCompleted: true },
  ]);
  await insertRecords(testApp, user, 'maintenance', rav4, [
    { category: 'Oil Change', cost: '129.90', date: '2024-03-05', isCompleted: true },
    { category: 'Inspection', cost: '245.00', date: '2024-11-20', isCompleted: false },
  ]);
  await insertRecords(testApp, user, 'repair', rav4, [
    { category: 'Glass', cost: '389.45', date: '2024-06-18', isCompleted: true },
  ]);
  await insertRecords(testApp, user, 'repair', ioniq, [
    { category: 'Tires', cost: '95.00', date: '2024-04-02', isCompleted: true },
  ]);
  await insertRecords(testApp, user, 'maintenance', ioniq, [
    { category: 'Cabin Filter', cost: '59.90', date: '2024-09-10', isCompleted: false },
    { category: 'Wipers', cost: '35.50', date: null, isCompleted: true },
  ]);
  const fill = (vehicleId: number, date: string, totalCost: number) =>
    newEnergyEntry(testApp, user, vehicleId, { date, quantity: 40, unit: 'L', totalCost });
  const charge = (vehicleId: number, date: string, totalCost: number) =>
    newEnergyEntry(testApp, user, vehicleId, {
      date,
      energy: 'electricity',
      quantity: 30,
      totalCost,
    });
  await fill(rav4, '2024-03-02', 68.73);
  await fill(rav4, '2024-04-11', 71.16);
  await charge(rav4, '2024-03-09', 9.87);
  await charge(rav4, '2024-04-20', 0);
  await charge(ioniq, '2023-12-28', 14.1);
  await charge(ioniq, '2024-03-15', 22.4);
  await charge(ioniq, '2024-04-03', 18.65);
  return { rav4, ioniq };
}

/** The categories' sum of some totals, in cents: what the page's percents are of. */
const categoriesCents = (sums: Record<(typeof SPENDING_KINDS)[number], number>) =>
  SPENDING_KINDS.reduce((cents, kind) => cents + toCents(sums[kind]), 0);

describe('every figure of what a garage cost agrees (D51)', () => {
  it('all time: Expenses, each vehicle, the vehicles’ figures and the CSV, to the cent', async () => {
    const user = await newUser(testApp, { plan: 'premium' });
    const { rav4, ioniq } = await seedGarage(user);

    const expenses = await readExpenses(user);
    expect(expenses.totals).toEqual({
      purchase: 88490,
      modifications: 1150,
      maintenance: 470.3,
      repairs: 484.45,
      energy: 204.91,
      total: 90594.75,
      planned: 304.9,
      spent: 90799.66,
      spentOnTop: 204.91,
    });
    expect(expenses.vehicles).toEqual([
      {
        vehicleId: rav4,
        name: '2022 Toyota RAV4',
        purchase: 41990,
        modifications: 1150,
        maintenance: 374.9,
        repairs: 389.45,
        energy: 149.76,
        total: 43904.35,
        planned: 245,
        spent: 44054.11,
        spentOnTop: 149.76,
      },
      {
        vehicleId: ioniq,
        name: '2023 Hyundai Ioniq 5',
        purchase: 46500,
        modifications: 0,
        maintenance: 95.4,
        repairs: 95,
        energy: 55.15,
        total: 46690.4,
        planned: 59.9,
        spent: 46745.55,
        spentOnTop: 55.15,
      },
    ]);
    // The percents' whole is the categories' sum; the summary's rows add up to its foot.
    expect(categoriesCents(expenses.totals)).toBe(toCents(expenses.totals.spent));
    for (const vehicle of expenses.vehicles) {
      expect(categoriesCents(vehicle)).toBe(toCents(vehicle.spent));
    }

    // The CSV adds up to the same 90,799.66, and each of its types to the card of that name.
    const csv = await readCsv(user);
    expect(csv.cents).toBe(9_079_966);
    for (const kind of SPENDING_KINDS) {
      const lines = csv.rows.filter((row) => row.type === SPENDING_CATEGORIES[kind].csvType);
      expect(
        lines.reduce((sum, row) => sum + row.cents, 0),
        kind,
      ).toBe(toCents(expenses.totals[kind]));
    }
    // The free charge is a line of its own, at 0.
    expect(csv.rows.filter((row) => row.type === 'Fuel & Energy')).toHaveLength(7);

    // The vehicles' own figures (the card, the vehicle page) say what Expenses says of each.
    const vehicles = vehiclesSchema.parse((await get(user, '/api/vehicles')).json());
    const figuresOf = (id: number) => {
      const vehicle = vehicles.find((candidate) => candidate.id === id)!;
      return {
        moneyInvested: vehicle.moneyInvested,
        plannedExpenses: vehicle.plannedExpenses,
        spentOnTop: vehicle.spentOnTop,
        totalExpenses: vehicle.totalExpenses,
      };
    };
    expect(figuresOf(rav4)).toEqual({
      moneyInvested: 43904.35,
      plannedExpenses: 245,
      spentOnTop: 149.76,
      totalExpenses: 2064.11,
    });
    expect(figuresOf(ioniq)).toEqual({
      moneyInvested: 46690.4,
      plannedExpenses: 59.9,
      spentOnTop: 55.15,
      totalExpenses: 245.55,
    });
    for (const vehicle of expenses.vehicles) {
      const own = figuresOf(vehicle.vehicleId);
      expect(own.moneyInvested).toBe(vehicle.total);
      expect(own.plannedExpenses).toBe(vehicle.planned);
      expect(own.spentOnTop).toBe(vehicle.spentOnTop);
      // Everything spent on it besides its price.
      expect(toCents(own.totalExpenses)).toBe(toCents(vehicle.spent) - toCents(vehicle.purchase));
    }
    // The dashboard sums the cards: 43,904.35 + 46,690.40 and 149.76 + 55.15.
    const cents = (pick: (vehicle: (typeof vehicles)[number]) => number) =>
      vehicles.reduce((sum, vehicle) => sum + toCents(pick(vehicle)), 0);
    expect(cents((vehicle) => vehicle.moneyInvested)).toBe(toCents(expenses.totals.total));
    expect(cents((vehicle) => vehicle.spentOnTop)).toBe(toCents(expenses.totals.spentOnTop));

    // One vehicle chosen: its row, and its CSV.
    const onlyIoniq = await readExpenses(user, `?vehicleId=${ioniq}`);
    expect(onlyIoniq.totals).toMatchObject({ total: 46690.4, spent: 46745.55, energy: 55.15 });
    expect((await readCsv(user, `?vehicleId=${ioniq}`)).cents).toBe(4_674_555);
  });

  it('in a period: the cards, each vehicle and the CSV, to the cent', async () => {
    const user = await newUser(testApp, { plan: 'premium' });
    const { rav4, ioniq } = await seedGarage(user);
    const period = '?from=2024-03-01&to=2024-04-30';

    const expenses = await readExpenses(user, period);
    expect(expenses.totals).toEqual({
      purchase: 0,
      modifications: 0,
      maintenance: 129.9,
      repairs: 95,
      energy: 190.81,
      total: 224.9,
      planned: 0,
      spent: 415.71,
      spentOnTop: 190.81,
    });
    expect(
      expenses.vehicles.map((vehicle) => [
        vehicle.vehicleId,
        vehicle.maintenance,
        vehicle.repairs,
        vehicle.energy,
        vehicle.total,
        vehicle.spent,
      ]),
    ).toEqual([
      [rav4, 129.9, 0, 149.76, 129.9, 279.66],
      [ioniq, 0, 95, 41.05, 95, 136.05],
    ]);

    const csv = await readCsv(user, period);
    expect(csv.cents).toBe(41_571);
    expect(csv.cents).toBe(toCents(expenses.totals.spent));
    expect((await readCsv(user, `${period}&vehicleId=${rav4}`)).cents).toBe(27_966);
  });
});
