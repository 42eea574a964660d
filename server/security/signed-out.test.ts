/**
 * Signed out, generated from the route table: every `/api` route but the public few answers 401
 * with `{message}` (D11), before any validation, so a visitor learns nothing from the answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../test/app';
import { mapPathParams, routeKey, STATE_CHANGING } from '../test/route-matrix';

/** The routes a visitor may call, and why. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/site': 'the support address, shown on public pages (D2)',
  'POST /api/register': 'creating an account',
  'POST /api/login': 'signing in with a password',
  'POST /api/logout': 'answers 200 whoever calls it, so that signing out never fails',
  'GET /api/login': 'the start of the sign-on flow',
  'GET /api/callback': 'the end of the sign-on flow',
  'POST /api/billing/webhook': 'Stripe’s events, authenticated by their signature (D13)',
  'GET /api/openapi.json': 'the API description, for people who script their garage',
  'POST /api/password-reset': 'asking for a reset link: the same answer for every address',
  'POST /api/password-reset/confirm': 'setting a new password with a reset link’s token',
  'GET /api/unsubscribe/:key': 'the unsubscribe link of a message, opened from a mail client',
  'POST /api/unsubscribe/:key': 'RFC 8058 one-click unsubscribe, authorised by the link’s key',
};

/** D11's body of every 401. */
const NOT_SIGNED_IN = { message: 'Not signed in' };

const testApp = setUpTestApp();
beforeAll(() => testApp.app.ready());

/** A URL of the route with plausible ids: a record kind for `:type`, 1 for the rest. */
function sampleUrl(url: string) {
  let result = url;
  for (const slot of mapPathParams(url)) {
    result = result.replace(`:${slot.name}`, slot.takes === 'recordType' ? 'maintenance' : '1');
  }
  return result;
}

describe('signed out', () => {
  it('lists as public only routes that exist', () => {
    const keys = new Set(testApp.app.routeTable.map(routeKey));
    const unknown = Object.keys(PUBLIC_ROUTES).filter((key) => !keys.has(key));
    expect(unknown).toEqual([]);
  });

  it('answers 401 with {message} to every other /api route, before reading any input', async () => {
    const answers: string[] = [];
    let calls = 0;
    for (const route of testApp.app.routeTable) {
      if (!route.url.startsWith('/api/') || PUBLIC_ROUTES[routeKey(route)]) continue;
      const url = sampleUrl(route.url);
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url,
        // An empty JSON body: what a validation-first route would refuse with 400.
        ...(STATE_CHANGING.has(route.method) ? { payload: {} } : {}),
      });
      calls++;
      if (response.statusCode !== 401 || response.body !== JSON.stringify(NOT_SIGNED_IN)) {
        answers.push(`${route.method} ${url} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(answers).toEqual([]);
    expect(calls).toBeGreaterThan(50);
  });

  it('answers the same 401 to a session cookie the server does not know', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/vehicles',
      cookies: { gl_session: 'forged-or-expired-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_SIGNED_IN);
  });
});
