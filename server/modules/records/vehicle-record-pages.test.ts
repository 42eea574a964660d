/**
 * `GET /api/vehicles/{id}/records/page` on a real database: the pages of a vehicle's records join
 * to exactly its whole list in the order of `GET /api/records` (undated last, equal dates and
 * equal ids across the kinds), one kind per tab, each tab's count and total cost over the whole
 * vehicle, a write between pages, bad cursors and limits, another user's vehicle, and the same
 * number of statements for every page.
 */
import {
  RECORD_PAGE_MESSAGES,
  VEHICLE_RECORD_PAGE,
  type VehicleRecordPage,
} from '@contract/record-pages';
import { RECORD_TYPES, type RecordType } from '@contract/records';
import { vehicleRecordPageSchema } from '@contract/schemas/record-pages';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertRecords, newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off' });
const { inject } = testApp;

let owner: SignedInUser;
let stranger: SignedInUser;
let car: number;
let otherCar: number;

const pageUrl = (vehicleId: number, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/api/vehicles/${vehicleId}/records/page${search ? `?${search}` : ''}`;
};

async function readPage(
  user: SignedInUser,
  vehicleId: number,
  query: Record<string, string | number> = {},
): Promise<VehicleRecordPage> {
  const response = await inject({
    method: 'GET',
    url: pageUrl(vehicleId, query),
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return vehicleRecordPageSchema.parse(response.json());
}

/** Every page of the tab, `limit` at a time, following the cursors to the end. */
async function readAllPages(
  user: SignedInUser,
  vehicleId: number,
  query: { type?: string; limit: number },
) {
  const pages: VehicleRecordPage[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await readPage(user, vehicleId, { ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const keyOf = (record: { type: string; id: number }) => `${record.type}-${record.id}`;

async function wholeList(user: SignedInUser, vehicleId: number, type?: RecordType) {
  const response = await inject({
    method: 'GET',
    url: `/api/records${type ? `?type=${type}` : ''}`,
    headers: { cookie: user.cookie },
  });
  return (response.json() as Array<{ type: string; id: number; vehicleId: number }>).filter(
    (record) => record.vehicleId === vehicleId,
  );
}

/** Costs of the seeded records, per kind, in dollars. */
const SEEDED_COSTS: Record<RecordType, number> = { maintenance: 0, repair: 0, modification: 0 };

beforeAll(async () => {
  owner = await newUser(testApp);
  stranger = await newUser(testApp);
  car = await newVehicle(testApp, owner);
  otherCar = await newVehicle(testApp, owner, { make: 'Mazda', model: 'MX-5' });
  const strangerCar = await newVehicle(testApp, stranger);

  // 45 of each kind on the car: dates shared across the kinds (three records a day), some
  // undated, costs in cents that a float sum would round wrong, and a few without a cost.
  for (const type of RECORD_TYPES) {
    const rows = Array.from({ length: 45 }, (_, index) => {
      const cost = index % 9 === 0 ? null : (10 + index * 0.1).toFixed(2);
      if (cost !== null) SEEDED_COSTS[type] += Number(cost);
      return {
        title: `${type} ${index}`,
        date:
          index % 10 === 7
            ? null
            : `2024-0${1 + (index % 6)}-${String(1 + (index % 20)).padStart(2, '0')}`,
        cost,
      };
    });
    await insertRecords(testApp, owner, type, car, rows);
  }
  // Records elsewhere never appear: the owner's other vehicle, and a stranger's.
  await insertRecords(testApp, owner, 'repair', otherCar, [{ title: 'Other car', cost: '999' }]);
  await insertRecords(testApp, stranger, 'repair', strangerCar, [{ title: 'Stranger', cost: '5' }]);
});

describe('GET /api/vehicles/{id}/records/page', () => {
  it('pages join to the whole list in its order, with no record twice and none left out', async () => {
    const whole = await wholeList(owner, car);
    expect(whole).toHaveLength(135);
    const byDefault = await readPage(owner, car);
    expect(byDefault.items).toHaveLength(VEHICLE_RECORD_PAGE.default);
    for (const limit of [1, 7, 50, 200]) {
      const pages = await readAllPages(owner, car, { limit });
      const joined = pages.flatMap((page) => page.items);
      expect(joined.map(keyOf)).toEqual(whole.map(keyOf));
      expect(pages.slice(0, -1).every((page) => page.items.length === limit)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('a tab holds one kind, paged in the same order', async () => {
    for (const type of RECORD_TYPES) {
      const pages = await readAllPages(owner, car, { type, limit: 10 });
      const joined = pages.flatMap((page) => page.items);
      expect(joined.map(keyOf)).toEqual((await wholeList(owner, car, type)).map(keyOf));
      expect(joined.every((record) => record.type === type)).toBe(true);
    }
  });

  it('undated records come last', async () => {
    const joined = (await readAllPages(owner, car, { limit: 20 })).flatMap((page) => page.items);
    const firstUndated = joined.findIndex((record) => record.date === null);
    expect(firstUndated).toBeGreaterThan(0);
    expect(joined.slice(firstUndated).every((record) => record.date === null)).toBe(true);
  });

  it('records of one date and one id in several kinds are each listed once', async () => {
    const user = await newUser(testApp);
    const truck = await newVehicle(testApp, user);
    // Each table numbers its own rows, so equal ids across the kinds are forced here.
    for (const [type, table] of RECORD_KIND_TABLES) {
      for (const [id, date] of [
        [900_001, '2025-05-05'],
        [900_002, '2025-05-05'],
        [900_003, null],
      ] as const) {
        await testApp.db().execute(
          sql`insert into ${table} (id, user_id, vehicle_id, title, category, date)
            overriding system value values (${id}, ${user.id}, ${truck}, ${type}, 'Other', ${date})`,
        );
      }
    }
    const joined = (await readAllPages(user, truck, { limit: 2 })).flatMap((page) => page.items);
    expect(joined.map(keyOf)).toEqual([
      'maintenance-900002',
      'modification-900002',
      'repair-900002',
      'maintenance-900001',
      'modification-900001',
      'repair-900001',
      'maintenance-900003',
      'modification-900003',
      'repair-900003',
    ]);
    expect(joined.map(keyOf)).toEqual((await wholeList(user, truck)).map(keyOf));
  });

  it('counts and totals each tab over the whole vehicle, whatever the page', async () => {
    const sum = (...costs: number[]) => Math.round(costs.reduce((a, b) => a + b, 0) * 100) / 100;
    const expected = {
      counts: { all: 135, maintenance: 45, repair: 45, modification: 45 },
      totalCosts: {
        all: sum(SEEDED_COSTS.maintenance, SEEDED_COSTS.repair, SEEDED_COSTS.modification),
        maintenance: sum(SEEDED_COSTS.maintenance),
        repair: sum(SEEDED_COSTS.repair),
        modification: sum(SEEDED_COSTS.modification),
      },
    };
    // 40 priced records of each kind: 400 + 0.1 × (0 + … + 44 less 0, 9, 18, 27 and 36) = 490.
    expect(expected.totalCosts.repair).toBe(490);
    const first = await readPage(owner, car, { limit: 5 });
    expect(first).toMatchObject(expected);
    const later = await readPage(owner, car, {
      limit: 5,
      type: 'repair',
      cursor: first.nextCursor!,
    });
    expect(later).toMatchObject(expected);
  });

  it('a vehicle without records answers an empty page and zeros', async () => {
    const empty = await newVehicle(testApp, owner, { make: 'Ford', model: 'Focus' });
    expect(await readPage(owner, empty)).toEqual({
      items: [],
      nextCursor: null,
      counts: { all: 0, maintenance: 0, repair: 0, modification: 0 },
      totalCosts: { all: 0, maintenance: 0, repair: 0, modification: 0 },
    });
  });

  it('a record added after the first page shifts no later page', async () => {
    const user = await newUser(testApp);
    const van = await newVehicle(testApp, user);
    await insertRecords(
      testApp,
      user,
      'repair',
      van,
      Array.from({ length: 6 }, (_, index) => ({
        title: `R${index}`,
        date: `2025-01-0${index + 1}`,
      })),
    );
    const first = await readPage(user, van, { limit: 3 });
    expect(first.items.map((record) => record.title)).toEqual(['R5', 'R4', 'R3']);
    await newRecord(testApp, user, 'repair', {
      vehicleId: van,
      title: 'Newest',
      date: '2025-02-01',
    });
    const second = await readPage(user, van, { limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((record) => record.title)).toEqual(['R2', 'R1', 'R0']);
    expect(second.nextCursor).toBeNull();
    expect(second.counts.all).toBe(7);
  });

  it('refuses a made-up cursor, a bad type and a bad limit with their messages', async () => {
    const bad = async (query: Record<string, string>) => {
      const response = await inject({
        method: 'GET',
        url: pageUrl(car, query),
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message as string;
    };
    for (const cursor of [
      'nonsense',
      '2024-02-30~repair~1',
      '2024-01-01~document~1',
      'undated~repair~99999999999',
      '2024-01-01~repair~',
    ]) {
      expect(await bad({ cursor })).toContain(RECORD_PAGE_MESSAGES.cursor);
    }
    expect(await bad({ type: 'boats' })).toContain('Unknown record type');
    expect(await bad({ limit: '0' })).toContain('limit must be from 1 to 200');
    expect(await bad({ limit: '201' })).toContain('limit must be from 1 to 200');
    expect(await bad({ limit: 'ten' })).toContain('limit must be a whole number');
  });

  it("another user's vehicle is not found, as its whole lists answer", async () => {
    for (const url of [pageUrl(car), `/api/vehicles/${car}/repairs`]) {
      const response = await inject({ method: 'GET', url, headers: { cookie: stranger.cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    }
    const signedOut = await inject({ method: 'GET', url: pageUrl(car) });
    expect(signedOut.statusCode).toBe(401);
  });

  it('the owner’s other vehicle keeps its own records', async () => {
    const page = await readPage(owner, otherCar);
    expect(page.items.map((record) => record.title)).toEqual(['Other car']);
    expect(page.totalCosts.all).toBe(999);
  });

  describe('statements', () => {
    let counting: Awaited<ReturnType<typeof createStatementCountingApp>>;
    beforeAll(async () => {
      counting = await createStatementCountingApp({
        config: testApp.config,
        database: testApp.database,
      });
    });
    afterAll(() => counting.close());

    it('runs as many statements for a deep page as for the first', async () => {
      const counts: number[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 4; page += 1) {
        const { response, statements } = await counting.inject({
          method: 'GET',
          url: pageUrl(car, { limit: 30, ...(cursor ? { cursor } : {}) }),
          headers: { cookie: owner.cookie },
        });
        expect(response.statusCode).toBe(200);
        cursor = response.json().nextCursor;
        counts.push(statements);
      }
      expect(new Set(counts).size).toBe(1);
      // The session, the vehicle's ownership, the page and the tabs' figures.
      expect(counts[0]).toBeLessThanOrEqual(4);
    });
  });
});
