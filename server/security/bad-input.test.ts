/**
 * Generated bad input against every JSON route of `app.routeTable` (issue 10, D11): for each
 * route with a body, a signed-in owner's valid body is broken field by field (wrong types, huge
 * text, odd numbers and dates, SQL and HTML, prototype keys) or replaced by malformed JSON; query
 * strings and path parameters get the same treatment. Whatever arrives, no answer is a 5xx, every
 * error is exactly D11's body, and nothing reaches `Object.prototype` or a stored row. A route
 * with a body this file has no valid example for fails the suite, so a new route cannot slip by.
 */
import { COMMON_MESSAGES } from '@contract/common';
import { DEFAULT_DASHBOARD_LAYOUT } from '@contract/dashboard';
import { RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteEntry } from '../app';
import { createTestApp } from '../test/app';
import { type SignedInUser, uniqueEmail } from '../test/auth';
import { newUser } from '../test/factory';
import {
  buildGarage,
  mapValuesOf,
  UNKNOWN_SECRET,
  UNKNOWN_UNSUBSCRIBE_KEY,
} from '../test/route-matrix';
import {
  applyMutations,
  badMapEntries,
  DATE_TEXT,
  HTML_PAYLOADS,
  malformedBodies,
  mutations,
  NUMERIC_TEXT,
  POLLUTING_KEYS,
  SEED,
  SQL_PAYLOADS,
  strictErrorBody,
  UNSTORABLE_TEXT,
  withKey,
  writeJson,
} from './bad-input-values';

/** Runs per route: enough to meet every kind of bad value, few enough to stay within seconds. */
const BODY_RUNS = 40;
const MALFORMED_RUNS = 10;
const MAP_ENTRY_RUNS = 30;
const QUERY_RUNS = 40;
const PARAM_RUNS = 15;

// Payment notifications configured, so the webhook judges its body instead of answering 503.
const testApp = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_bad_input_suite' });
const routeTableAtLoad = [...testApp.app.routeTable];
let ada: SignedInUser;
const ids = {
  vehicle: 0,
  image: 0,
  file: '',
  energyEntry: 0,
  odometerReading: 0,
  schedule: 0,
  records: {} as Record<string, number>,
  importPreview: 0,
  importVehicleKeys: [] as string[],
  restorePreview: 0,
};
let casesRun = 0;

beforeAll(async () => {
  await testApp.app.ready();
  // Premium, so that plan limits (D37) do not stop a call before it reaches the service.
  ada = await newUser(testApp, { plan: 'premium' });
  const garage = await buildGarage(testApp.app, ada);
  ids.vehicle = garage.vehicle;
  ids.image = garage.vehicleImage;
  ids.file = garage.pdfFile;
  ids.energyEntry = garage.energyEntry;
  ids.odometerReading = garage.odometerReading;
  ids.schedule = garage.schedule;
  ids.importPreview = garage.importPreview;
  ids.restorePreview = garage.restorePreview;
  const preview = await call('GET', `/api/imports/${garage.importPreview}`);
  ids.importVehicleKeys = preview.json().vehicles.map((vehicle: { key: string }) => vehicle.key);
  for (const type of RECORD_TYPES) {
    ids.records[RECORD_KINDS[type].collection] = garage.records[type];
  }
});

afterAll(async () => {
  // How much the run covered, in its output: the count moves with the routes and the seed.
  console.warn(`bad-input: ${casesRun} generated requests`);
  await testApp?.close();
});

function call(method: string, url: string, payload?: object) {
  return testApp.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie: ada.cookie },
    ...(payload ? { payload } : {}),
  });
}

/**
 * Registration and sign-in are called signed out, as a browser does: signing in replaces the
 * caller's session, and the rest of the suite needs the owner's.
 */
const SIGNED_OUT_ROUTES = new Set(['/api/register', '/api/login']);

