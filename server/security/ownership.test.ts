/**
 * D9, generated from the route table: user B calls every route that takes an id with user A's
 * ids, every method, with a valid body, and always gets the 404 a missing row gets; ids in
 * bodies (fields, and the values of maps such as an import's vehicles) and form fields too. Afterwards everything A can read is exactly as before.
 */
import { RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { createTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { newUser } from '../test/factory';
import {
  as,
  BODY_ID_FIELDS,
  BODY_ID_MAPS,
  BODYLESS,
  bodyKeys,
  bodyValueOf,
  buildGarage,
  concreteUrls,
  type Garage,
  idMapBodyKeys,
  idsOf,
  JSON_BODIES,
  MULTIPART_BODIES,
  mapPathParams,
  parsesAsBody,
  routeKey,
  STATE_CHANGING,
  snapshotOf,
  takesSecretKey,
  validPayload,
} from '../test/route-matrix';
import { multipartBody } from '../test/upload-fixtures';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let owner: SignedInUser;
let intruder: SignedInUser;
let ownersGarage: Garage;
let intrudersGarage: Garage;
let before: Record<string, unknown>;

const app = () => testApp.app;
const routes = () => app().routeTable;
const withIds = (route: RouteEntry) => route.url.includes('/:') && !takesSecretKey(route.url);

beforeAll(async () => {
  testApp = await createTestApp();
  await app().ready();
  [owner, intruder] = await Promise.all([
    newUser(testApp, { plan: 'premium' }),
    newUser(testApp, { plan: 'premium' }),
  ]);
  ownersGarage = await buildGarage(app(), owner);
  intrudersGarage = await buildGarage(app(), intruder);
  before = await snapshotOf(app(), owner, ownersGarage);
});

afterAll(() => testApp?.close());

function expectNotFound(response: { statusCode: number; json(): unknown }, label: string) {
  expect(response.statusCode, label).toBe(404);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body), label).toEqual(['message']);
  expect(typeof body.message, label).toBe('string');
}

