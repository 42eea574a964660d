/**
 * Sessions and sign-in (D5, D6, D7): the cookie's flags, a new session on every sign-in that
 * leaves the one before it useless, sign-out and password change ending sessions on the server,
 * every state-changing route refusing another site, and sign-in answers that do not tell an
 * unknown e-mail from a wrong password. D8's limits are tested in
 * `server/modules/accounts/sign-in-limits.test.ts` (small limits, and the defaults).
 */
import { ACCOUNT_MESSAGES } from '@contract/accounts';
import { COMMON_MESSAGES } from '@contract/common';
import { verify } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema';
import { createTestApp } from '../test/app';
import { type SignedInUser, sessionCookieFrom, uniqueEmail } from '../test/auth';
import { newUser } from '../test/factory';
import { startOidcProvider } from '../test/oidc-provider';
import {
  as,
  buildGarage,
  concreteUrls,
  ORIGIN_CHECK_EXEMPT,
  routeKey,
  STATE_CHANGING,
  snapshotOf,
  validPayload,
} from '../test/route-matrix';

// Argon2 as it is, watched: which sign-ins verify a password. Files share a worker's modules
// (vitest.config.ts), so the app is imported afresh here, after the mock is in place.
vi.hoisted(() => vi.resetModules());
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

const PUBLIC_URL = 'https://garage.example.com';

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const app = () => testApp.app;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/api/callback` });
  testApp = await createTestApp({
    PUBLIC_URL,
    AUTH_MAX_ATTEMPTS: '100000',
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: 'garage-ledger',
    OIDC_CLIENT_SECRET: 'garage-ledger-secret',
  });
  await app().ready();
});

afterAll(async () => {
  await testApp?.close();
  await provider?.close();
});

/** Single sign-on as a browser does it, sending `cookie` (a session it already has) along. */
async function signOn(cookie?: string) {
  const start = await app().inject({ method: 'GET', url: '/api/login' });
  const state = /gl_oidc_state=([^;]+)/.exec(String(start.headers['set-cookie']))![1]!;
  const callback = await provider.walkToCallback(String(start.headers.location));
  const url = callback.pathname + callback.search;
  const stateCookie = `gl_oidc_state=${state}`;
  const response = await app().inject({
    method: 'GET',
    url,
    headers: { cookie: cookie ? `${stateCookie}; ${cookie}` : stateCookie },
  });
  return {
    response,
    replay: () => app().inject({ method: 'GET', url, headers: { cookie: stateCookie } }),
  };
}

async function login(email: string, password: string, cookie?: string) {
  return app().inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function whoIs(token: string) {
  return app().inject({
    method: 'GET',
    url: '/api/user',
    headers: { cookie: `gl_session=${token}` },
  });
}

function cookieAttributes(setCookie: string | string[] | undefined) {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith('gl_session='));
  expect(header).toBeDefined();
  return header!
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

describe('the session cookie (D5)', () => {
  it('is HttpOnly, SameSite=Lax, Secure under https, for the whole site, for 30 days', async () => {
    const user = await newUser({ app: app() });
    const maxAge = testApp.config.sessionTtlDays * 24 * 60 * 60;
    for (const response of [
      await app().inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: uniqueEmail(),
          password: 'correct horse',
        },
      }),
      await login(user.email, user.password),
    ]) {
      const attributes = cookieAttributes(response.headers['set-cookie']);
      expect(attributes).toEqual(
        expect.arrayContaining([
          'httponly',
          'samesite=lax',
          'secure',
          'path=/',
          `max-age=${maxAge}`,
        ]),
      );
    }
    expect(testApp.config.sessionTtlDays).toBe(30);
  });

  it('is not marked Secure when the site is served over plain http', async () => {
    const plain = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          firstName: 'Plain',
          lastName: 'Http',
          email: uniqueEmail(),
          password: 'correct horse',
        },
      });
      const attributes = cookieAttributes(response.headers['set-cookie']);
      expect(attributes).toContain('httponly');
      expect(attributes).not.toContain('secure');
    } finally {
      await plain.close();
    }
  });

  it('is cleared on sign-out', async () => {
    const user = await newUser({ app: app() });
    const response = await app().inject({ method: 'POST', url: '/api/logout', headers: as(user) });
    const attributes = cookieAttributes(response.headers['set-cookie']);
    expect(
      attributes.some(
        (part) => part === 'max-age=0' || part.startsWith('expires=thu, 01 jan 1970'),
      ),
    ).toBe(true);
  });
});

describe('sessions end on the server', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await newUser({ app: app() });
  });

  it('starts a new session on sign-in, and the cookie sent with it is useless afterwards', async () => {
    const before = user.token;
    const response = await login(user.email, user.password, user.cookie);
    expect(response.statusCode).toBe(200);
    const after = sessionCookieFrom(response.headers['set-cookie']);
    expect(after).not.toBe(before);
    expect((await whoIs(before)).statusCode).toBe(401);
    expect((await whoIs(after)).json()).toMatchObject({ id: user.id });
    user.token = after;
    user.cookie = `gl_session=${after}`;
  });

  it('never lets a cookie planted before sign-in (session fixation) reach the account', async () => {
    const planter = await newUser({ app: app() });
    const response = await login(user.email, user.password, planter.cookie);
    const fresh = sessionCookieFrom(response.headers['set-cookie']);
    expect(fresh).not.toBe(planter.token);
    const planted = await whoIs(planter.token);
    expect(planted.statusCode).toBe(401);
    expect((await whoIs(fresh)).json()).toMatchObject({ id: user.id });
  });

  it('starts a new session on single sign-on too, ending the one the browser sent', async () => {
    provider.addAccount('sub-rotation', {
      email: 'rotation@provider.example',
      given_name: 'Rota',
      family_name: 'Tion',
    });
    provider.signInAs('sub-rotation');
    const first = await signOn();
    expect(first.response.headers.location).toBe('/dashboard');
    const before = sessionCookieFrom(first.response.headers['set-cookie']);
    const second = await signOn(`gl_session=${before}`);
    expect(second.response.headers.location).toBe('/dashboard');
    const after = sessionCookieFrom(second.response.headers['set-cookie']);
    expect(after).not.toBe(before);
    expect((await whoIs(after)).statusCode).toBe(200);
    expect((await whoIs(before)).statusCode).toBe(401);
    // The sign-on's own pre-login cookie is spent: replaying the callback signs nobody in.
    const replayed = await second.replay();
    expect(replayed.headers.location).toMatch(/^\/auth\?error=/);
    expect(String(replayed.headers['set-cookie'] ?? '')).not.toContain('gl_session=');
  });

  it('ends the session on sign-out: the old cookie answers 401', async () => {
    const response = await login(user.email, user.password);
    const token = sessionCookieFrom(response.headers['set-cookie']);
    const logout = await app().inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `gl_session=${token}` },
    });
    expect(logout.statusCode).toBe(200);
    const replayed = await whoIs(token);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: 'Not signed in' });
  });

  it('ends every other session on a password change, and the old password with them', async () => {
    const owner = await newUser({ app: app() });
    const other = sessionCookieFrom(
      (await login(owner.email, owner.password)).headers['set-cookie'],
    );
    const change = await app().inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: as(owner),
      payload: { currentPassword: owner.password, newPassword: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await whoIs(other)).statusCode).toBe(401);
    expect((await whoIs(owner.token)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);
  });
});

describe('cross-site requests (D7)', () => {
  it('refuses every state-changing route called from another origin with 403, changing nothing', async () => {
    const owner = await newUser(testApp, { plan: 'premium' });
    const garage = await buildGarage(app(), owner);
    const before = await snapshotOf(app(), owner, garage);
    const [usersBefore] = await testApp.database.db.select({ n: count() }).from(users);
    const answers: string[] = [];
    let calls = 0;
    for (const route of app().routeTable) {
      if (!STATE_CHANGING.has(route.method) || ORIGIN_CHECK_EXEMPT.has(routeKey(route))) continue;
      for (const { url } of concreteUrls(route.url, () => garage)) {
        const { payload, headers } = await validPayload(route, { user: owner, garage });
        const response = await app().inject({
          method: route.method as 'POST',
          url,
          headers: { ...as(owner), ...headers, origin: 'https://evil.example' },
          payload,
        });
        calls++;
        if (
          response.statusCode !== 403 ||
          response.json().message !== COMMON_MESSAGES.crossOrigin
        ) {
          answers.push(`${routeKey(route)} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(calls).toBeGreaterThan(40);
    expect(await snapshotOf(app(), owner, garage)).toEqual(before);
    const [usersAfter] = await testApp.database.db.select({ n: count() }).from(users);
    expect(usersAfter).toEqual(usersBefore);
  });
});