function send(method: string, url: string, body?: string, contentType = 'application/json') {
  casesRun += 1;
  return testApp.app.inject({
    method: method as 'POST',
    url,
    headers: {
      ...(SIGNED_OUT_ROUTES.has(url) ? {} : { cookie: ada.cookie }),
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** The routes whose answer to a signed-in caller may be 401 on their own terms. */
const MAY_ANSWER_401 = new Set(['POST /api/login']);

/** Never a 5xx; every error exactly D11's body; the caller stays signed in. */
function expectHandled(route: RouteEntry, response: LightMyRequestResponse, sent: string) {
  const where = `${route.method} ${route.url} ← ${sent.slice(0, 300)}`;
  expect(response.statusCode, `${where}\n→ ${response.body.slice(0, 500)}`).toBeLessThan(500);
  if (response.statusCode === 401) {
    expect(MAY_ANSWER_401.has(`${route.method} ${route.url}`), where).toBe(true);
  }
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/);
    const parsed = strictErrorBody.safeParse(JSON.parse(response.body));
    expect(parsed.success, `${where}\n→ ${response.body.slice(0, 500)}`).toBe(true);
  }
}

/** The object schema of a body, through the pipes zod wraps objects in. */
function bodyObject(schema: unknown): z.ZodObject | null {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const def = (current as { def?: { type?: string; in?: z.ZodType; innerType?: z.ZodType } }).def;
    if (def?.type === 'object') return current as z.ZodObject;
    current = def?.in ?? def?.innerType;
  }
  return null;
}

/** The top-level fields of a body schema. */
function bodyFields(schema: unknown): string[] | null {
  const object = bodyObject(schema);
  return object ? Object.keys(object.shape) : null;
}

/**
 * The map fields of a body schema (`z.record`, optional or not), with the schema of their
 * values: their entries are generated apart, since a bad entry hides inside a valid-looking map.
 */
function mapFields(schema: unknown): { field: string; values: z.ZodType }[] {
  const object = bodyObject(schema);
  if (!object) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>).flatMap(([field, type]) => {
    const values = mapValuesOf(type);
    return values ? [{ field, values }] : [];
  });
}

const recordPath =
  /^\/api\/(?:vehicles\/:vehicleId\/)?(maintenance|repairs|modifications)(\/:id)?$/;

function kindOfCollection(collection: string) {
  return Object.values(RECORD_KINDS).find((kind) => kind.collection === collection)!;
}

/** The owner's real values for each path parameter of `url`, so a call reaches validation. */
function validParams(url: string): Record<string, string> {
  const params: Record<string, string> = {};
  const record = recordPath.exec(url);
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    if (name === 'vehicleId') params[name] = String(ids.vehicle);
    else if (name === 'recordId') params[name] = String(ids.records.maintenance);
    else if (name === 'type') params[name] = 'maintenance';
    else if (name === 'id' && record) params[name] = String(ids.records[record[1]!]);
    else if (name === 'id' && url.startsWith('/api/vehicles/:id'))
      params[name] = String(ids.vehicle);
    else if (name === 'id' && url.startsWith('/api/vehicle-images/'))
      params[name] = String(ids.image);
    else if (name === 'id' && url.startsWith('/uploads/')) params[name] = ids.file;
    else if (name === 'id' && url.startsWith('/api/energy/'))
      params[name] = String(ids.energyEntry);
    else if (name === 'id' && url.startsWith('/api/odometer/'))
      params[name] = String(ids.odometerReading);
    else if (name === 'id' && url.startsWith('/api/schedules/'))
      params[name] = String(ids.schedule);
    else if (name === 'id' && url.startsWith('/api/imports/'))
      params[name] = String(ids.importPreview);
    else if (name === 'id' && url.startsWith('/api/user/restore/'))
      params[name] = String(ids.restorePreview);
    else if (name === 'token' && url.startsWith('/calendar/')) params[name] = UNKNOWN_SECRET;
    else if (name === 'key' && url.startsWith('/api/unsubscribe/'))
      params[name] = UNKNOWN_UNSUBSCRIBE_KEY;
    else throw new Error(`${url}: no valid value for :${name}; add one to validParams`);
  }
  return params;
}

function fillPath(url: string, params: Record<string, string>) {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name]!);
}

