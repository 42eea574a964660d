/** D10: the whole single sign-on flow against a real in-process OpenID Connect provider. */
import { SSO_ERRORS } from '@contract/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { sessionCookieFrom } from '../../test/auth';
import { newUser } from '../../test/factory';
import { startOidcProvider } from '../../test/oidc-provider';

const PUBLIC_URL = 'http://localhost:3000';

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/api/callback` });
  testApp = await createTestApp({
    PUBLIC_URL,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: 'garage-ledger',
    OIDC_CLIENT_SECRET: 'garage-ledger-secret',
    OIDC_ACCOUNT_URL: `${provider.issuer}/account`,
  });
});

afterAll(async () => {
  await testApp?.close();
  await provider?.close();
});

/** GET /api/login, the provider's pages, then our callback: what a browser does. */
async function signInThroughProvider(tamper?: (callback: URL) => URL) {
  const start = await testApp.app.inject({ method: 'GET', url: '/api/login' });
  expect(start.statusCode).toBe(302);
  const stateCookie = String(start.headers['set-cookie']).match(/gl_oidc_state=([^;]+)/)?.[1];
  expect(stateCookie).toBeTruthy();
  const authorizationUrl = new URL(String(start.headers.location));
  expect(authorizationUrl.origin).toBe(provider.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/callback`);

  let callback = await provider.walkToCallback(authorizationUrl.href);
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/api/callback`);
  if (tamper) callback = tamper(callback);
  return testApp.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: `gl_oidc_state=${stateCookie}` },
  });
}

describe('single sign-on (D10)', () => {
  it('creates an externally managed user on first sign-in and finds it again by subject', async () => {
    provider.addAccount('sub-ada', {
      email: 'Ada@Provider.example',
      given_name: 'Ada',
      family_name: 'Lovelace',
      preferred_username: 'ada',
    });
    provider.signInAs('sub-ada');

    const first = await signInThroughProvider();
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/dashboard');
    const cookie = `gl_session=${sessionCookieFrom(first.headers['set-cookie'])}`;
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada@provider.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      authType: 'oidc',
    });
    expect(me.json().lastLoginAt).not.toBeNull();

    const [stored] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.json().id));
    expect(stored).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: 'sub-ada',
      passwordHash: null,
    });

    // The second sign-in finds the same user; no duplicate.
    const second = await signInThroughProvider();
    expect(second.headers.location).toBe('/dashboard');
    const count = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, 'sub-ada'));
    expect(count).toHaveLength(1);
  });

  it('makes the provider’s username unique (D35)', async () => {
    await newUser(testApp, { email: 'grace@local.example' });
    provider.addAccount('sub-grace', {
      email: 'grace@elsewhere.example',
      preferred_username: 'grace',
    });
    provider.signInAs('sub-grace');
    const response = await signInThroughProvider();
    const cookie = `gl_session=${sessionCookieFrom(response.headers['set-cookie'])}`;
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().username).toBe('grace2');
  });

  it('refuses to link to a local account by e-mail alone', async () => {
    const local = await newUser(testApp);
    provider.addAccount('sub-intruder', { email: local.email });
    provider.signInAs('sub-intruder');
    const response = await signInThroughProvider();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth?error=email_in_use');
    expect(response.headers['set-cookie']).not.toMatch(/gl_session=[^;]/);
    expect(SSO_ERRORS.email_in_use.description).toMatch(/already exists/);
  });

  it('lands on /auth with an error when the state was tampered with', async () => {
    provider.addAccount('sub-mallory', { email: 'mallory@provider.example' });
    provider.signInAs('sub-mallory');
    const response = await signInThroughProvider((callback) => {
      callback.searchParams.set('state', 'forged-state');
      return callback;
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth?error=sso_failed');
    expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/gl_session=[^;]/);
    const created = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, 'sub-mallory'));
    expect(created).toEqual([]);
  });

  it('refuses a callback without the browser’s state cookie', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/api/callback?code=abc&state=xyz',
    });
    expect(missing.headers.location).toBe('/auth?error=sso_failed');
  });

  it('refuses a replayed callback', async () => {
    provider.addAccount('sub-replay', { email: 'replay@provider.example' });
    provider.signInAs('sub-replay');
    const start = await testApp.app.inject({ method: 'GET', url: '/api/login' });
    const stateCookie = String(start.headers['set-cookie']).match(/gl_oidc_state=([^;]+)/)?.[1];
    const callback = await provider.walkToCallback(String(start.headers.location));
    const replay = {
      url: callback.pathname + callback.search,
      cookie: `gl_oidc_state=${stateCookie}`,
    };
    const once = await testApp.app.inject({
      method: 'GET',
      url: replay.url,
      headers: { cookie: replay.cookie },
    });
    expect(once.headers.location).toBe('/dashboard');
    const twice = await testApp.app.inject({
      method: 'GET',
      url: replay.url,
      headers: { cookie: replay.cookie },
    });
    expect(twice.headers.location).toBe('/auth?error=sso_failed');
  });

  it('lands on /auth with an error when the provider reports one', async () => {
    const start = await testApp.app.inject({ method: 'GET', url: '/api/login' });
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const stateCookie = String(start.headers['set-cookie']).match(/gl_oidc_state=([^;]+)/)?.[1];
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/callback?error=access_denied&state=${state}`,
      headers: { cookie: `gl_oidc_state=${stateCookie}` },
    });
    expect(response.headers.location).toBe('/auth?error=sso_failed');
  });

  it('shows the account page setting to the client', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json().oidcAccountUrl).toBe(`${provider.issuer}/account`);
  });
});

describe('without OIDC configured', () => {
  it('sends /api/login to /auth?error=sso_unavailable', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/login' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/auth?error=sso_unavailable');
    } finally {
      await plain.close();
    }
  });
});
