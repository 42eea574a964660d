/**
 * Decision 056: signed-in reads answer an ETag of the user's data version, a 304 when it comes
 * back unchanged, and a repeated read from the finished answers kept in memory, with no SQL but
 * the session lookup either way. What a tag opens is only ever the same user's same URL, on the
 * same day and in the same encoding.
 */
import zlib from 'node:zlib';
import { unifiedRecordsSchema } from '@contract/schemas/records';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStatementCountingApp, setUpTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { insertRecords, newUser, newVehicle } from '../test/factory';
import { answerDay, isKeptRead, READS_NOT_KEPT } from './answer-cache';
import { createFinishedAnswers, type FinishedAnswer } from './finished-answers';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

/** Another server on the same database, counting the statements of each call. */
let counting: Awaited<ReturnType<typeof createStatementCountingApp>>;
let user: SignedInUser;
let car: number;

beforeAll(async () => {
  counting = await createStatementCountingApp(testApp);
  user = await newUser(testApp);
  car = await newVehicle(testApp, user, { make: 'Mazda', model: 'MX-5' });
  await insertRecords(
    testApp,
    user,
    'maintenance',
    car,
    Array.from({ length: 30 }, (_, index) => ({
      title: `Oil change ${index + 1}`,
      date: `2024-01-${String(index + 1).padStart(2, '0')}`,
      cost: '49.90',
    })),
  );
});

afterAll(() => counting?.close());

afterEach(() => {
  vi.useRealTimers();
});

const read = (url: string, as = user, headers: Record<string, string> = {}) =>
  testApp.inject({ method: 'GET', url, headers: { cookie: as.cookie, ...headers } });

async function readCounting(url: string, headers: Record<string, string> = {}) {
  const options: InjectOptions = {
    method: 'GET',
    url,
    headers: { cookie: user.cookie, ...headers },
  };
  return counting.inject(options);
}

const recordTitles = (body: string) =>
  unifiedRecordsSchema.parse(JSON.parse(body)).map((record) => record.title);