/** A valid body for each route with one; a route left out here fails the suite. */
function validBody(route: RouteEntry): Record<string, unknown> | undefined {
  const key = `${route.method} ${route.url}`;
  const record = recordPath.exec(route.url);
  if (record) {
    const kind = kindOfCollection(record[1]!);
    return {
      ...(route.url.includes(':vehicleId') ? {} : { vehicleId: ids.vehicle }),
      category: kind.categories[0],
      title: 'Oil change',
      cost: 49.99,
      date: '2024-05-01',
      ...(kind.hasDue ? { dueDate: '2024-11-01', dueMileage: 60_000 } : {}),
    };
  }
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/register': {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: uniqueEmail('fuzz'),
      password: 'correct horse',
      authType: 'local',
    },
    'POST /api/login': { email: 'nobody@example.com', password: 'not the password' },
    'POST /api/password-reset': { email: 'nobody@example.com' },
    'POST /api/password-reset/confirm': { token: 'A'.repeat(43), password: 'a new long password' },
    'PATCH /api/user/profile': { email: ada.email },
    'PUT /api/user/dashboard-layout': { sections: DEFAULT_DASHBOARD_LAYOUT },
    'PATCH /api/user/theme': { theme: 'light' },
    'PATCH /api/user/preferences': { distanceUnit: 'km', volumeUnit: 'L', currency: 'EUR' },
    'PATCH /api/user/password': {
      currentPassword: 'not the password',
      newPassword: 'another horse',
    },
    'POST /api/vehicles': { year: 2015, make: 'Mazda', model: 'MX-5', mileage: 1000 },
    'PUT /api/vehicles/:id': { year: 2016, make: 'Mazda', model: 'MX-5', notes: 'Garage kept' },
    'PUT /api/vehicle-images/:id': { caption: 'Front', isPrimary: true },
    'POST /api/vehicles/:vehicleId/energy': {
      date: '2024-05-02',
      odometer: 43_210.5,
      energy: 'gasoline',
      quantity: 10.5,
      unit: 'galUS',
      unitPrice: 3.459,
      isFull: true,
      place: 'Corner station',
      notes: 'Full tank',
    },
    'PATCH /api/energy/:id': { quantity: 11, totalCost: 40, place: 'Corner station' },
    'POST /api/vehicles/:vehicleId/odometer': { date: '2024-05-03', odometer: 43_300 },
    'PATCH /api/odometer/:id': { odometer: 41_600, isConfirmed: true },
    'POST /api/vehicles/:vehicleId/schedules': {
      title: 'Oil change',
      category: 'Oil Change',
      intervalMonths: 6,
      intervalDistance: 5_000,
      firstDueDate: '2024-11-01',
      firstDueOdometer: 48_000.5,
      lastDoneDate: '2024-05-01',
      lastDoneOdometer: 43_000,
      fixedIntervals: false,
    },
    'PATCH /api/schedules/:id': {
      title: 'Oil and filter',
      intervalMonths: 12,
      fixedIntervals: true,
    },
    'POST /api/schedules/:id/complete': {
      date: '2024-05-04',
      odometer: 43_400,
      cost: 59.9,
      notes: 'Done',
    },
    'PATCH /api/user/notifications': {
      email: { enabled: false },
      // Loopback only: a test never sends anything off this machine.
      ntfy: { url: 'http://127.0.0.1:9/garage-topic', token: 'tk_token' },
      webhook: { url: 'http://127.0.0.1:9/hooks/garage' },
      events: { dueSoon: true, overdue: true, weeklyDigest: false },
      dueSoonDays: 14,
      dueSoonDistance: 500,
      timeZone: 'Europe/Paris',
    },
    // This app sends no mail: the test is refused (409) before anything is sent.
    'POST /api/user/notifications/test': { channel: 'email' },
    'POST /api/unsubscribe/:key': { 'List-Unsubscribe': 'One-Click' },
    'PATCH /api/imports/:id': {
      decimalSeparator: '.',
      dateFormat: 'YMD',
      distanceUnit: 'km',
      volumeUnit: 'L',
      // Every vehicle of the file: the first into the owner's vehicle, the others new.
      vehicles: Object.fromEntries(
        ids.importVehicleKeys.map((key, index) => [key, index === 0 ? ids.vehicle : null]),
      ),
      vehicleDetails: Object.fromEntries(
        ids.importVehicleKeys.map((key) => [key, { year: 2019, make: 'Make', model: 'Model' }]),
      ),
      // The file names no currency: every currency key is one it does not have.
      currencyRates: {},
    },
  };
  return bodies[key];
}

function routes() {
  return testApp.app.routeTable;
}

