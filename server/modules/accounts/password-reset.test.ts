/**
 * Decision 054: password reset by e-mail, over a real SMTP server (test/mail-capture.ts). The
 * answer never tells whether an address has an account; the link works once, for an hour; using
 * it ends every session and the new password is the one that signs in.
 */
import crypto from 'node:crypto';
import { PASSWORD_RESET_MESSAGES } from '@contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { uniqueEmail } from '../../test/auth';
import { newUser } from '../../test/factory';
import { type CapturedMail, type MailCapture, startMailCapture } from '../../test/mail-capture';

const PUBLIC_URL = 'http://127.0.0.1:5173';
const INVALID_LINK = { message: PASSWORD_RESET_MESSAGES.invalidLink };

let capture: MailCapture;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await createTestApp({ SMTP_URL: capture.url, PUBLIC_URL });
});

afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

beforeEach(() => capture.clear());

const requestReset = (email: string, remoteAddress = '198.51.100.20') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { email },
    remoteAddress,
  });

const confirmReset = (token: string, password: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { token, password },
  });

const signIn = (email: string, password: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

/** The token of the reset link in a captured e-mail. */
function tokenIn(mail: CapturedMail): string {
  const match = /\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

/** Asks for a link for `email` and answers the token of the e-mail that arrives. */
async function tokenFor(email: string): Promise<string> {
  const before = capture.messages.length;
  expect((await requestReset(email)).statusCode).toBe(200);
  // Sent after the answer: an earlier test's mail may still arrive first, so wait for this one.
  const isTheirs = (mail: CapturedMail) => mail.envelopeTo.includes(email.toLowerCase());
  let mail: CapturedMail | undefined;
  for (let arrived = before + 1; mail === undefined; arrived += 1) {
    mail = (await capture.waitFor(arrived)).slice(before).find(isTheirs);
  }
  return tokenIn(mail);
}

describe('asking for a reset link', () => {
  it('e-mails a link to a known local account, and answers an unknown address the same without one', async () => {
    const user = await newUser(testApp, { firstName: 'Grace', email: uniqueEmail('grace') });
    const stranger = uniqueEmail('nobody');

    const unknown = await requestReset(stranger);
    const known = await requestReset(user.email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(known.body).toBe(unknown.body);

    const [mail] = await capture.waitFor(1);
    // The unknown address was asked for first: had it been sent anything, it would be here.
    expect(capture.messages).toHaveLength(1);
    expect(mail!.envelopeTo).toEqual([user.email]);
    expect(mail!.subject).toBe('Reset your Garage Ledger password');
    const token = tokenIn(mail!);
    const link = `${PUBLIC_URL}/reset-password?token=${token}`;
    expect(mail!.text).toContain('Hello Grace,');
    expect(mail!.text).toContain(`the Garage Ledger account for ${user.email}`);
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('expires in one hour');
    expect(mail!.text).toContain('If you did not ask for this, you can ignore this e-mail');
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain('expires in one hour');

    // 32 random bytes, and only their SHA-256 is kept, for an hour.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await testApp.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const minutesLeft = (stored[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('sends nothing to an account that signs in with single sign-on', async () => {
    const ssoEmail = uniqueEmail('sso');
    await testApp.database.db.insert(users).values({
      email: ssoEmail,
      username: `sso-${crypto.randomBytes(3).toString('hex')}`,
      authType: 'oidc',
      oidcIssuer: 'https://id.example',
      oidcSubject: crypto.randomUUID(),
    });
    const local = await newUser(testApp);

    const sso = await requestReset(ssoEmail);
    expect(sso.statusCode).toBe(200);
    expect(sso.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    await requestReset(local.email);
    await capture.waitFor(1);
    expect(capture.messages.map((mail) => mail.envelopeTo)).toEqual([[local.email]]);
  });

  it('answers the same when the mail server refuses the message', async () => {
    const user = await newUser(testApp);
    capture.refuse(true);
    try {
      const response = await requestReset(user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    } finally {
      capture.refuse(false);
    }
    // The next request is sent as usual.
    expect(await tokenFor(user.email)).toMatch(/^[\w-]{43}$/);
  });

  it('refuses what is not an e-mail address', async () => {
    const response = await requestReset('not an address');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });
});

describe('using a reset link', () => {
  it('sets the new password, ends every session, and works only once', async () => {
    const user = await newUser(testApp);
    const otherDevice = await signIn(user.email, user.password);
    expect(otherDevice.statusCode).toBe(200);
    const token = await tokenFor(user.email);

    const done = await confirmReset(token, 'a brand new secret');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.passwordChanged });

    // Both sessions the user had are over.
    const withOldCookie = await testApp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(withOldCookie.statusCode).toBe(401);
    const sessionsLeft = await testApp.database.db.execute(
      sql`select count(*)::int as count from sessions where user_id = ${user.id}`,
    );
    expect(sessionsLeft.rows[0]).toEqual({ count: 0 });

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new secret')).statusCode).toBe(200);

    const again = await confirmReset(token, 'yet another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await signIn(user.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('takes a link used twice at once only once', async () => {
    const user = await newUser(testApp);
    const token = await tokenFor(user.email);
    const answers = await Promise.all([
      confirmReset(token, 'first of two at once'),
      confirmReset(token, 'second of two at once'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner =
      answers[0]!.statusCode === 200 ? 'first of two at once' : 'second of two at once';
    expect((await signIn(user.email, winner)).statusCode).toBe(200);
  });

  it('takes only the latest link of a user', async () => {
    const user = await newUser(testApp);
    const first = await tokenFor(user.email);
    const second = await tokenFor(user.email);

    expect((await confirmReset(first, 'from the first link')).json()).toEqual(INVALID_LINK);
    expect((await confirmReset(second, 'from the second link')).statusCode).toBe(200);
    expect((await signIn(user.email, 'from the second link')).statusCode).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const user = await newUser(testApp);
    const token = await tokenFor(user.email);
    await testApp.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.userId, user.id));

    const response = await confirmReset(token, 'too late for this');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a token nobody was sent', async () => {
    const response = await confirmReset(crypto.randomBytes(32).toString('base64url'), 'whatever');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('holds the new password to the rules of a password change, and keeps the link for a better one', async () => {
    const user = await newUser(testApp);
    const token = await tokenFor(user.email);

    const short = await confirmReset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const tooLong = await confirmReset(token, 'x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Password must be at most 200 characters');

    expect((await confirmReset(token, 'long enough now')).statusCode).toBe(200);
  });
});

describe('the purge of spent links', () => {
  it('deletes expired and used links and keeps the live ones', async () => {
    const used = await newUser(testApp);
    await confirmReset(await tokenFor(used.email), 'used up link');
    const expired = await newUser(testApp);
    await tokenFor(expired.email);
    await testApp.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, expired.id));
    const live = await newUser(testApp);
    const liveToken = await tokenFor(live.email);

    await testApp.app.backgroundJobs.runNow('password-reset-tokens-purge');

    const left = await testApp.database.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens);
    const owners = left.map((row) => row.userId);
    expect(owners).toContain(live.id);
    expect(owners).not.toContain(used.id);
    expect(owners).not.toContain(expired.id);
    expect((await confirmReset(liveToken, 'still works after')).statusCode).toBe(200);
  });
});

describe('limits', () => {
  let limited: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    limited = await createTestApp({
      SMTP_URL: capture.url,
      AUTH_MAX_FAILURES: '3',
      AUTH_MAX_ATTEMPTS: '6',
      AUTH_WINDOW_MINUTES: '15',
    });
  });
  afterAll(() => limited?.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    limited.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('limits the links asked for one address, from any client address', async () => {
    const email = uniqueEmail('target');
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await post('/api/password-reset', { email }, ip)).statusCode).toBe(200);
    }
    const blocked = await post('/api/password-reset', { email }, '203.0.113.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('limits the calls of one client address, requests and confirmations together', async () => {
    const ip = '203.0.113.50';
    for (let call = 0; call < 3; call++) {
      const response = await post('/api/password-reset', { email: uniqueEmail() }, ip);
      expect(response.statusCode).toBe(200);
    }
    for (let call = 0; call < 3; call++) {
      const response = await post(
        '/api/password-reset/confirm',
        { token: 'no-such-token', password: 'a new password' },
        ip,
      );
      expect(response.statusCode).toBe(400);
    }
    const blocked = await post(
      '/api/password-reset/confirm',
      { token: 'no-such-token', password: 'a new password' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await post('/api/password-reset', { email: uniqueEmail() }, ip)).statusCode).toBe(429);
  });
});

describe('a server without mail', () => {
  let withoutMail: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    withoutMail = await createTestApp();
  });
  afterAll(() => withoutMail?.close());

  it('answers 404: password reset is not available', async () => {
    const user = await newUser(withoutMail);
    const response = await withoutMail.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.unavailable });
    const site = await withoutMail.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.json().mailEnabled).toBe(false);
  });
});
