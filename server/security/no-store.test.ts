/**
 * No `/api` answer may be kept by a browser's or a proxy's cache: they carry one user's data,
 * and a shared computer's back button or a caching proxy would show it to the next person.
 * Generated from the route table: every read with the owner's ids, and the error answers.
 * Stored files keep their own caching (private, their address never changes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { newUser } from '../test/factory';
import { as, buildGarage, concreteUrls, type Garage, routeKey } from '../test/route-matrix';

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

/** Sign-on redirects: they answer a redirect to the provider, not data. */
const REDIRECTS = new Set(['GET /api/login', 'GET /api/callback']);

it('marks every /api read no-store', async () => {
  let reads = 0;
  for (const route of testApp.app.routeTable) {
    if (route.method !== 'GET' || !route.url.startsWith('/api/')) continue;
    if (REDIRECTS.has(routeKey(route))) continue;
    for (const { url } of concreteUrls(route.url, () => garage)) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: as(owner) });
      expect(response.headers['cache-control'], `${url} (${response.statusCode})`).toBe('no-store');
      reads += 1;
    }
  }
  expect(reads).toBeGreaterThan(20);
});

it('marks every /api error and write no-store too', async () => {
  const answers = [
    await testApp.app.inject({ method: 'GET', url: '/api/user' }),
    await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    await testApp.app.inject({
      method: 'GET',
      url: `/api/vehicles/${garage.vehicle + 1000}`,
      headers: as(owner),
    }),
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/theme',
      headers: as(owner),
      payload: { theme: 'dark' },
    }),
  ];
  for (const response of answers) {
    expect(response.headers['cache-control'], `${response.statusCode} ${response.body}`).toBe(
      'no-store',
    );
  }
});

it('leaves the caching of stored files as it is', async () => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/uploads/${garage.pdfFile}`,
    headers: as(owner),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
});
