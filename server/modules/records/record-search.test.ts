/**
 * The search of `GET /api/records/page` served by its stored, folded columns (decision 057,
 * migration 0013): short searches, LIKE's own characters taken literally, Unicode case folded as
 * the browser's toLowerCase folds it, a vehicle's name, an edited record found by its new text;
 * and the plans of a 2,000-record garage among other users' records, searched through
 * the user's rows, never by reading a whole table.
 */
import { RECORD_TYPES } from '@contract/records';
import { recordPageSchema } from '@contract/schemas/record-pages';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import * as schema from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertRecords, newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

async function searched(user: SignedInUser, q: string, query: Record<string, string> = {}) {
  const response = await testApp.inject({
    method: 'GET',
    url: `/api/records/page?${new URLSearchParams({ q, ...query })}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return recordPageSchema.parse(response.json());
}

const titlesFound = async (user: SignedInUser, q: string) =>
  (await searched(user, q)).items.map((record) => record.title);

describe('a search by the stored, folded text', () => {
  let owner: SignedInUser;
  let jeep: number;

  beforeAll(async () => {
    owner = await newUser(testApp);
    const civic = await newVehicle(testApp, owner);
    jeep = await newVehicle(testApp, owner, { year: 1998, make: 'Jeep', model: 'Cherokee XJ' });
    await insertRecords(testApp, owner, 'maintenance', civic, [
      { title: 'Oil 100% synthetic', category: 'Oil Change', date: '2025-05-01' },
      { title: 'Oil 100 percent', category: 'Oil Change', date: '2025-04-30' },
      { title: 'Part AB_12', category: 'Other', date: '2025-04-29' },
      { title: 'Part ABx12', category: 'Other', date: '2025-04-28' },
      { title: 'Path C:\\garage', category: 'Other', date: '2025-04-27' },
      { title: 'Path C:garage', category: 'Other', date: '2025-04-26' },
      { title: 'ÖLWECHSEL beim Händler', category: 'Other', date: '2025-04-25' },
    ]);
    await insertRecords(testApp, owner, 'repair', jeep, [
      { title: 'Axle seal', category: 'Drivetrain', date: '2025-03-01' },
    ]);
  });

  it('finds one and two characters, in every field, as three or more', async () => {
    expect(await titlesFound(owner, 'xj')).toEqual(['Axle seal']);
    expect(await titlesFound(owner, 'x')).toEqual(['Part ABx12', 'Axle seal']);
    expect(await titlesFound(owner, '%')).toEqual(['Oil 100% synthetic']);
    const twoCharacters = await searched(owner, 'c:');
    expect(twoCharacters.items.map((record) => record.title)).toEqual([
      'Path C:\\garage',
      'Path C:garage',
    ]);
    expect(twoCharacters.counts).toEqual({ all: 2, maintenance: 2, repair: 0, modification: 0 });
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await titlesFound(owner, '100%')).toEqual(['Oil 100% synthetic']);
    expect(await titlesFound(owner, '100% synth')).toEqual(['Oil 100% synthetic']);
    expect(await titlesFound(owner, 'ab_12')).toEqual(['Part AB_12']);
    expect(await titlesFound(owner, 'c:\\garage')).toEqual(['Path C:\\garage']);
    expect((await searched(owner, 'ab_12')).counts.all).toBe(1);
  });

  it("folds any letter's case as the browser's toLowerCase does", async () => {
    expect(await titlesFound(owner, 'ölwechsel')).toEqual(['ÖLWECHSEL beim Händler']);
    expect(await titlesFound(owner, 'ÖLWECHSEL')).toEqual(['ÖLWECHSEL beim Händler']);
    expect(await titlesFound(owner, 'HÄNDLER')).toEqual(['ÖLWECHSEL beim Händler']);
    expect(await titlesFound(owner, 'Ö')).toEqual(['ÖLWECHSEL beim Händler']);
  });

  it("finds every record of a vehicle by its name, and none across the name and a record's field", async () => {
    const jeeps = await searched(owner, '1998 jeep cherokee');
    expect(jeeps.items.map((record) => record.title)).toEqual(['Axle seal']);
    expect(jeeps.counts).toEqual({ all: 1, maintenance: 0, repair: 1, modification: 0 });
    expect(await titlesFound(owner, 'cherokee xj axle')).toEqual([]);
    expect(await titlesFound(owner, 'honda civic')).toHaveLength(7);
  });

  it('finds a record by what it says now, after it is written or edited', async () => {
    const created = await newRecord(testApp, owner, 'repair', {
      vehicleId: jeep,
      title: 'Transfer case',
      category: 'Drivetrain',
      notes: 'Leaking  at the\n\nrear seal',
    });
    expect(await titlesFound(owner, 'leaking at the rear')).toEqual(['Transfer case']);
    const edited = await testApp.inject({
      method: 'PUT',
      url: `/api/repairs/${created.id}`,
      headers: { cookie: owner.cookie },
      payload: {
        vehicleId: jeep,
        title: 'Transfer case',
        category: 'Drivetrain',
        notes: 'Resealed',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titlesFound(owner, 'leaking')).toEqual([]);
    expect(await titlesFound(owner, 'resealed')).toEqual(['Transfer case']);
  });
});

/** The plan of each statement a page's request runs, as the app's session plans it. */
async function plansOf(user: SignedInUser, url: string, generic: boolean) {
  const statements: { text: string; params: unknown[] }[] = [];
  const app = await buildApp({
    config: testApp.config,
    db: drizzle(testApp.database.pool, {
      schema,
      logger: {
        logQuery(text, params) {
          statements.push({ text, params });
        },
      },
    }),
  });
  try {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    await app.close();
  }
  const client = await testApp.database.pool.connect();
  try {
    await client.query('set max_parallel_workers_per_gather = 0');
    // A prepared statement may be planned once for any values: its plan must use the index too.
    await client.query(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
    const plans: string[] = [];
    for (const statement of statements.filter((s) => /"(maintenance|repairs)"/.test(s.text))) {
      const { rows } = await client.query(`explain ${statement.text}`, statement.params);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await client.query('reset plan_cache_mode');
    client.release();
  }
}

describe('the plans of a search in a 2,000-record garage among other users', () => {
  let owner: SignedInUser;

  beforeAll(async () => {
    owner = await newUser(testApp);
    const vehicles = [
      await newVehicle(testApp, owner),
      await newVehicle(testApp, owner, { year: 2022, make: 'Ford', model: 'Bronco' }),
    ];
    const words = ['Oil change', 'Brake service', 'Tire rotation', 'Wiper blades', 'Coolant flush'];
    const rowsOf = (count: number, offset: number) =>
      Array.from({ length: count }, (_, index) => ({
        title: `${words[(index + offset) % words.length]} ${index}`,
        category: 'Other',
        notes:
          index % 7 === 0 ? 'Checked the  timing chain' : index % 97 === 0 ? 'Rust proofing' : null,
        date: `20${String(10 + (index % 15)).padStart(2, '0')}-0${1 + (index % 9)}-1${index % 10}`,
      }));
    for (const [index, type] of RECORD_TYPES.entries()) {
      for (const vehicleId of vehicles)
        await insertRecords(testApp, owner, type, vehicleId, rowsOf(334, index));
    }
    for (let other = 0; other < 20; other++) {
      const user = await newUser(testApp);
      const car = await newVehicle(testApp, user);
      for (const type of RECORD_TYPES)
        await insertRecords(testApp, user, type, car, rowsOf(200, other));
    }
    await testApp.database.pool.query('analyze');
  }, 120_000);

  it('holds 2,004 records of the user', async () => {
    expect((await searched(owner, '')).counts.all).toBe(2004);
    expect((await searched(owner, 'timing chain')).counts.all).toBe(288);
    expect((await searched(owner, 'rust proof')).counts.all).toBe(18);
  });

  for (const generic of [false, true]) {
    const planned = generic ? 'generic' : 'custom';
    it(`reads a common search from the user's rows, never a whole table (${planned} plan)`, async () => {
      // A seventh of the garage matches: the page's first rows in date order hold 50 of them.
      for (const url of ['/api/records/page?q=timing%20chain', '/api/records/page?q=bronco']) {
        const plans = await plansOf(owner, url, generic);
        expect(plans, url).toHaveLength(2);
        for (const plan of plans) {
          expect(plan, url).toMatch(/_user_(date|id|search)_idx/);
          expect(plan, url).not.toMatch(/Seq Scan on (maintenance|repairs|modifications)\b/);
        }
      }
    });
  }

  it("reads a search of one or two characters from the user's rows alone", async () => {
    const plans = await plansOf(owner, '/api/records/page?q=oi', true);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatch(/_user_(date|id)_idx/);
      expect(plan).not.toMatch(
        /_user_search_idx|Seq Scan on (maintenance|repairs|modifications)\b/,
      );
    }
  });
});
