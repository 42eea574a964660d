/**
 * D6 and D5: no secret leaves the server. A whole session of calls (registration, sign-in, a
 * wrong password, every read of the route table, the export, the backup and a vehicle's
 * passport, an import's and a restore's preview, a password change, the sign-on flow, Stripe's
 * webhook, sign-out) runs on an app that logs at debug level into memory; no answer, header or
 * log line holds a password, an Argon2 hash, a session token (except in the Set-Cookie that hands
 * it over), the Stripe webhook secret or the sign-on client secret. The account's own secrets
 * (the ntfy token, the webhook's signing secret, the calendar link's token, the unsubscribe key)
 * appear only in the answers that show them to their owner: never in a file that takes the data
 * away, nor in the preview of restoring one.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { notificationSettings } from '../db/schema';
import { loggerOptions } from '../logger';
import { sessionCookieFrom } from '../test/auth';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { newUser } from '../test/factory';
import { startOidcProvider } from '../test/oidc-provider';
import { buildGarage, concreteUrls } from '../test/route-matrix';

const PUBLIC_URL = 'https://garage.example.com';
const WEBHOOK_SECRET = 'whsec_test_never_to_be_seen_0123456789';
/** The secret the test provider knows its client by. */
const CLIENT_SECRET = 'garage-ledger-secret';
const NEW_PASSWORD = 'the second secret password';
const NTFY_TOKEN = 'tk_ntfy_token_never_in_a_file_0123456789';
const WEBHOOK_SIGNING_SECRET = 'a webhook signing secret never in a file';

/** The answers that show the account's own secrets to their owner, on purpose. */
const SHOWS_ACCOUNT_SECRETS = new Set([
  'GET /api/user/notifications',
  'PATCH /api/user/notifications',
  'POST /api/user/calendar-token',
]);