describe('the ETag of a signed-in read', () => {
  it('is the same while the data holds, and a 304 answers it without running the read', async () => {
    const first = await readCounting('/api/records');
    expect(first.response.statusCode).toBe(200);
    expect(first.statements).toBeGreaterThan(1);
    const etag = String(first.response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(etag).not.toContain(String(user.id));
    expect(first.response.headers['cache-control']).toBe('no-store');

    const again = await readCounting('/api/records', { 'if-none-match': etag });
    expect(again.response.statusCode).toBe(304);
    expect(again.response.body).toBe('');
    expect(again.response.headers.etag).toBe(etag);
    expect(again.response.headers['cache-control']).toBe('no-store');
    expect(again.response.headers.vary).toMatch(/accept-encoding/i);
    // The session lookup alone.
    expect(again.statements).toBe(1);
  });

  it('is found among several tags, weak or strong', async () => {
    const etag = String((await read('/api/vehicles')).headers.etag);
    const answer = await read('/api/vehicles', user, { 'if-none-match': `"other", W/${etag}` });
    expect(answer.statusCode).toBe(304);
  });

  it('changes with a write, and the old tag then answers the new data', async () => {
    const before = await read('/api/vehicles');
    const etag = String(before.headers.etag);
    const renamed = await testApp.inject({
      method: 'PUT',
      url: `/api/vehicles/${car}`,
      headers: { cookie: user.cookie },
      payload: { year: 1990, make: 'Mazda', model: 'Miata' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await read('/api/vehicles', user, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()[0].model).toBe('Miata');
  });

  it('never opens another user’s answer: their tag for the same URL answers their own data', async () => {
    const mine = await read('/api/vehicles');
    const stranger = await newUser(testApp);
    const theirs = await read('/api/vehicles', stranger, {
      'if-none-match': String(mine.headers.etag),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it('of one URL does not answer another', async () => {
    const vehicles = await read('/api/vehicles');
    const records = await read('/api/records', user, {
      'if-none-match': String(vehicles.headers.etag),
    });
    expect(records.statusCode).toBe(200);
    expect(recordTitles(records.body)).toContain('Oil change 30');
    const filtered = await read('/api/records?type=repair', user, {
      'if-none-match': String(records.headers.etag),
    });
    expect(filtered.statusCode).toBe(200);
  });

  /** Midnight UTC starting a day after today's: far within a session's 30 days. */
  const tomorrow = () => {
    const now = new Date();
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  };
  const HOUR = 3_600_000;

  it('changes with the day, the user’s and the server’s', async () => {
    const day = tomorrow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day + 12 * HOUR);
    const today = await read('/api/upcoming-maintenance');
    vi.setSystemTime(day + 13 * HOUR);
    const anHourOn = await read('/api/upcoming-maintenance', user, {
      'if-none-match': String(today.headers.etag),
    });
    expect(anHourOn.statusCode).toBe(304);
    vi.setSystemTime(day + 36 * HOUR);
    const nextDay = await read('/api/upcoming-maintenance', user, {
      'if-none-match': String(today.headers.etag),
    });
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers.etag).not.toBe(today.headers.etag);

    // 11:00 UTC is already the next day in Kiritimati (UTC+14), not yet in UTC; 03:00 UTC is still
    // 19:00 the day before in Los Angeles (UTC-8).
    const at = new Date('2030-03-10T11:00:00Z');
    expect(answerDay({ timeZone: 'UTC' }, at)).toBe('2030-03-10');
    expect(answerDay({ timeZone: 'Pacific/Kiritimati' }, at)).toBe('2030-03-11');
    expect(answerDay({ timeZone: 'Pacific/Kiritimati' }, new Date('2030-03-10T09:59:00Z'))).toBe(
      '2030-03-10',
    );
    expect(answerDay({ timeZone: 'America/Los_Angeles' }, new Date('2030-03-10T03:00:00Z'))).toBe(
      '2030-03-09',
    );
    // A stored zone this runtime does not know reads as UTC, as the pages read it.
    expect(answerDay({ timeZone: 'Mars/Olympus_Mons' }, at)).toBe('2030-03-10');
  });

  it('follows the user’s time zone, read with the session', async () => {
    const day = tomorrow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day + 8 * HOUR);
    const traveller = await newUser(testApp);
    const saved = await testApp.inject({
      method: 'PATCH',
      url: '/api/user/preferences',
      headers: { cookie: traveller.cookie },
      payload: { timeZone: 'Pacific/Kiritimati' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // 08:00 UTC is 22:00 in Kiritimati.
    const evening = await read('/api/upcoming-maintenance', traveller);
    vi.setSystemTime(day + 9 * HOUR);
    const anHourOn = await read('/api/upcoming-maintenance', traveller, {
      'if-none-match': String(evening.headers.etag),
    });
    expect(anHourOn.statusCode).toBe(304);
    // 10:30 UTC is past midnight there: the user's next day has begun, UTC's has not.
    vi.setSystemTime(day + 10.5 * HOUR);
    const pastMidnight = await read('/api/upcoming-maintenance', traveller, {
      'if-none-match': String(evening.headers.etag),
    });
    expect(pastMidnight.statusCode).toBe(200);
  });

  it('is given only to 200 JSON answers of the reads that are kept', async () => {
    const missing = await read('/api/vehicles/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const status = await read('/api/subscription/status');
    expect(status.statusCode).toBe(200);
    expect(status.headers.etag).toBeUndefined();
    const signedOut = await testApp.inject({ method: 'GET', url: '/api/vehicles' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers.etag).toBeUndefined();
  });
});

describe('the reads that are not kept', () => {
  it('are each a GET of the route table, and the other GETs of /api are kept', async () => {
    await testApp.app.ready();
    const gets = testApp.app.routeTable
      .filter((route) => route.method === 'GET')
      .map((route) => `GET ${route.url}`);
    for (const listed of Object.keys(READS_NOT_KEPT)) {
      if (listed === 'GET /api/openapi.json') continue;
      expect(gets, listed).toContain(listed);
    }
    expect(isKeptRead('GET', '/api/records')).toBe(true);
    expect(isKeptRead('GET', '/api/vehicles/:vehicleId/economy')).toBe(true);
    expect(isKeptRead('GET', '/api/imports/:id')).toBe(false);
    expect(isKeptRead('GET', '/uploads/:id')).toBe(false);
    expect(isKeptRead('POST', '/api/vehicles')).toBe(false);
  });
});

describe('the finished answers kept in memory', () => {
  it('answer a repeated read with the same bytes and no SQL but the session lookup', async () => {
    const first = await readCounting('/api/maintenance');
    expect(first.statements).toBeGreaterThan(1);
    const again = await readCounting('/api/maintenance');
    expect(again.statements).toBe(1);
    expect(again.response.statusCode).toBe(200);
    expect(again.response.body).toBe(first.response.body);
    expect(again.response.headers.etag).toBe(first.response.headers.etag);
    expect(again.response.headers['content-type']).toBe(first.response.headers['content-type']);
    expect(again.response.headers['cache-control']).toBe('no-store');
  });

  it('keep each encoding apart, each sent as it was compressed', async () => {
    const asBrotli = await readCounting('/api/records', { 'accept-encoding': 'br' });
    const asGzip = await readCounting('/api/records', { 'accept-encoding': 'gzip' });
    const plain = await readCounting('/api/records', { 'accept-encoding': 'identity' });
    expect(asBrotli.response.headers['content-encoding']).toBe('br');
    expect(asGzip.response.headers['content-encoding']).toBe('gzip');
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    const tags = new Set([asBrotli, asGzip, plain].map(({ response }) => response.headers.etag));
    expect(tags.size).toBe(3);

    const brotliAgain = await readCounting('/api/records', { 'accept-encoding': 'br' });
    const gzipAgain = await readCounting('/api/records', { 'accept-encoding': 'gzip' });
    expect(brotliAgain.statements).toBe(1);
    expect(gzipAgain.statements).toBe(1);
    expect(brotliAgain.response.headers['content-encoding']).toBe('br');
    expect(gzipAgain.response.headers['content-encoding']).toBe('gzip');
    const fromBrotli = zlib.brotliDecompressSync(brotliAgain.response.rawPayload).toString();
    const fromGzip = zlib.gunzipSync(gzipAgain.response.rawPayload).toString();
    expect(fromBrotli).toBe(plain.response.body);
    expect(fromGzip).toBe(plain.response.body);
    expect(recordTitles(fromBrotli)).toContain('Oil change 1');

    // A brotli answer's tag does not answer a request that accepts only gzip.
    const crossed = await readCounting('/api/records', {
      'accept-encoding': 'gzip',
      'if-none-match': String(asBrotli.response.headers.etag),
    });
    expect(crossed.response.statusCode).toBe(200);
    expect(crossed.response.headers['content-encoding']).toBe('gzip');
  });

  it('are bounded by ANSWER_CACHE_MB: keeping past it forgets the least recently used', async () => {
    const owner = await newUser(testApp);
    const garage = await newVehicle(testApp, owner);
    // About 600 KB of JSON for each kind's list: two cannot both fit in 1 MB.
    for (const type of ['maintenance', 'repair'] as const) {
      await insertRecords(
        testApp,
        owner,
        type,
        garage,
        Array.from({ length: 1200 }, (_, index) => ({
          title: `Kept answer ${index}`,
          description: 'x'.repeat(300),
        })),
      );
    }
    const small = await createStatementCountingApp({
      config: { ...testApp.config, answerCacheBytes: 1024 * 1024 },
      database: testApp.database,
    });
    try {
      const readSmall = (url: string) =>
        small.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      const maintenance = await readSmall('/api/maintenance');
      expect(maintenance.response.body.length).toBeGreaterThan(512 * 1024);
      expect((await readSmall('/api/maintenance')).statements).toBe(1);
      await readSmall('/api/repairs');
      expect((await readSmall('/api/repairs')).statements).toBe(1);
      // The maintenance list was forgotten to keep the repairs.
      const maintenanceAgain = await readSmall('/api/maintenance');
      expect(maintenanceAgain.statements).toBeGreaterThan(1);
      expect(maintenanceAgain.response.body).toBe(maintenance.response.body);
    } finally {
      await small.close();
    }
  });

  it('are not kept with ANSWER_CACHE_MB=0, while the tag still answers 304', async () => {
    const none = await createStatementCountingApp({
      config: { ...testApp.config, answerCacheBytes: 0 },
      database: testApp.database,
    });
    try {
      const readNone = (headers: Record<string, string> = {}) =>
        none.inject({
          method: 'GET',
          url: '/api/records',
          headers: { cookie: user.cookie, ...headers },
        });
      const first = await readNone();
      expect((await readNone()).statements).toBeGreaterThan(1);
      const unchanged = await readNone({ 'if-none-match': String(first.response.headers.etag) });
      expect(unchanged.response.statusCode).toBe(304);
      expect(unchanged.statements).toBe(1);
    } finally {
      await none.close();
    }
  });
});

describe('the store of finished answers', () => {
  const answer = (bytes: number, etag = '"t"'): FinishedAnswer => ({
    body: Buffer.alloc(bytes),
    contentType: 'application/json; charset=utf-8',
    contentEncoding: undefined,
    etag,
  });
  const at = (userId: number, version: number, url: string, variant = 'day br') => ({
    userId,
    version,
    url,
    variant,
  });

  it('forgets the least recently used URL once past its bytes', () => {
    const store = createFinishedAnswers({ maxBytes: 3000 });
    store.keep(at(1, 1, '/api/a'), answer(1000));
    store.keep(at(1, 1, '/api/b'), answer(1000));
    expect(store.find(at(1, 1, '/api/a'))).toBeDefined();
    store.keep(at(2, 5, '/api/c'), answer(1000));
    expect(store.find(at(1, 1, '/api/b'))).toBeUndefined();
    expect(store.find(at(1, 1, '/api/a'))).toBeDefined();
    expect(store.find(at(2, 5, '/api/c'))).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(3000);
    // An answer larger than the whole store is not kept, and forgets nothing.
    store.keep(at(3, 1, '/api/huge'), answer(5000));
    expect(store.find(at(3, 1, '/api/huge'))).toBeUndefined();
    expect(store.find(at(1, 1, '/api/a'))).toBeDefined();
  });

  it('keeps nothing of an older version once a newer one is seen, even finishing late', () => {
    const store = createFinishedAnswers({ maxBytes: 100_000 });
    store.keep(at(1, 1, '/api/a'), answer(100, '"v1"'));
    store.keep(at(1, 1, '/api/b'), answer(100, '"v1b"'));
    const before = store.bytes;
    store.keep(at(1, 2, '/api/a'), answer(100, '"v2"'));
    expect(store.find(at(1, 1, '/api/b'))).toBeUndefined();
    expect(store.bytes).toBeLessThan(before);
    // A read of version 1 that finishes after version 2 was kept.
    store.keep(at(1, 1, '/api/a'), answer(100, '"late"'));
    expect(store.find(at(1, 2, '/api/a'))?.etag).toBe('"v2"');
    // Variants of one version live side by side; another user's are their own.
    store.keep(at(1, 2, '/api/a', 'day gzip'), answer(100, '"v2gz"'));
    store.keep(at(7, 1, '/api/a'), answer(100, '"other"'));
    expect(store.find(at(1, 2, '/api/a'))?.etag).toBe('"v2"');
    expect(store.find(at(1, 2, '/api/a', 'day gzip'))?.etag).toBe('"v2gz"');
    expect(store.find(at(7, 1, '/api/a'))?.etag).toBe('"other"');
    // Asked at a newer version, everything older of that user is dropped.
    expect(store.find(at(1, 3, '/api/a'))).toBeUndefined();
    expect(store.find(at(1, 2, '/api/a'))).toBeUndefined();
  });
});