/** Rows of the user's data whose stored values mention `polluted` (none should). */
async function pollutedRows() {
  const tables = [
    'users',
    'vehicles',
    'vehicle_images',
    'maintenance',
    'repairs',
    'modifications',
    'energy_entries',
    'odometer_readings',
    'service_schedules',
    'imports',
  ];
  let found = 0;
  for (const table of tables) {
    const result = await testApp.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} t where row_to_json(t)::text like '%polluted%'`,
    );
    found += result.rows[0]!.n;
  }
  return found;
}

function expectNoPollution() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
}

describe('JSON bodies of every route', () => {
  it('has a valid example body for every route with a body, that its schema accepts', () => {
    const withBody = routes().filter((route) => route.schema?.body);
    expect(withBody.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const route of withBody) {
      const body = validBody(route);
      const fields = bodyFields(route.schema!.body);
      if (!body || !fields) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const parsed = (route.schema!.body as z.ZodType).safeParse(body);
      expect(parsed.success, `${route.method} ${route.url}: ${parsed.error?.message}`).toBe(true);
    }
    expect(missing, 'routes with a body the generator cannot handle').toEqual([]);
  });

  // One test per route, listed when the file loads: the app is built then (below) and its route
  // table is complete once `buildApp` has returned.
  for (const route of routeTableAtLoad.filter((entry) => entry.schema?.body)) {
    it(`${route.method} ${route.url}: generated bad bodies`, async () => {
      const base = validBody(route);
      const fields = bodyFields(route.schema!.body);
      if (!base || !fields) throw new Error(`${route.method} ${route.url}: no generator`);
      const url = fillPath(route.url, validParams(route.url));
      await fc.assert(
        fc.asyncProperty(mutations(fields), async (changes) => {
          const body = writeJson(applyMutations(base, changes));
          expectHandled(route, await send(route.method, url, body), body);
        }),
        { seed: SEED, numRuns: BODY_RUNS, endOnFailure: true },
      );
      await fc.assert(
        fc.asyncProperty(malformedBodies(base), async (body) => {
          expectHandled(route, await send(route.method, url, body), body);
        }),
        { seed: SEED, numRuns: MALFORMED_RUNS, endOnFailure: true },
      );
      for (const { field, values } of mapFields(route.schema!.body)) {
        // The valid body maps every key the server knows, so no generated key is a known one.
        const validMap = base[field] as Record<string, unknown>;
        await fc.assert(
          fc.asyncProperty(badMapEntries(Object.keys(validMap), values), async ([key, value]) => {
            const body = writeJson(withKey(base, field, withKey(validMap, key, value)));
            const response = await send(route.method, url, body);
            expectHandled(route, response, body);
            expect(response.statusCode, `${body.slice(0, 300)} → ${response.body}`).toBe(400);
          }),
          { seed: SEED, numRuns: MAP_ENTRY_RUNS, endOnFailure: true },
        );
      }
    });
  }

  it('left nothing on Object.prototype or in a stored row, and the owner signed in', async () => {
    expectNoPollution();
    expect(await pollutedRows()).toBe(0);
    const me = await call('GET', '/api/user');
    expect(me.statusCode, 'still signed in').toBe(200);
  });

  it('answers malformed JSON and other content types on bodiless writes with D11 errors', async () => {
    // DELETE /api/user would end the account: its body is refused before the route runs, but a
    // well-formed one would not be, so it only gets bodies that cannot parse.
    const writes = routes().filter(
      (route) => !route.schema?.body && !['GET', 'DELETE'].includes(route.method),
    );
    for (const route of writes) {
      const url = fillPath(route.url, validParams(route.url));
      for (const [body, type] of [
        ['{', 'application/json'],
        ['{"a":1,}', 'application/json'],
        ['{"__proto__":{"polluted":"yes"}}', 'application/json'],
        ['<xml/>', 'application/xml'],
        ['a=1&b=2', 'application/x-www-form-urlencoded'],
      ] as const) {
        const response = await send(route.method, url, body, type);
        expectHandled(route, response, `${type}: ${body}`);
      }
    }
    expectNoPollution();
  });

  it('refuses the JSON bodies it cannot read with 400 or 415, and too-large ones with 413', async () => {
    const route = routes().find(
      (entry) => entry.method === 'POST' && entry.url === '/api/vehicles',
    )!;
    const cases: Array<[string, string, number]> = [
      ['{', 'application/json', 400],
      ['"just a string"', 'application/json', 400],
      ['[]', 'application/json', 400],
      ['null', 'application/json', 400],
      ['{"year":2015,"make":"a","model":"b",}', 'application/json', 400],
      [
        '{"__proto__":{"polluted":"yes"},"year":2015,"make":"a","model":"b"}',
        'application/json',
        400,
      ],
      ['year=2015', 'text/plain', 415],
      ['{"year":2015,"make":"a","model":"b"}', 'text/plain;charset=UTF-8', 415],
      ['<vehicle/>', 'application/xml', 415],
      [`{"make":"${'x'.repeat(2 * 1024 * 1024)}"}`, 'application/json', 413],
    ];
    for (const [body, type, status] of cases) {
      const response = await send(route.method, route.url, body, type);
      expectHandled(route, response, body);
      expect(response.statusCode, body.slice(0, 80)).toBe(status);
    }
  });
});

describe('query strings', () => {
  it('answers every generated bad query without a 5xx, with D11 errors', async () => {
    const queryRoutes = routes().filter((route) => route.schema?.querystring);
    expect(queryRoutes.length).toBeGreaterThan(0);
    const value = fc.oneof(
      fc.constantFrom(...DATE_TEXT, ...NUMERIC_TEXT, ...SQL_PAYLOADS, ...HTML_PAYLOADS),
      fc.constantFrom(...UNSTORABLE_TEXT),
      fc.constantFrom('x'.repeat(5000), '-1', '0', '2147483648', 'maint', 'MODS', 'all'),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    for (const route of queryRoutes) {
      const fields = bodyFields(route.schema!.querystring);
      if (!fields) throw new Error(`${route.method} ${route.url}: no generator for its query`);
      const keys = [...fields, ...POLLUTING_KEYS, '__proto__[polluted]', 'unknown'];
      const pairs = fc.array(fc.tuple(fc.constantFrom(...keys), value), {
        minLength: 1,
        maxLength: 4,
      });
      await fc.assert(
        fc.asyncProperty(pairs, async (entries) => {
          const query = new URLSearchParams(entries).toString();
          const url = `${fillPath(route.url, validParams(route.url))}?${query}`;
          expectHandled(route, await send(route.method, url), query);
        }),
        { seed: SEED, numRuns: QUERY_RUNS, endOnFailure: true },
      );
    }
    expectNoPollution();
  });
});

describe('path parameters', () => {
  const BAD_IDS = [
    'abc',
    '-1',
    '0',
    '1.5',
    '2147483648',
    '99999999999999999999999',
    '1e400',
    'NaN',
    'Infinity',
    '0x10',
    '%00',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    encodeURIComponent('1; drop table vehicles; --'),
    encodeURIComponent('<script>alert(1)</script>'),
    '%ED%A0%80',
    '%FF%FE',
    'x'.repeat(2000),
  ];
  /** Whether a path segment could still name a real row (`' 1'`, `'0x10'` and `'1.0'` do). */
  const couldBeAnId = (segment: string) => {
    let text = segment;
    try {
      text = decodeURIComponent(segment);
    } catch {}
    const number = Number(text);
    return Number.isInteger(number) && number > 0 && number <= 2_147_483_647;
  };
  const badId = fc
    .oneof(
      fc.constantFrom(...BAD_IDS),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
    )
    .filter((segment) => !couldBeAnId(segment));

  // Deletes run last: a generated id could still name something real and remove it.
  const byMethod = (route: RouteEntry) => (route.method === 'DELETE' ? 1 : 0);

  it('answers the router’s own refusals with D11 too: broken percent-encoding, a parameter past its length', async () => {
    for (const url of [
      '/api/vehicles/%FF%FE',
      '/api/vehicles/%E0%A4%A',
      `/api/vehicles/${'9'.repeat(101)}`,
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: COMMON_MESSAGES.badUrl });
    }
  });

  it('answers non-numeric, negative, huge and odd ids without a 5xx, with D11 errors', async () => {
    const withParams = routes()
      .filter((route) => route.url.includes(':'))
      .sort((a, b) => byMethod(a) - byMethod(b));
    for (const route of withParams) {
      const valid = validParams(route.url);
      const base = validBody(route);
      const body = base ? writeJson(base) : undefined;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...Object.keys(valid)), badId, async (name, value) => {
          const url = fillPath(route.url, { ...valid, [name]: value });
          const response = await send(route.method, url, body);
          expectHandled(route, response, url);
          // An id that is not a positive whole number never reaches a stored row.
          if (route.method === 'DELETE' && /^(abc|-1|0|1\.5|NaN)$/.test(value)) {
            expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
          }
        }),
        { seed: SEED, numRuns: PARAM_RUNS, endOnFailure: true },
      );
    }
  });
});
