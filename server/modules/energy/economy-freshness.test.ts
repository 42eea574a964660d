/**
 * The economy answer, the pages of entries and the odometer history kept while the user's data
 * version holds (decision 053), with two app
 * servers on one database: each keeps its own answers, and every kind of write made through one
 * is seen by the next read on the other. A repeated read of unchanged data runs only the
 * session lookup.
 */
import { economySchema } from '@contract/schemas/energy';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newEnergyEntry, newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
/** The other server: its own answers kept, the same database. */
let other: Awaited<ReturnType<typeof createStatementCountingApp>>;

let user: SignedInUser;
let car: number;

const as = (viewer: SignedInUser) => ({ cookie: viewer.cookie });

async function economyOnOther(viewer = user) {
  const { response, statements } = await other.inject({
    method: 'GET',
    url: `/api/vehicles/${car}/economy`,
    headers: as(viewer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: economySchema.parse(response.json()), statements };
}

async function writeOnFirst(request: InjectOptions) {
  const response = await testApp.inject({ ...request, headers: as(user) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const gasoline = (body: Awaited<ReturnType<typeof economyOnOther>>['body']) =>
  body.energies.find((summary) => summary.energy === 'gasoline')!;

beforeAll(async () => {
  other = await createStatementCountingApp({
    config: testApp.config,
    database: testApp.database,
  });
  user = await newUser(testApp);
  car = await newVehicle(testApp, user);
  // 10,000 → 10,300 on 10 gal: 300 ÷ 10 = 30 MPG.
  await newEnergyEntry(testApp, user, car, {
    date: '2025-01-01',
    odometer: 10_000,
    unit: 'galUS',
    quantity: 10,
    unitPrice: 3,
  });
  await newEnergyEntry(testApp, user, car, {
    date: '2025-01-15',
    odometer: 10_300,
    unit: 'galUS',
    quantity: 10,
    unitPrice: 3,
  });
});

afterAll(() => other?.close());

describe('the economy answer kept between reads', () => {
  it('is read once; a repeat of unchanged data runs only the session lookup', async () => {
    const first = await economyOnOther();
    expect(gasoline(first.body).average).toBe(30);
    expect(first.statements).toBeGreaterThan(1);
    const again = await economyOnOther();
    expect(again.body).toEqual(first.body);
    expect(again.statements).toBe(1);
  });

  it('follows every kind of write made on the other server', async () => {
    await economyOnOther();

    // A third full tank: 10,300 → 10,620 on 8 gal = 40 MPG; (300 + 320) ÷ 18 = 34.444 → 34.44.
    const third = await newEnergyEntry(testApp, user, car, {
      date: '2025-02-01',
      odometer: 10_620,
      unit: 'galUS',
      quantity: 8,
      unitPrice: 3,
    });
    expect(gasoline((await economyOnOther()).body).average).toBe(34.44);

    // Its quantity edited to 10 gal: 620 ÷ 20 = 31 MPG.
    await writeOnFirst({
      method: 'PATCH',
      url: `/api/energy/${third.id}`,
      payload: { quantity: 10, unit: 'galUS', unitPrice: 3 },
    });
    expect(gasoline((await economyOnOther()).body).average).toBe(31);

    // Its odometer fixed from the history: 10,700 → (300 + 400) ÷ 20 = 35 MPG.
    const history = await writeOnFirst({ method: 'GET', url: `/api/vehicles/${car}/odometer` });
    const reading = history.items.find((item: { odometer: number }) => item.odometer === 10_620);
    await writeOnFirst({
      method: 'PATCH',
      url: `/api/odometer/${reading.id}`,
      payload: { odometer: 10_700 },
    });
    expect(gasoline((await economyOnOther()).body).average).toBe(35);

    // A completed service of $70 over the 700 mi driven: (3 × $30 + $70) ÷ 700 = $0.2286 → 0.23.
    await newRecord(testApp, user, 'maintenance', {
      vehicleId: car,
      date: '2025-01-20',
      cost: 70,
      isCompleted: true,
    });
    expect((await economyOnOther()).body.costPerDistance).toBe(0.23);

    // The user's units: 35 MPG = 235.215 ÷ 35 = 6.7204 → 6.72 L/100 km.
    await writeOnFirst({
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { distanceUnit: 'km', volumeUnit: 'L', economyFormat: 'L/100km' },
    });
    const inKm = await economyOnOther();
    expect(gasoline(inKm.body)).toMatchObject({ average: 6.72, economyUnit: 'L/100 km' });
    expect(inKm.body.distanceUnit).toBe('km');

    // The third tank deleted: back to the first span alone, 300 mi ÷ 10 gal = 30 MPG
    // = 235.215 ÷ 30 = 7.8405 → 7.84 L/100 km.
    await writeOnFirst({ method: 'DELETE', url: `/api/energy/${third.id}` });
    expect(gasoline((await economyOnOther()).body).average).toBe(7.84);
  });

  it('keeps the pages of entries and of the odometer history, which follow writes too', async () => {
    const read = async (url: string) => {
      const { response, statements } = await other.inject({
        method: 'GET',
        url,
        headers: as(user),
      });
      expect(response.statusCode, response.body).toBe(200);
      return { body: response.json(), statements };
    };
    const entriesUrl = `/api/vehicles/${car}/energy`;
    const historyUrl = `/api/vehicles/${car}/odometer`;
    const entriesBefore = await read(entriesUrl);
    const historyBefore = await read(historyUrl);
    expect((await read(entriesUrl)).statements).toBe(1);
    expect((await read(historyUrl)).statements).toBe(1);

    // A fill-up at 11,000 mi, logged on the first server.
    await newEnergyEntry(testApp, user, car, {
      date: '2025-03-01',
      odometer: 11_000,
      unit: 'galUS',
      quantity: 9,
      unitPrice: 3,
    });
    const entriesAfter = await read(entriesUrl);
    expect(entriesAfter.body.items).toHaveLength(entriesBefore.body.items.length + 1);
    expect(entriesAfter.body.items[0].odometer).toBe(11_000);
    const historyAfter = await read(historyUrl);
    expect(historyAfter.body.items).toHaveLength(historyBefore.body.items.length + 1);
    expect(historyAfter.body.current.odometer).toBe(11_000);
  });

  it('is never another user’s: the same vehicle asked by someone else is not found', async () => {
    await economyOnOther();
    const stranger = await newUser(testApp);
    const { response } = await other.inject({
      method: 'GET',
      url: `/api/vehicles/${car}/economy`,
      headers: as(stranger),
    });
    expect(response.statusCode).toBe(404);
  });
});