describe('the matrix covers every route', () => {
  it('reads what a parameter names from the path, and refuses to guess', () => {
    expect(mapPathParams('/api/vehicles/:vehicleId/repairs/:id')).toEqual([
      { name: 'vehicleId', takes: 'vehicle' },
      { name: 'id', takes: 'record:repair' },
    ]);
    expect(mapPathParams('/api/record-images/:type/:recordId')).toEqual([
      { name: 'type', takes: 'recordType' },
      { name: 'recordId', takes: 'record:ofType' },
    ]);
    expect(() => mapPathParams('/api/reminders/:id')).toThrow('cannot tell what :id');
    expect(() => mapPathParams('/api/vehicles/:id/:other')).toThrow('cannot tell what :other');
  });

  it('knows what every path parameter of every route names', () => {
    const unmapped: string[] = [];
    for (const route of routes()) {
      try {
        mapPathParams(route.url);
      } catch (error) {
        unmapped.push((error as Error).message);
      }
    }
    expect(unmapped).toEqual([]);
    expect(routes().filter(withIds).length).toBeGreaterThan(30);
  });

  it('has a valid body for every state-changing route, and nothing for routes that do not exist', () => {
    const keys = new Set(routes().map(routeKey));
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const route of routes()) {
      if (!STATE_CHANGING.has(route.method)) continue;
      const key = routeKey(route);
      const json = JSON_BODIES[key];
      if (route.schema?.body) {
        if (!json) {
          missing.push(key);
          continue;
        }
        const result = parsesAsBody(route, json({ user: owner, garage: ownersGarage }));
        if (!result?.success) invalid.push(`${key}: ${result?.error?.message}`);
      } else if (route.method !== 'DELETE' && !MULTIPART_BODIES[key] && !BODYLESS.has(key)) {
        missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
    const listed = [
      ...Object.keys(JSON_BODIES),
      ...Object.keys(MULTIPART_BODIES),
      ...BODYLESS,
    ].filter((key) => !keys.has(key));
    expect(listed).toEqual([]);
  });

  it('knows what every id-like body field names', () => {
    const unknown = routes().flatMap((route) =>
      bodyKeys(route)
        .filter((key) => /(Id|Url)$/.test(key) && !BODY_ID_FIELDS[key])
        .map((key) => `${routeKey(route)} ${key}`),
    );
    expect(unknown).toEqual([]);
    const unknownMaps = routes().flatMap((route) =>
      idMapBodyKeys(route)
        .filter((key) => !BODY_ID_MAPS[key])
        .map((key) => `${routeKey(route)} ${key}`),
    );
    expect(unknownMaps).toEqual([]);
    expect(routes().some((route) => idMapBodyKeys(route).length > 0)).toBe(true);
  });
});

describe('another user’s ids (D9)', () => {
  it('answers 404 to every method of every route with the owner’s ids in the path', async () => {
    let calls = 0;
    for (const route of routes().filter(withIds)) {
      const slots = mapPathParams(route.url);
      // All of the owner's ids, then (with several) each one alone next to the intruder's own.
      const choices: ((index: number) => Garage)[] = [() => ownersGarage];
      if (slots.filter((slot) => slot.takes !== 'recordType').length > 1) {
        slots.forEach((_slot, mine) => {
          choices.push((index) => (index === mine ? ownersGarage : intrudersGarage));
        });
      }
      for (const choose of choices) {
        for (const { url } of concreteUrls(route.url, choose)) {
          const { payload, headers } = await validPayload(route, {
            user: intruder,
            garage: intrudersGarage,
          });
          const response = await app().inject({
            method: route.method as 'GET',
            url,
            headers: { ...as(intruder), ...headers },
            payload,
          });
          calls++;
          expectNotFound(response, `${route.method} ${url}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(60);
  });

  it('answers 404 to the owner’s ids in bodies and form fields, moving nothing', async () => {
    const intrudersBefore = await snapshotOf(app(), intruder, intrudersGarage);
    for (const route of routes()) {
      const key = routeKey(route);
      const jsonFields = bodyKeys(route).filter((field) => BODY_ID_FIELDS[field]);
      const mapFields = idMapBodyKeys(route);
      const formFields = Object.entries(MULTIPART_BODIES[key]?.idFields ?? {});
      if (jsonFields.length + mapFields.length + formFields.length === 0) continue;
      // The path names the intruder's own rows; only the body names the owner's.
      for (const { url } of concreteUrls(route.url, () => intrudersGarage)) {
        for (const field of jsonFields) {
          const resource = BODY_ID_FIELDS[field]!;
          const value = bodyValueOf(resource, idsOf(ownersGarage, resource)[0]!);
          const { payload } = await validPayload(route, {
            user: intruder,
            garage: intrudersGarage,
          });
          const response = await app().inject({
            method: route.method as 'POST',
            url,
            headers: as(intruder),
            payload: { ...(payload as object), [field]: value },
          });
          expectNotFound(response, `${route.method} ${url} ${field}`);
        }
        for (const field of mapFields) {
          const resource = BODY_ID_MAPS[field]!;
          const { payload } = await validPayload(route, {
            user: intruder,
            garage: intrudersGarage,
          });
          // Every key the valid body maps, sent to the owner's row instead.
          const keys = Object.keys((payload as Record<string, object>)[field] ?? {});
          expect(keys.length, `${key} ${field}: the valid body maps a key`).toBeGreaterThan(0);
          const value = bodyValueOf(resource, idsOf(ownersGarage, resource)[0]!);
          const response = await app().inject({
            method: route.method as 'POST',
            url,
            headers: as(intruder),
            payload: {
              ...(payload as object),
              [field]: Object.fromEntries(keys.map((mapKey) => [mapKey, value])),
            },
          });
          expectNotFound(response, `${route.method} ${url} ${field}`);
        }
        for (const [field, resource] of formFields) {
          const parts = await MULTIPART_BODIES[key]!.parts({
            user: intruder,
            garage: intrudersGarage,
          });
          const form = multipartBody(
            parts.map((part) =>
              part.name === field && !('data' in part)
                ? { ...part, value: String(idsOf(ownersGarage, resource)[0]) }
                : part,
            ),
          );
          const response = await app().inject({
            method: route.method as 'POST',
            url,
            headers: { ...as(intruder), 'content-type': form.contentType },
            payload: form.payload,
          });
          expectNotFound(response, `${route.method} ${url} ${field}`);
        }
      }
    }
    // The intruder's records stayed on the intruder's vehicle, with their own attachments.
    expect(await snapshotOf(app(), intruder, intrudersGarage)).toEqual(intrudersBefore);
    for (const type of RECORD_TYPES) {
      const response = await app().inject({
        method: 'GET',
        url: `/api/vehicles/${ownersGarage.vehicle}/${RECORD_KINDS[type].collection}`,
        headers: as(owner),
      });
      expect(response.json().map((record: { id: number }) => record.id)).toEqual([
        ownersGarage.records[type],
      ]);
    }
  });

  it('never serves the owner’s files to another user or a visitor', async () => {
    const missing = 'A'.repeat(43);
    for (const route of routes().filter((entry) => entry.url.startsWith('/uploads/'))) {
      for (const { url } of concreteUrls(route.url, () => ownersGarage)) {
        expectNotFound(await app().inject({ method: 'GET', url, headers: as(intruder) }), url);
        // A visitor gets the same 404, the answer to a file that does not exist.
        const visitor = await app().inject({ method: 'GET', url });
        const nobody = await app().inject({
          method: 'GET',
          url: url.replace(/\/uploads\/[^/]+/, `/uploads/${missing}`),
        });
        expectNotFound(visitor, `${url} signed out`);
        expect([visitor.statusCode, visitor.body], url).toEqual([nobody.statusCode, nobody.body]);
      }
    }
  });

  it('leaves everything the owner can read exactly as it was', async () => {
    const after = await snapshotOf(app(), owner, ownersGarage);
    expect(Object.keys(after).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
  });
});
