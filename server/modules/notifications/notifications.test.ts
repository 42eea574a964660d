/**
 * The notification calls of decision 054 on a real database, with a real SMTP server and real
 * HTTP receivers on loopback: the settings (defaults without a row, the round trip, each refusal,
 * another user's), 'Send a test' through e-mail, ntfy and a signed webhook, a receiver's failure
 * answered 502 and listed, the limit on tests, and the one-click unsubscribe, which stops e-mail
 * alone. The receivers are on loopback, so the main app allows private addresses
 * (ALLOW_PRIVATE_WEBHOOKS=true); a second one keeps the default and refuses them, at saving and at
 * sending, in every spelling (decision 063).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMMON_MESSAGES } from '@contract/common';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_MESSAGES,
  TEST_SENDS_PER_HOUR,
  UNSUBSCRIBE_TEXTS,
} from '@contract/notifications';
import { notificationSettingsSchema } from '@contract/schemas/notifications';
import { UNIT_MESSAGES } from '@contract/units';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationDeliveries, notificationSettings, rateLimits } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { type Receiver, startReceiver } from '../../test/http-receiver';
import { type CapturedMail, type MailCapture, startMailCapture } from '../../test/mail-capture';
import { createMessageDelivery, DeliveryError } from './channels';
import { composeTestMessage } from './messages';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let capture: MailCapture;
let receiver: Receiver;
let testApp: TestApp;
let withoutMail: TestApp;
/** A server as shipped: ntfy and webhooks reach public addresses only. */
let publicOnly: TestApp;

beforeAll(async () => {
  capture = await startMailCapture();
  receiver = await startReceiver();
  testApp = await createTestApp({
    SMTP_URL: capture.url,
    PUBLIC_URL: 'https://garage.example.org',
    AUTH_MAX_ATTEMPTS: '100000',
    // The receivers of these tests listen on loopback.
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  });
  withoutMail = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000' });
  publicOnly = await createTestApp({
    AUTH_MAX_ATTEMPTS: '100000',
    ALLOW_PRIVATE_WEBHOOKS: 'false',
  });
});

afterAll(async () => {
  await testApp?.close();
  await withoutMail?.close();
  await publicOnly?.close();
  await capture?.close();
  await receiver?.close();
});

beforeEach(() => {
  capture.clear();
  receiver.received.length = 0;
  receiver.answer(200);
});

const as = (user: SignedInUser) => ({ cookie: user.cookie });

/** A raw header line of a captured mail, unfolded (RFC 5322 §2.2.3). */
const headerLine = (mail: CapturedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n(?=[ \t])/g, '');

function inject(app: TestApp, options: InjectOptions) {
  return app.app.inject(options);
}