let database: TestDatabase;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let app: FastifyInstance;
const logLines: string[] = [];
const answers: { label: string; response: LightMyRequestResponse }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/api/callback` });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...chunk.toString().trim().split('\n'));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENT_LINK_URL: 'https://buy.stripe.com/test_link',
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: 'garage-ledger',
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    // The ntfy and webhook addresses below are on loopback (decision 063).
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  });
  app = await buildApp({ config, db: database.db, logger: pino(loggerOptions('debug'), sink) });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await provider?.close();
  await database?.close();
});

/** Every answer of the session, kept for the search. */
async function call(options: InjectOptions) {
  const response = await app.inject(options);
  answers.push({ label: `${options.method} ${options.url}`, response });
  return response;
}

it('lets no password, hash, token or server secret into any answer or log line', async () => {
  // The garage is built with the app's own inject; its answers are searched like the rest.
  const user = await newUser({ app, database }, { plan: 'premium' });
  const headers = { cookie: user.cookie };
  // The account's secrets exist before the garage's backup is made and restored.
  const saved = await call({
    method: 'PATCH',
    url: '/api/user/notifications',
    headers,
    payload: {
      // Loopback only: nothing is sent anywhere by this test.
      ntfy: { url: 'http://127.0.0.1:9/garage-topic', token: NTFY_TOKEN },
      webhook: { url: 'http://127.0.0.1:9/hooks/garage', secret: WEBHOOK_SIGNING_SECRET },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const feed = await call({ method: 'POST', url: '/api/user/calendar-token', headers });
  expect(feed.statusCode, feed.body).toBe(201);
  const calendarToken = /\/calendar\/([^/]+)\.ics$/.exec(feed.json().url)![1]!;
  const [settings] = await database.db
    .select({ unsubscribeKey: notificationSettings.unsubscribeKey })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, user.id));
  const garage = await buildGarage({ inject: call } as unknown as FastifyInstance, user);
  const restorePreviews = answers.filter(
    ({ label, response }) => label === 'POST /api/user/restore' && response.statusCode === 201,
  );
  expect(restorePreviews, 'a restore preview among the answers searched').toHaveLength(1);
  await call({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: 'wrong!' },
  });
  const login = await call({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  const token = sessionCookieFrom(login.headers['set-cookie']);
  const tokens = [user.token, token];

  for (const route of app.routeTable) {
    if (route.method !== 'GET' || route.url === '/api/callback') continue;
    for (const { url } of concreteUrls(route.url, () => garage)) {
      await call({ method: 'GET', url, headers: { cookie: `gl_session=${token}` } });
    }
  }
  // The files that take the data away: the export, the backup and the passport (their JSON
  // entries are stored uncompressed, so the search reads them as written).
  for (const url of [
    '/api/user/export',
    '/api/user/backup',
    `/api/vehicles/${garage.vehicle}/passport`,
  ]) {
    expect((await call({ method: 'GET', url, headers })).statusCode, url).toBe(200);
  }
  await call({ method: 'POST', url: '/api/prepare-subscription', headers });

  const change = await call({
    method: 'PATCH',
    url: '/api/user/password',
    headers,
    payload: { currentPassword: user.password, newPassword: NEW_PASSWORD },
  });
  expect(change.statusCode).toBe(200);
  await call({
    method: 'PATCH',
    url: '/api/user/password',
    headers,
    payload: { currentPassword: user.password, newPassword: NEW_PASSWORD },
  });

  // The sign-on flow, whose token exchange sends the client secret to the provider.
  provider.addAccount('sub-secret', {
    email: 'sso@provider.example',
    given_name: 'Sso',
    family_name: 'User',
  });
  provider.signInAs('sub-secret');
  const start = await call({ method: 'GET', url: '/api/login' });
  const stateCookie = /gl_oidc_state=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1];
  const callback = await provider.walkToCallback(String(start.headers.location));
  const signedOn = await call({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: `gl_oidc_state=${stateCookie}` },
  });
  expect(signedOn.statusCode).toBe(302);
  tokens.push(sessionCookieFrom(signedOn.headers['set-cookie']));

  // Stripe's webhook, signed and forged.
  const event = JSON.stringify({
    id: 'evt_secret_test',
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_1', object: 'customer' } },
  });
  for (const signature of [
    Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
    't=1,v1=forged',
  ]) {
    await call({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: event,
    });
  }
  await call({ method: 'POST', url: '/api/logout', headers: { cookie: `gl_session=${token}` } });

  const secrets = {
    password: user.password,
    'new password': NEW_PASSWORD,
    'Argon2 hash': '$argon2',
    'webhook secret': WEBHOOK_SECRET,
    'client secret': CLIENT_SECRET,
  };
  const accountSecrets = {
    'ntfy token': NTFY_TOKEN,
    'webhook signing secret': WEBHOOK_SIGNING_SECRET,
    'calendar token': calendarToken,
    'unsubscribe key': settings!.unsubscribeKey,
  };
  const leaks: string[] = [];
  for (const { label, response } of answers) {
    const { 'set-cookie': setCookie, ...otherHeaders } = response.headers;
    const visible = `${JSON.stringify(otherHeaders)}\n${response.body}`;
    const withCookie = `${visible}\n${JSON.stringify(setCookie ?? '')}`;
    for (const [name, secret] of Object.entries(secrets)) {
      if (withCookie.includes(secret)) leaks.push(`${label}: ${name}`);
    }
    for (const sessionToken of tokens) {
      if (visible.includes(sessionToken)) leaks.push(`${label}: session token`);
    }
    if (SHOWS_ACCOUNT_SECRETS.has(label)) continue;
    for (const [name, secret] of Object.entries(accountSecrets)) {
      if (withCookie.includes(secret)) leaks.push(`${label}: ${name}`);
    }
  }
  const log = logLines.join('\n');
  for (const [name, secret] of Object.entries({ ...secrets, ...accountSecrets })) {
    if (log.includes(secret)) leaks.push(`log: ${name}`);
  }
  if (tokens.some((sessionToken) => log.includes(sessionToken))) leaks.push('log: session token');
  expect(leaks).toEqual([]);
  expect(answers.length).toBeGreaterThan(40);
  expect(logLines.length).toBeGreaterThan(answers.length);
});