describe('no account enumeration', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await newUser({ app: app() });
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const unknown = await login(uniqueEmail('nobody'), 'correct horse');
    const wrong = await login(user.email, 'not the password');
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidCredentials });
  });

  it('verifies one Argon2 hash for an unknown e-mail too, so both take the same work', async () => {
    const verifications = vi.mocked(verify);
    // The decoy hash is made once; after that an unknown e-mail costs one verification.
    await login(uniqueEmail('nobody'), 'warm up');
    verifications.mockClear();
    await login(uniqueEmail('nobody'), 'correct horse');
    expect(verifications).toHaveBeenCalledTimes(1);
    expect(verifications.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    verifications.mockClear();
    await login(user.email, 'not the password');
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('takes about as long for an unknown e-mail as for a wrong password (medians, within 10×)', async () => {
    const median = async (attempt: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await attempt();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const unknownMs = await median(() => login(uniqueEmail('nobody'), 'correct horse'));
    const wrongMs = await median(() => login(user.email, 'not the password'));
    // Argon2 dominates both; skipping it would make one side ~50× faster. The bound is loose
    // on purpose: the machine is shared and this must never flake.
    expect(unknownMs / wrongMs).toBeGreaterThan(0.1);
    expect(unknownMs / wrongMs).toBeLessThan(10);
  });
});