async function readSettings(user: SignedInUser, app = testApp) {
  const response = await inject(app, {
    method: 'GET',
    url: '/api/user/notifications',
    headers: as(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return notificationSettingsSchema.parse(response.json());
}

function patchSettings(user: SignedInUser, payload: Record<string, unknown>, app = testApp) {
  return inject(app, {
    method: 'PATCH',
    url: '/api/user/notifications',
    headers: as(user),
    payload,
  });
}

async function saveSettings(user: SignedInUser, payload: Record<string, unknown>, app = testApp) {
  const response = await patchSettings(user, payload, app);
  expect(response.statusCode, response.body).toBe(200);
  return notificationSettingsSchema.parse(response.json());
}

function sendTest(user: SignedInUser, channel: string, app = testApp) {
  return inject(app, {
    method: 'POST',
    url: '/api/user/notifications/test',
    headers: as(user),
    payload: { channel },
  });
}

async function settingsRow(userId: number, app = testApp) {
  const [row] = await app.database.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

describe('the notification settings', () => {
  it('answer the defaults, the account’s address and whether mail is sent, before any save', async () => {
    const user = await newUser(testApp);
    const settings = await readSettings(user);
    expect(settings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      // Decision 066: the user's preference, answered read-only here; UTC until they choose.
      timeZone: 'UTC',
      isSaved: false,
      emailAddress: user.email,
      emailAvailable: true,
      deliveries: [],
    });
    expect(await settingsRow(user.id)).toBeUndefined();

    const elsewhere = await newUser(withoutMail);
    expect((await readSettings(elsewhere, withoutMail)).emailAvailable).toBe(false);
  });

  it('are saved in part, kept between saves, and made with a random unsubscribe key', async () => {
    const user = await newUser(testApp);
    const first = await saveSettings(user, {
      email: { enabled: true },
      ntfy: { url: 'https://ntfy.sh/garage-ada', token: 'tk_secret' },
      events: { weeklyDigest: true, overdue: false },
      dueSoonDays: 30,
      dueSoonDistance: 1000,
    });
    expect(first).toMatchObject({
      email: { enabled: true },
      ntfy: { url: 'https://ntfy.sh/garage-ada', token: 'tk_secret' },
      webhook: { url: null, secret: null },
      events: { dueSoon: true, overdue: false, weeklyDigest: true },
      dueSoonDays: 30,
      dueSoonDistance: 1000,
      timeZone: 'UTC',
      isSaved: true,
    });
    const row = await settingsRow(user.id);
    expect(row!.unsubscribeKey).toMatch(/^[0-9a-f]{64}$/);

    // A later save changes only what it sends; the key stays.
    const second = await saveSettings(user, { dueSoonDays: 7 });
    expect(second).toMatchObject({ ...first, dueSoonDays: 7, deliveries: [] });
    expect((await settingsRow(user.id))!.unsubscribeKey).toBe(row!.unsubscribeKey);
    expect(await readSettings(user)).toEqual(second);

    // Clearing the topic clears its token.
    const cleared = await saveSettings(user, { ntfy: { url: '' } });
    expect(cleared.ntfy).toEqual({ url: null, token: null });
  });

  it('answer the user’s time zone read-only: one sent is checked, then ignored (decision 066)', async () => {
    const user = await newUser(testApp);
    const preferences = await inject(testApp, {
      method: 'PATCH',
      url: '/api/user/preferences',
      headers: as(user),
      payload: { timeZone: 'Pacific/Auckland' },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    expect((await readSettings(user)).timeZone).toBe('Pacific/Auckland');

    // An older client still sends the browser's zone with its first save: the save goes through,
    // and the preference stays as the user chose it.
    const saved = await saveSettings(user, { dueSoonDays: 10, timeZone: 'Europe/Paris' });
    expect(saved).toMatchObject({ dueSoonDays: 10, timeZone: 'Pacific/Auckland', isSaved: true });
    const after = await inject(testApp, {
      method: 'GET',
      url: '/api/user/preferences',
      headers: as(user),
    });
    expect(after.json()).toMatchObject({ timeZone: 'Pacific/Auckland' });
  });

  it('give a webhook saved without a secret a random one, and keep one given', async () => {
    const user = await newUser(testApp);
    const made = await saveSettings(user, { webhook: { url: 'https://hooks.example.net/garage' } });
    expect(made.webhook.secret).toMatch(/^[0-9a-f]{64}$/);
    const moved = await saveSettings(user, { webhook: { url: 'https://hooks.example.net/other' } });
    expect(moved.webhook.secret).toBe(made.webhook.secret);
    const chosen = await saveSettings(user, { webhook: { secret: 'a secret of my own choosing' } });
    expect(chosen.webhook).toEqual({
      url: 'https://hooks.example.net/other',
      secret: 'a secret of my own choosing',
    });
  });

  it.each([
    [{ ntfy: { url: 'ftp://ntfy.example.net/topic' } }, 'ntfy.url', NOTIFICATION_MESSAGES.httpUrl],
    [{ webhook: { url: 'not a url' } }, 'webhook.url', NOTIFICATION_MESSAGES.httpUrl],
    [{ webhook: { url: 'javascript:alert(1)' } }, 'webhook.url', NOTIFICATION_MESSAGES.httpUrl],
    [
      { ntfy: { url: `https://ntfy.sh/${'a'.repeat(2000)}` } },
      'ntfy.url',
      NOTIFICATION_MESSAGES.urlTooLong,
    ],
    [
      { webhook: { url: 'https://hooks.example.net/x', secret: 'short' } },
      'webhook.secret',
      NOTIFICATION_MESSAGES.secretLength,
    ],
    [{ dueSoonDays: 0 }, 'dueSoonDays', NOTIFICATION_MESSAGES.dueSoonDays],
    [{ dueSoonDays: 91 }, 'dueSoonDays', NOTIFICATION_MESSAGES.dueSoonDays],
    [{ dueSoonDays: 2.5 }, 'dueSoonDays', NOTIFICATION_MESSAGES.dueSoonDays],
    [{ dueSoonDistance: -1 }, 'dueSoonDistance', NOTIFICATION_MESSAGES.dueSoonDistance],
    [{ dueSoonDistance: 10_001 }, 'dueSoonDistance', NOTIFICATION_MESSAGES.dueSoonDistance],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', UNIT_MESSAGES.timeZone],
    [{ events: { dueSoon: 'yes' } }, 'events.dueSoon', 'events.dueSoon must be true or false'],
  ])('refuse %j with a message on the field', async (payload, field, message) => {
    const user = await newUser(testApp);
    const response = await patchSettings(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect(await settingsRow(user.id)).toBeUndefined();
  });

  it('refuse a token or a webhook over plain http to another machine, not to this one', async () => {
    const user = await newUser(testApp);
    const tokenOverHttp = await patchSettings(user, {
      ntfy: { url: 'http://192.168.1.20/garage', token: 'tk_secret' },
    });
    expect(tokenOverHttp.statusCode).toBe(400);
    expect(tokenOverHttp.json().message).toBe(NOTIFICATION_MESSAGES.ntfyTokenOverHttp);
    // A token added later to a topic saved over http is refused as well.
    await saveSettings(user, { ntfy: { url: 'http://192.168.1.20/garage' } });
    const tokenLater = await patchSettings(user, { ntfy: { token: 'tk_secret' } });
    expect(tokenLater.statusCode).toBe(400);
    expect((await readSettings(user)).ntfy).toEqual({
      url: 'http://192.168.1.20/garage',
      token: null,
    });

    const webhookOverHttp = await patchSettings(user, {
      webhook: { url: 'http://hooks.example.net/garage' },
    });
    expect(webhookOverHttp.statusCode).toBe(400);
    expect(webhookOverHttp.json()).toEqual({
      message: NOTIFICATION_MESSAGES.webhookOverHttp,
      errors: { 'webhook.url': NOTIFICATION_MESSAGES.webhookOverHttp },
    });

    const loopback = await saveSettings(user, {
      ntfy: { url: 'http://localhost:8080/garage', token: 'tk_secret' },
      webhook: { url: 'http://127.0.0.1:8123/api/webhook/garage' },
    });
    expect(loopback.ntfy.token).toBe('tk_secret');
    expect(loopback.webhook.url).toBe('http://127.0.0.1:8123/api/webhook/garage');
  });

  it('refuse e-mail with 409 on a server that sends no mail', async () => {
    const user = await newUser(withoutMail);
    const response = await patchSettings(user, { email: { enabled: true } }, withoutMail);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(NOTIFICATION_MESSAGES.mailUnavailable);
    expect((await readSettings(user, withoutMail)).email.enabled).toBe(false);
  });

  it('are nobody else’s to read or change, and need a session', async () => {
    const owner = await newUser(testApp);
    const other = await newUser(testApp);
    await saveSettings(owner, { ntfy: { url: 'https://ntfy.sh/owner-topic', token: 'tk_owner' } });
    const seen = await readSettings(other);
    expect(seen.ntfy).toEqual({ url: null, token: null });
    await saveSettings(other, { ntfy: { url: 'https://ntfy.sh/other-topic' } });
    expect((await readSettings(owner)).ntfy).toEqual({
      url: 'https://ntfy.sh/owner-topic',
      token: 'tk_owner',
    });

    for (const request of [
      { method: 'GET' as const, url: '/api/user/notifications' },
      { method: 'PATCH' as const, url: '/api/user/notifications', payload: { dueSoonDays: 3 } },
      {
        method: 'POST' as const,
        url: '/api/user/notifications/test',
        payload: { channel: 'ntfy' },
      },
    ]) {
      const response = await inject(testApp, request);
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('on a server that sends to public addresses only (the default)', () => {
  const refused = {
    message: NOTIFICATION_MESSAGES.privateAddress,
  };

  it.each([
    'http://127.0.0.1:8080/garage',
    'http://127.1/garage',
    'http://0x7f000001/garage',
    'http://2130706433/garage',
    'http://017700000001/garage',
    'http://0177.0.0.1/garage',
    'http://[::1]:8080/garage',
    'http://[::ffff:127.0.0.1]/garage',
    // A name that resolves to loopback.
    'http://localhost:8080/garage',
    'https://10.0.0.5/garage',
    'https://172.16.0.1/garage',
    'https://192.168.1.20/garage',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fe80::1]/garage',
    'https://[fd00::1]/garage',
    'https://100.64.0.1/garage',
    'http://0.0.0.0/garage',
    'https://[::]/garage',
    'https://224.0.0.1/garage',
    'https://255.255.255.255/garage',
    'https://[::ffff:10.0.0.1]/garage',
    'https://[::ffff:169.254.169.254]/garage',
  ])('refuses %s for ntfy and the webhook, saving nothing', async (url) => {
    const user = await newUser(publicOnly);
    for (const [channel, field] of [
      ['ntfy', 'ntfy.url'],
      ['webhook', 'webhook.url'],
    ] as const) {
      const response = await patchSettings(user, { [channel]: { url } }, publicOnly);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ...refused, errors: { [field]: refused.message } });
    }
    expect(await settingsRow(user.id, publicOnly)).toBeUndefined();
  });

  it('saves a public address, and a name that does not resolve now (judged again at each send)', async () => {
    const user = await newUser(publicOnly);
    const saved = await saveSettings(
      user,
      {
        ntfy: { url: 'https://1.1.1.1/garage-topic' },
        webhook: { url: 'https://hooks.garage-ledger.invalid/garage' },
      },
      publicOnly,
    );
    expect(saved.ntfy.url).toBe('https://1.1.1.1/garage-topic');
    expect(saved.webhook.url).toBe('https://hooks.garage-ledger.invalid/garage');
    // A later save of something else is not held up by them.
    expect((await saveSettings(user, { dueSoonDays: 3 }, publicOnly)).dueSoonDays).toBe(3);
  });

  it('refuses to send a test to a private address saved before, by number or by name', async () => {
    const user = await newUser(publicOnly);
    await saveSettings(user, { dueSoonDays: 3 }, publicOnly);
    const port = new URL(receiver.url).port;
    // As a restored backup or a server that allowed private addresses then would have left it.
    await publicOnly.database.db
      .update(notificationSettings)
      .set({
        ntfyUrl: `http://localhost:${port}/garage`,
        webhookUrl: `${receiver.url}/hook`,
        webhookSecret: 'a secret of sixteen characters or more',
      })
      .where(eq(notificationSettings.userId, user.id));
    const ntfy = await sendTest(user, 'ntfy', publicOnly);
    expect(ntfy.statusCode).toBe(502);
    expect(ntfy.json().message).toBe(
      `The ntfy server was not called. ${NOTIFICATION_MESSAGES.privateAddress}`,
    );
    const webhook = await sendTest(user, 'webhook', publicOnly);
    expect(webhook.statusCode).toBe(502);
    expect(webhook.json().message).toBe(
      `The webhook was not called. ${NOTIFICATION_MESSAGES.privateAddress}`,
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses it for the reminders too: the one delivery they and the tests share', async () => {
    const user = await newUser(publicOnly);
    await saveSettings(user, { dueSoonDays: 3 }, publicOnly);
    const row = await settingsRow(user.id, publicOnly);
    const deliver = createMessageDelivery({
      mailer: undefined,
      publicUrl: 'https://garage.example.org',
      allowPrivateAddresses: false,
    });
    const attempt = deliver({
      channel: 'webhook',
      settings: { ...row!, webhookUrl: `${receiver.url}/hook`, webhookSecret: 'x'.repeat(32) },
      user: { email: 'ada@example.com' },
      message: composeTestMessage('webhook', { link: 'https://garage.example.org/account' }),
    });
    await expect(attempt).rejects.toEqual(
      new DeliveryError(`The webhook was not called. ${NOTIFICATION_MESSAGES.privateAddress}`),
    );
    expect(receiver.received).toHaveLength(0);
  });
});

describe('Send a test', () => {
  it('e-mails the account’s address with a text part and one-click unsubscribe headers', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { email: { enabled: true } });
    const response = await sendTest(user, 'email');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(`A test e-mail was sent to ${user.email}.`);

    const [mail] = await capture.waitFor(1);
    expect(mail!.envelopeTo).toEqual([user.email]);
    expect(mail!.subject).toBe('Test message from Garage Ledger');
    expect(mail!.text).toContain('This is a test of your e-mail reminders from Garage Ledger.');
    expect(mail!.text).toContain('https://garage.example.org/account');
    expect(mail!.html).toContain('Stop these e-mails');
    const key = (await settingsRow(user.id))!.unsubscribeKey;
    const header = (name: string) => headerLine(mail!, name);
    expect(header('list-unsubscribe')).toContain(
      `<https://garage.example.org/api/unsubscribe/${key}?channel=email>`,
    );
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );

    const [delivery] = (await readSettings(user)).deliveries;
    expect(delivery).toMatchObject({
      channel: 'email',
      kind: 'test',
      subject: 'Test message from Garage Ledger',
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(delivery!.sentAt).not.toBeNull();
  });

  it('posts to the ntfy topic with its title, link, tags, priority and token', async () => {
    const user = await newUser(testApp);
    const topic = `${receiver.url}/garage-ada`;
    await saveSettings(user, { ntfy: { url: topic, token: 'tk_ada' } });
    const response = await sendTest(user, 'ntfy');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(`A test message was sent to the ntfy topic ${topic}.`);

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.url).toBe('/garage-ada');
    expect(request!.headers).toMatchObject({
      title: 'Test message from Garage Ledger',
      click: 'https://garage.example.org/account',
      tags: 'white_check_mark',
      priority: 'default',
      authorization: 'Bearer tk_ada',
    });
    expect(request!.body).toContain('This is a test of your ntfy reminders from Garage Ledger.');
  });

  it('calls the webhook with JSON signed by the secret the settings show', async () => {
    const user = await newUser(testApp);
    const saved = await saveSettings(user, { webhook: { url: `${receiver.url}/hooks/garage` } });
    const before = Math.floor(Date.now() / 1000);
    const response = await sendTest(user, 'webhook');
    expect(response.statusCode, response.body).toBe(200);

    const [request] = receiver.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['garage-ledger-event']).toBe('test');
    const signature = String(request!.headers['garage-ledger-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(Number(t)).toBeGreaterThanOrEqual(before);
    // As docs/notifications.md tells a receiver to check it.
    const expected = crypto
      .createHmac('sha256', saved.webhook.secret!)
      .update(`${t}.${request!.body}`)
      .digest('hex');
    expect(crypto.timingSafeEqual(Buffer.from(v1!), Buffer.from(expected))).toBe(true);
    const payload = JSON.parse(request!.body);
    expect(payload).toEqual({
      event: 'test',
      subject: 'Test message from Garage Ledger',
      text: expect.stringContaining('This is a test of your webhook reminders'),
      link: 'https://garage.example.org/account',
      sentAt: expect.any(String),
    });
  });

  it('answers 502 with the receiver’s status, never its body, and lists the failure', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { ntfy: { url: `${receiver.url}/garage` } });
    receiver.answer(500);
    const response = await sendTest(user, 'ntfy');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'The ntfy server answered 500 Internal Server Error',
    });
    receiver.answer(401);
    expect((await sendTest(user, 'ntfy')).json().message).toBe(
      'The ntfy server answered 401 Unauthorized',
    );

    const { deliveries } = await readSettings(user);
    expect(deliveries.map((delivery) => [delivery.status, delivery.lastError])).toEqual([
      ['failed', 'The ntfy server answered 401 Unauthorized'],
      ['failed', 'The ntfy server answered 500 Internal Server Error'],
    ]);
    expect(JSON.stringify(deliveries)).not.toContain('internal details');
  });

  it('does not follow a redirect', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { webhook: { url: `${receiver.url}/moved` } });
    receiver.answer(302);
    expect((await sendTest(user, 'webhook')).json().message).toBe('The webhook answered 302 Found');
    expect(receiver.received).toHaveLength(1);
  });

  it('says the same of a closed port and of a receiver that never answers: it could not be reached', async () => {
    const user = await newUser(testApp);
    // A port nothing listens on: bound, then closed.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port: closedPort } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // A receiver that takes the request and never answers (until the server gives up).
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port: silentPort } = silent.address() as AddressInfo;
    try {
      const answers = [];
      for (const port of [closedPort, silentPort]) {
        await saveSettings(user, { webhook: { url: `http://127.0.0.1:${port}/hook` } });
        answers.push(await sendTest(user, 'webhook'));
      }
      const unreachable =
        'The webhook could not be reached. Check the address, and that it is online.';
      expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
        [502, { message: unreachable }],
        [502, { message: unreachable }],
      ]);
      expect((await readSettings(user)).deliveries.map((delivery) => delivery.lastError)).toEqual([
        unreachable,
        unreachable,
      ]);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('answers 502 when the mail server refuses the message', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { email: { enabled: true } });
    capture.refuse(true);
    try {
      const response = await sendTest(user, 'email');
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^The mail server did not accept the message: 550/);
    } finally {
      capture.refuse(false);
    }
  });

  it('answers 409 for a channel not set up, and 400 for no channel at all', async () => {
    const user = await newUser(testApp);
    for (const channel of ['email', 'ntfy', 'webhook'] as const) {
      const response = await sendTest(user, channel);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(NOTIFICATION_MESSAGES.channelNotSetUp[channel]);
    }
    const elsewhere = await newUser(withoutMail);
    const noMail = await sendTest(elsewhere, 'email', withoutMail);
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().message).toBe(NOTIFICATION_MESSAGES.mailUnavailable);

    const unknown = await sendTest(user, 'pigeon');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      channel: 'channel must be one of email, ntfy, webhook',
    });
    expect((await readSettings(user)).deliveries).toEqual([]);
  });

  it(`allows ${TEST_SENDS_PER_HOUR} tests an hour, then answers 429 with Retry-After`, async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { ntfy: { url: `${receiver.url}/garage` } });
    for (let sent = 0; sent < TEST_SENDS_PER_HOUR; sent += 1) {
      expect((await sendTest(user, 'ntfy')).statusCode).toBe(200);
    }
    const refused = await sendTest(user, 'ntfy');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().message).toBe(NOTIFICATION_MESSAGES.tooManyTests(60));
    expect(receiver.received).toHaveLength(TEST_SENDS_PER_HOUR);
    await testApp.database.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, `notification-tests:${user.id}`));
  });
});

