import { RECORD_PAGE_MESSAGES, type RecordPage } from '@contract/record-pages';
import { RECORD_TYPES, type UnifiedRecord } from '@contract/records';
import { recordPageSchema } from '@contract/schemas/record-pages';
import { unifiedRecordsSchema } from '@contract/schemas/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertRecords, newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject } = testApp;

async function get(user: SignedInUser, url: string) {
  return inject({ method: 'GET', url, headers: { cookie: user.cookie } });
}

async function page(
  user: SignedInUser,
  query: Record<string, string | number>,
): Promise<RecordPage> {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const response = await get(user, `/api/records/page?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return recordPageSchema.parse(response.json());
}

/** Every page of the query, followed to the end. */
async function allPages(user: SignedInUser, query: Record<string, string | number>) {
  const pages: RecordPage[] = [];
  let cursor: string | null | undefined;
  do {
    const next = await page(user, cursor ? { ...query, cursor } : query);
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor && pages.length < 1000);
  return pages;
}

async function wholeList(user: SignedInUser, url = '/api/records') {
  const response = await get(user, url);
  expect(response.statusCode).toBe(200);
  return unifiedRecordsSchema.parse(response.json());
}

const keyOf = (record: Pick<UnifiedRecord, 'type' | 'id'>) => `${record.type}-${record.id}`;

/** A garage where days repeat across the kinds, some records are undated and ids coincide. */
describe('a garage read a page at a time', () => {
  let owner: SignedInUser;
  let civic: number;
  let bronco: number;
  const DAYS = ['2025-03-01', '2025-02-14', '2024-12-31', null] as const;

  beforeAll(async () => {
    owner = await newUser(testApp);
    civic = await newVehicle(testApp, owner);
    bronco = await newVehicle(testApp, owner, { year: 2022, make: 'Ford', model: 'Bronco' });
    for (const type of RECORD_TYPES) {
      for (const vehicleId of [civic, bronco]) {
        await insertRecords(
          testApp,
          owner,
          type,
          vehicleId,
          Array.from({ length: 13 }, (_, index) => ({
            title: `${type} ${vehicleId} ${index}`,
            date: DAYS[index % DAYS.length],
            isCompleted: index % 3 === 0,
          })),
        );
      }
    }
  });

  it('joins to exactly the whole list, in its order, for any page size', async () => {
    const whole = await wholeList(owner);
    expect(whole).toHaveLength(78);
    expect(whole.at(-1)?.date).toBeNull();
    // The kinds' tables number their rows alike: the same day and id under two kinds is a tie.
    expect(whole.filter((record) => record.id === 1).length).toBeGreaterThan(1);
    for (const limit of [1, 7, 50, 200]) {
      const pages = await allPages(owner, { limit });
      const joined = pages.flatMap((each) => each.items);
      expect(joined, `limit ${limit}`).toEqual(whole);
      expect(new Set(joined.map(keyOf)).size).toBe(joined.length);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(pages.slice(0, -1).every((each) => each.items.length === limit)).toBe(true);
    }
  });

  it('narrows to one type (named as D27 reads it) and one vehicle, as the whole list does', async () => {
    for (const [param, type] of [
      ['maintenance', 'maintenance'],
      ['repairs', 'repair'],
      ['mods', 'modification'],
    ] as const) {
      const joined = (await allPages(owner, { type: param, limit: 5 })).flatMap((p) => p.items);
      expect(joined).toEqual(await wholeList(owner, `/api/records?type=${type}`));
    }
    const joined = (await allPages(owner, { vehicleId: bronco, limit: 9 })).flatMap((p) => p.items);
    const whole = await wholeList(owner);
    expect(joined).toEqual(whole.filter((record) => record.vehicleId === bronco));
  });

  it('splits open and completed records, the counts saying how many of each', async () => {
    const whole = await wholeList(owner);
    const pending = (await allPages(owner, { status: 'pending', limit: 11 })).flatMap(
      (p) => p.items,
    );
    const completed = (await allPages(owner, { status: 'completed', limit: 11 })).flatMap(
      (p) => p.items,
    );
    expect(pending).toEqual(whole.filter((record) => !record.isCompleted));
    expect(completed).toEqual(whole.filter((record) => record.isCompleted));
    const first = await page(owner, { type: 'maintenance', status: 'completed' });
    // 13 per kind and vehicle, every third (0, 3, 6, 9, 12) completed: 8 open of 13.
    expect(first.counts).toEqual({ all: 78, maintenance: 26, repair: 26, modification: 26 });
    expect(first.pendingCounts).toEqual({ all: 48, maintenance: 16, repair: 16, modification: 16 });
  });

  it('keeps page 2 where it was when a record is added after page 1 is read', async () => {
    const before = await wholeList(owner);
    const first = await page(owner, { limit: 10 });
    const added = await newRecord(testApp, owner, 'repair', {
      vehicleId: civic,
      category: 'Brakes',
      title: 'Added between pages',
      date: '2026-01-01',
    });
    const second = await page(owner, { limit: 10, cursor: first.nextCursor! });
    expect(second.items).toEqual(before.slice(10, 20));
    // The next first page starts with it.
    expect((await page(owner, { limit: 10 })).items[0]?.title).toBe('Added between pages');
    await inject({
      method: 'DELETE',
      url: `/api/repairs/${added.id}`,
      headers: { cookie: owner.cookie },
    });
  });

  it('runs the same number of statements for every page and every filter', async () => {
    const counting = await createStatementCountingApp({
      config: testApp.config,
      database: testApp.database,
    });
    try {
      const statementsOf = async (query: string) => {
        const { response, statements } = await counting.inject({
          method: 'GET',
          url: `/api/records/page?${query}`,
          headers: { cookie: owner.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return { statements, body: recordPageSchema.parse(response.json()) };
      };
      const first = await statementsOf('limit=5');
      const second = await statementsOf(`limit=5&cursor=${first.body.nextCursor}`);
      const deep = await statementsOf('limit=200');
      const searched = await statementsOf(
        `q=bronco&type=repair&vehicleId=${bronco}&status=pending`,
      );
      expect(second.statements).toBe(first.statements);
      expect(deep.statements).toBe(first.statements);
      expect(searched.statements).toBe(first.statements);
      // The session lookup, the page and the counts.
      expect(first.statements).toBeLessThanOrEqual(3);
    } finally {
      await counting.close();
    }
  });
});

describe('the search (decision 033) and the counts', () => {
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let strangersCar: number;

  /** Each record findable by one field only, on two vehicles. */
  beforeAll(async () => {
    owner = await newUser(testApp);
    stranger = await newUser(testApp);
    const civic = await newVehicle(testApp, owner);
    const bronco = await newVehicle(testApp, owner, { year: 2022, make: 'Ford', model: 'Bronco' });
    await insertRecords(testApp, owner, 'maintenance', civic, [
      { title: 'Timing belt', category: 'Engine', date: '2025-05-01' },
      {
        title: 'Seasonal check',
        category: 'Other',
        location: 'Main Street Garage',
        date: '2025-04-01',
      },
    ]);
    await insertRecords(testApp, owner, 'repair', civic, [
      { title: 'Brake pads', category: 'Brakes', description: 'Front axle squeal', date: null },
      { title: 'Wipers', category: 'Other', technician: 'Jo Marsh', date: '2025-03-01' },
    ]);
    await insertRecords(testApp, owner, 'modification', bronco, [
      { title: '  ', category: 'Exhaust', date: '2025-02-01' },
      {
        title: 'Roof rack',
        category: 'Other',
        notes: 'Line one\n\n  line   two',
        date: '2025-01-01',
      },
    ]);
    strangersCar = await newVehicle(testApp, stranger, { make: 'Stranger', model: 'Car' });
    await insertRecords(testApp, stranger, 'repair', strangersCar, [
      { title: 'Timing belt of a stranger', category: 'Engine', technician: 'Jo Marsh' },
    ]);
  });

  const titlesFound = async (q: string, query: Record<string, string | number> = {}) =>
    (await page(owner, { q, ...query })).items.map((record) => record.title);

  it('finds a record by each of the seven fields, whatever the case', async () => {
    expect(await titlesFound('TIMING')).toEqual(['Timing belt']);
    expect(await titlesFound('axle')).toEqual(['Brake pads']);
    expect(await titlesFound('exhaust')).toEqual(['Untitled']);
    expect(await titlesFound('2022 ford')).toEqual(['Untitled', 'Roof rack']);
    expect(await titlesFound('main street')).toEqual(['Seasonal check']);
    expect(await titlesFound('jo marsh')).toEqual(['Wipers']);
    expect(await titlesFound('line two')).toEqual(['Roof rack']);
    // The title as the card shows it: a blank one reads 'Untitled'.
    expect(await titlesFound('untitled')).toEqual(['Untitled']);
    expect(await titlesFound('no such thing')).toEqual([]);
  });

  it('folds every run of white space, typed or stored, to one space', async () => {
    expect(await titlesFound('  LINE   one line\ttwo ')).toEqual(['Roof rack']);
    expect(await titlesFound('timing  belt')).toEqual(['Timing belt']);
    // Only white space searches nothing.
    expect(await titlesFound('   ')).toHaveLength(6);
    // Never across two fields.
    expect(await titlesFound('belt engine')).toEqual([]);
  });

  it('counts per type what the search and the vehicle leave, not the type', async () => {
    expect((await page(owner, {})).counts).toEqual({
      all: 6,
      maintenance: 2,
      repair: 2,
      modification: 2,
    });
    const civicOnly = await page(owner, { q: 'e', type: 'repair' });
    // 'e' is in every record but the untitled Exhaust one's fields… which hold 'Exhaust'.
    expect(civicOnly.counts).toEqual({ all: 6, maintenance: 2, repair: 2, modification: 2 });
    expect(civicOnly.items.map((record) => record.type)).toEqual(['repair', 'repair']);
    const searched = await page(owner, { q: 'other', type: 'maintenance' });
    expect(searched.counts).toEqual({ all: 3, maintenance: 1, repair: 1, modification: 1 });
    expect(searched.items.map((record) => record.title)).toEqual(['Seasonal check']);
    const vehicles = (await get(owner, '/api/vehicles')).json() as { id: number; make: string }[];
    const bronco = vehicles.find((vehicle) => vehicle.make === 'Ford')!.id;
    const onBronco = await page(owner, { vehicleId: bronco, q: 'rack' });
    expect(onBronco.counts).toEqual({ all: 1, maintenance: 0, repair: 0, modification: 1 });
    // The garage's own total, whatever the filters.
    expect(onBronco.total).toBe(6);
    expect((await page(owner, { q: 'nothing like it' })).total).toBe(6);
  });

  it("never shows another user's records, and answers 404 for another user's vehicle", async () => {
    const everything = await allPages(owner, { limit: 2 });
    expect(everything.flatMap((p) => p.items).map((r) => r.title)).not.toContain(
      'Timing belt of a stranger',
    );
    expect(await titlesFound('stranger')).toEqual([]);
    const foreign = await get(owner, `/api/records/page?vehicleId=${strangersCar}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Vehicle not found' });
    const strangers = await page(stranger, {});
    expect(strangers.items.map((record) => record.title)).toEqual(['Timing belt of a stranger']);
    expect(strangers.counts.all).toBe(1);
  });

  it('refuses a made-up cursor, a bad limit and an unknown type with 400 and a message', async () => {
    const first = await page(owner, { limit: 1 });
    expect(first.nextCursor).toMatch(/~maintenance~/);
    for (const cursor of [
      'abc',
      '2025-02-30~repair~1',
      '2025-01-01~car~1',
      '2025-01-01~repair~99999999999',
      `${first.nextCursor} `,
      '',
    ]) {
      const response = await get(owner, `/api/records/page?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ message: RECORD_PAGE_MESSAGES.cursor });
    }
    for (const limit of ['0', '201', 'many', '1.5']) {
      const response = await get(owner, `/api/records/page?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message).toMatch(/^limit must be/);
    }
    // A NUL, which PostgreSQL refuses, is refused before any statement (it was a 500).
    const nul = await get(owner, '/api/records/page?q=brake%00pads');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/^Search contains a character that cannot be searched/);
    const unknown = await get(owner, '/api/records/page?type=cars');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Unknown record type' });
  });
});
