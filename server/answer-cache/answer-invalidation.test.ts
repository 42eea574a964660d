/**
 * Decision 056, generated from the route table: every write of the API (POST, PUT, PATCH,
 * DELETE under /api), made by the user on a garage of their own, leaves their earlier tags
 * behind: the next read answers 200 with a new tag, never the 304 of what was read before. The
 * writes that change none of the user's data are listed with why, and their tag must stay, so the
 * list cannot lie; a new write route is held to one or the other the day it is added.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { createTestApp } from '../test/app';
import { type SignedInUser, sessionCookieFrom } from '../test/auth';
import { newUser } from '../test/factory';
import {
  as,
  buildGarage,
  concreteUrls,
  type Garage,
  routeKey,
  STATE_CHANGING,
  validPayload,
} from '../test/route-matrix';
import { makeJpeg, multipartBody } from '../test/upload-fixtures';

/**
 * Writes that change nothing of the caller's data, in this suite's server (no mail, no payment
 * settings), and why: a read after them is still answered by the tag taken before.
 */
const WRITES_THAT_CHANGE_NO_DATA: Record<string, string> = {
  'POST /api/logout': 'Ends a session: sessions are not data any read answers (decision 053).',
  'POST /api/register':
    'Opens another account (and ends the caller’s session): the caller’s data is untouched.',
  'POST /api/password-reset':
    'Asks for a link by e-mail: without mail it is refused before a link is stored.',
  'POST /api/password-reset/confirm': 'A link no one was sent: refused, nothing changes.',
  'POST /api/prepare-subscription':
    'Answers where to pay: with nothing for sale it is refused before anything is marked.',
  'POST /api/billing/webhook':
    'The payment provider’s notification: unsigned here, refused before it is read.',
  'POST /api/user/notifications/test':
    'Sends a test message: without mail the e-mail test is refused before a delivery is kept.',
  'POST /api/unsubscribe/:key':
    'An unsubscribe link no one holds: refused, nothing changes (its key is its own authority).',
};

/**
 * What a write needs to find first so that it has something to change: the garage's one photo is
 * its primary already, and it has no calendar link to turn off.
 */
const PREPARATIONS: Record<string, (garage: Garage) => Promise<InjectOptions>> = {
  // Another photo made the primary one, so that the garage's first can be made it again.
  'PUT /api/vehicle-images/:id/primary': async (garage) => {
    const form = multipartBody([
      { name: 'vehicleId', value: String(garage.vehicle) },
      { name: 'isPrimary', value: 'true' },
      { name: 'image', filename: 'side.jpg', contentType: 'image/jpeg', data: await makeJpeg() },
    ]);
    return {
      method: 'POST',
      url: '/api/vehicle-images',
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    };
  },
  'DELETE /api/user/calendar-token': async () => ({
    method: 'POST',
    url: '/api/user/calendar-token',
  }),
};

/** The read whose tag is taken before each write and checked after it. */
const READ = '/api/vehicles';

const testApp = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000', AUTH_MAX_FAILURES: '100000' });
const writesAtLoad = testApp.app.routeTable.filter(
  (route) => STATE_CHANGING.has(route.method) && route.url.startsWith('/api/'),
);

beforeAll(() => testApp.app.ready());
afterAll(() => testApp.close());

/** Another session of the user, signed in beside the one that writes. */
async function secondSession(user: SignedInUser): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return `gl_session=${sessionCookieFrom(response.headers['set-cookie'])}`;
}

const readAs = (cookie: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: READ, headers: { cookie, ...headers } });

describe('the list of writes that change no data', () => {
  it('names write routes that exist', () => {
    const keys = writesAtLoad.map(routeKey);
    for (const listed of Object.keys(WRITES_THAT_CHANGE_NO_DATA)) expect(keys).toContain(listed);
  });
});

describe('every write leaves the tags read before it behind', () => {
  for (const route of writesAtLoad) {
    const key = routeKey(route);
    const changesNothing = WRITES_THAT_CHANGE_NO_DATA[key] !== undefined;
    it(`${key}: ${changesNothing ? 'the tag stays' : 'the next read is new'}`, async () => {
      await expectWriteSeen(route, changesNothing);
    });
  }
});

async function expectWriteSeen(route: RouteEntry, changesNothing: boolean) {
  const user = await newUser(testApp, { plan: 'premium' });
  const garage = await buildGarage(testApp.app, user);
  const reader = await secondSession(user);
  const preparation = await PREPARATIONS[routeKey(route)]?.(garage);
  if (preparation) {
    const prepared = await testApp.app.inject({
      ...preparation,
      headers: { ...preparation.headers, ...as(user) },
    });
    expect(prepared.statusCode, prepared.body).toBeLessThan(300);
  }
  const before = await readAs(user.cookie);
  expect(before.statusCode).toBe(200);
  const etag = String(before.headers.etag);
  expect((await readAs(reader, { 'if-none-match': etag })).statusCode).toBe(304);

  const [{ url }] = concreteUrls(route.url, () => garage) as [{ url: string }];
  const { payload, headers } = await validPayload(route, { user, garage });
  const write = await testApp.app.inject({
    method: route.method as InjectOptions['method'],
    url,
    payload,
    headers: { ...as(user), ...headers },
  });
  const label = `${route.method} ${url} answered ${write.statusCode}: ${write.body.slice(0, 200)}`;

  // The writer's session, unless the write ended it (then the other one).
  let after = await readAs(user.cookie, { 'if-none-match': etag });
  if (after.statusCode === 401) after = await readAs(reader, { 'if-none-match': etag });
  if (changesNothing) {
    expect(after.statusCode, label).toBe(304);
    return;
  }
  expect(write.statusCode, label).toBeLessThan(300);
  // Deleting the account ends every session: nothing of it is answered any more.
  if (routeKey(route) === 'DELETE /api/user') {
    expect(after.statusCode, label).toBe(401);
    return;
  }
  expect(after.statusCode, label).toBe(200);
  expect(after.headers.etag, label).not.toBe(etag);
}