describe('the unsubscribe link', () => {
  async function subscribedUser() {
    const user = await newUser(testApp);
    await saveSettings(user, {
      email: { enabled: true },
      ntfy: { url: 'https://ntfy.sh/garage-topic', token: 'tk_garage' },
      webhook: { url: 'https://hooks.example.net/garage' },
      events: { weeklyDigest: true },
      dueSoonDays: 21,
    });
    return { user, key: (await settingsRow(user.id))!.unsubscribeKey };
  }

  it('turns e-mail off and nothing else: ntfy, the webhook and the other settings stay', async () => {
    const { user, key } = await subscribedUser();
    const before = await readSettings(user);
    expect(before.ntfy.url).not.toBeNull();
    expect(before.webhook.url).not.toBeNull();
    const response = await inject(testApp, {
      method: 'POST',
      url: `/api/unsubscribe/${key}?channel=email`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readSettings(user)).toEqual({ ...before, email: { enabled: false } });
  });

  it('is the e-mail’s: naming another channel, it stops nothing (404)', async () => {
    const { user, key } = await subscribedUser();
    const before = await readSettings(user);
    for (const channel of ['ntfy', 'webhook']) {
      for (const [contentType, payload] of [
        ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
        ['application/json', JSON.stringify({ 'List-Unsubscribe': 'One-Click' })],
      ] as const) {
        const response = await inject(testApp, {
          method: 'POST',
          url: `/api/unsubscribe/${key}?channel=${channel}`,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(NOTIFICATION_MESSAGES.unsubscribeNotFound);
      }
    }
    expect(await readSettings(user)).toEqual(before);
  });

  it('turns e-mail off in one click, form-encoded, without a session, from a mail provider', async () => {
    const { user, key } = await subscribedUser();
    const response = await inject(testApp, {
      method: 'POST',
      url: `/api/unsubscribe/${key}?channel=email`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // The origin check lets this call through on purpose (server/plugins/security.ts).
        origin: 'https://mail.provider.example',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(UNSUBSCRIBE_TEXTS.email.done);
    const settings = await readSettings(user);
    expect(settings.email.enabled).toBe(false);
    // The other channels stay as they were.
    expect(settings.ntfy).toEqual({ url: 'https://ntfy.sh/garage-topic', token: 'tk_garage' });
    expect(settings.webhook.url).toBe('https://hooks.example.net/garage');
  });

  it('keeps the origin check on every other write', async () => {
    const user = await newUser(testApp);
    const response = await inject(testApp, {
      method: 'PATCH',
      url: '/api/user/notifications',
      headers: { ...as(user), origin: 'https://mail.provider.example' },
      payload: { dueSoonDays: 3 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(COMMON_MESSAGES.crossOrigin);
  });

  it('takes the page’s JSON too', async () => {
    const { user, key } = await subscribedUser();
    const response = await inject(testApp, {
      method: 'POST',
      url: `/api/unsubscribe/${key}?channel=email`,
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(UNSUBSCRIBE_TEXTS.email.done);
    const settings = await readSettings(user);
    expect(settings.email.enabled).toBe(false);
    expect(settings.ntfy).toEqual({ url: 'https://ntfy.sh/garage-topic', token: 'tk_garage' });
  });

  it('answers 404 for a key nobody has, and 400 without the one-click body', async () => {
    const { user, key } = await subscribedUser();
    for (const wrongKey of ['0'.repeat(64), 'not-a-key']) {
      const response = await inject(testApp, {
        method: 'POST',
        url: `/api/unsubscribe/${wrongKey}?channel=email`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(NOTIFICATION_MESSAGES.unsubscribeNotFound);
    }
    const withoutBody = await inject(testApp, {
      method: 'POST',
      url: `/api/unsubscribe/${key}?channel=email`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'something=else',
    });
    expect(withoutBody.statusCode).toBe(400);
    expect((await readSettings(user)).email.enabled).toBe(true);
  });

  it('sends a person who clicks it to the page that asks, changing nothing', async () => {
    const { user, key } = await subscribedUser();
    const response = await inject(testApp, {
      method: 'GET',
      url: `/api/unsubscribe/${key}?channel=email`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/unsubscribe?key=${key}&channel=email`);
    expect((await readSettings(user)).email.enabled).toBe(true);
  });

  it('is the link of the e-mails a test sends', async () => {
    const { user } = await subscribedUser();
    await sendTest(user, 'email');
    const [mail] = await capture.waitFor(1);
    const link = /<(https:\/\/garage\.example\.org[^>]+)>/.exec(
      headerLine(mail!, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    const path = link!.replace('https://garage.example.org', '');
    const response = await inject(testApp, {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await readSettings(user)).email.enabled).toBe(false);
    const rows = await testApp.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
