/**
 * Path ids are digits only, as the API description says: another spelling of the owner's own id
 * (hexadecimal, an exponent, a sign, a space, a decimal point) names nothing, on every route that
 * takes one, every method, and changes nothing.
 */
import { RECORD_TYPES, type RecordType } from '@contract/records';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { newUser } from '../test/factory';
import {
  as,
  buildGarage,
  type Garage,
  idsOf,
  mapPathParams,
  snapshotOf,
  UNKNOWN_SECRET,
  validPayload,
} from '../test/route-matrix';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let owner: SignedInUser;
let garage: Garage;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  owner = await newUser(testApp, { plan: 'premium' });
  garage = await buildGarage(testApp.app, owner);
});
afterAll(() => testApp?.close());

/** Ways to write a number that are not its digits, each as it appears in a path. */
const SPELLINGS: Record<string, (id: number) => string> = {
  hexadecimal: (id) => `0x${id.toString(16)}`,
  exponent: (id) => `${id}e0`,
  'plus sign': (id) => `+${id}`,
  'leading space': (id) => `%20${id}`,
  'trailing space': (id) => `${id}%20`,
  'decimal point': (id) => `${id}.0`,
};

/**
 * The route's URL with every numeric id of the owner's garage written by `spell` (the first
 * record kind for a `:type` segment); undefined for a route without numeric ids.
 */
function spelledUrl(url: string, spell: (id: number) => string, type: RecordType) {
  let result = url;
  let hasNumericId = false;
  for (const slot of mapPathParams(url)) {
    let value: string;
    if (slot.takes === 'recordType') value = type;
    else if (slot.takes === 'secret') value = UNKNOWN_SECRET;
    else if (slot.takes === 'file' || slot.takes === 'unsubscribeKey')
      value = String(idsOf(garage, slot.takes)[0]);
    else {
      const id =
        slot.takes === 'record:ofType' ? garage.records[type] : idsOf(garage, slot.takes)[0];
      value = spell(id as number);
      hasNumericId = true;
    }
    result = result.replace(`:${slot.name}`, value);
  }
  return hasNumericId ? result : undefined;
}

it('answers 400 or 404 to every other spelling of an id, on every route, and changes nothing', async () => {
  const before = await snapshotOf(testApp.app, owner, garage);
  let calls = 0;
  for (const route of testApp.app.routeTable) {
    for (const [name, spell] of Object.entries(SPELLINGS)) {
      const url = spelledUrl(route.url, spell, RECORD_TYPES[0]);
      if (!url) continue;
      const { payload, headers } = await validPayload(route, { user: owner, garage });
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url,
        payload,
        headers: { ...as(owner), ...headers },
      });
      const label = `${route.method} ${url} (${name})`;
      expect([400, 404], `${label}: ${response.body}`).toContain(response.statusCode);
      expect(Object.keys(response.json()), label).toContain('message');
      calls += 1;
    }
  }
  expect(calls).toBeGreaterThan(100);
  expect(await snapshotOf(testApp.app, owner, garage)).toEqual(before);
});

it('still takes the digits, leading zeros included', async () => {
  for (const url of [`/api/vehicles/${garage.vehicle}`, `/api/vehicles/00${garage.vehicle}`]) {
    const response = await testApp.app.inject({ method: 'GET', url, headers: as(owner) });
    expect(response.statusCode, url).toBe(200);
    expect(response.json().id).toBe(garage.vehicle);
  }
});
