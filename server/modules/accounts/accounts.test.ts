import crypto from 'node:crypto';
import { ACCOUNT_MESSAGES, ACCOUNT_VALIDATION } from '@contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFlows, maintenance, rateLimits, sessions, users, vehicles } from '../../db/schema';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import { sessionCookieFrom, uniqueEmail } from '../../test/auth';
import { newUser } from '../../test/factory';

// Generous limits here; the limits themselves are tested in sign-in-limits.test.ts.
const testApp = setUpTestApp({ AUTH_MAX_FAILURES: '1000', AUTH_MAX_ATTEMPTS: '100000' });
const { inject } = testApp;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

describe('POST /api/register', () => {
  it('creates the account, signs it in and answers the user without secrets', async () => {
    const email = uniqueEmail('grace');
    const response = await inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        password: 'secret123',
        authType: 'local',
      },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      authType: 'local',
      username: email.split('@')[0],
      profileImageUrl: null,
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        'authType',
        'createdAt',
        'dashboardLayout',
        'email',
        'firstName',
        'hasArrangedDashboard',
        'id',
        'lastLoginAt',
        'lastName',
        'profileImageUrl',
        'theme',
        'username',
      ].sort(),
    );
    expect(response.body).not.toMatch(/argon2|password/i);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);

    // D5: only the token's hash is stored.
    const token = sessionCookieFrom(response.headers['set-cookie']);
    const rows = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.sid)).toEqual([sha256(token)]);

    // D6: the stored password is an Argon2id hash.
    const [stored] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers each field message of 000 §5', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: '',
        lastName: ' ',
        email: 'not-an-email',
        password: '12345',
        authType: 'local',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: ACCOUNT_VALIDATION.firstName,
      lastName: ACCOUNT_VALIDATION.lastName,
      email: ACCOUNT_VALIDATION.email,
      password: ACCOUNT_VALIDATION.password,
    });
    expect(response.json().message).toBe('First name is required');
  });

  it('refuses text past the limits of D40 instead of cutting it', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'x'.repeat(101),
        lastName: 'L',
        email: uniqueEmail(),
        password: 'p'.repeat(201),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: 'Name must be at most 100 characters',
      password: 'Password must be at most 200 characters',
    });
  });

  it('answers 409 for an e-mail already taken, whatever its case', async () => {
    const { email } = await newUser(testApp);
    const response = await inject({
      method: 'POST',
      url: '/api/register',
      payload: { firstName: 'A', lastName: 'B', email: email.toUpperCase(), password: 'secret123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailTaken,
      errors: { email: ACCOUNT_MESSAGES.emailTaken },
    });
  });

  it('derives unique usernames from the e-mail, never failing on a collision (D35)', async () => {
    const local = `sam${crypto.randomBytes(3).toString('hex')}`;
    const first = await newUser(testApp, { email: `${local}@one.example` });
    const second = await newUser(testApp, { email: `${local}@two.example` });
    const third = await newUser(testApp, { email: `${local}@three.example` });
    const names = await Promise.all(
      [first, second, third].map(async (user) => {
        const response = await inject({
          method: 'GET',
          url: '/api/user',
          headers: { cookie: user.cookie },
        });
        return response.json().username;
      }),
    );
    expect(names).toEqual([local, `${local}2`, `${local}3`]);
  });

  it('refuses an authType other than local', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail(),
        password: 'secret123',
        authType: 'oidc',
      },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/user', () => {
  it('answers 401 and clears an unknown cookie', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'gl_session=forged' },
    });
    expect(response.statusCode).toBe(401);
    expect(String(response.headers['set-cookie'])).toMatch(/gl_session=;/);
  });

  it('answers the signed-in user', async () => {
    const user = await newUser(testApp, { firstName: 'Linus' });
    const response = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, firstName: 'Linus' });
  });

  it('reads the user with its session: one statement, and a change shows on the next call', async () => {
    const countingApp = await createStatementCountingApp(testApp);
    try {
      const user = await newUser(testApp, { firstName: 'Ada' });
      const read = () =>
        countingApp.inject({ method: 'GET', url: '/api/user', headers: { cookie: user.cookie } });
      const first = await read();
      expect(first.response.json()).toMatchObject({ id: user.id, firstName: 'Ada' });
      expect(first.statements).toBe(1);

      await testApp.database.db
        .update(users)
        .set({ firstName: 'Grace' })
        .where(eq(users.id, user.id));
      expect((await read()).response.json()).toMatchObject({ id: user.id, firstName: 'Grace' });
      await testApp.database.db.delete(users).where(eq(users.id, user.id));
      expect((await read()).response.statusCode).toBe(401);
    } finally {
      await countingApp.close();
    }
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password, rotating the session and setting lastLoginAt', async () => {
    const user = await newUser(testApp);
    const response = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: user.cookie },
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(response.json().lastLoginAt).not.toBeNull();
    const newToken = sessionCookieFrom(response.headers['set-cookie']);
    expect(newToken).not.toBe(user.token);
    // The session the browser came with is gone; the new one works.
    const old = await inject({ method: 'GET', url: '/api/user', headers: { cookie: user.cookie } });
    expect(old.statusCode).toBe(401);
    const fresh = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `gl_session=${newToken}` },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await newUser(testApp);
    for (const payload of [
      { email: user.email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: 'whatever1' },
    ]) {
      const response = await inject({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers the sign-in field messages', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'x', password: '1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: ACCOUNT_VALIDATION.email,
      password: ACCOUNT_VALIDATION.password,
    });
  });

  it('refuses a sign-in posted from another site (D7)', async () => {
    const user = await newUser(testApp);
    const response = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://attacker.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const user = await newUser(testApp);
    const response = await inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/gl_session=;/);
    const rows = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toEqual([]);
    const after = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers 200 even when nobody is signed in', async () => {
    const response = await inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('sessions (D5)', () => {
  it('slides the expiry forward when the session is used', async () => {
    const user = await newUser(testApp);
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await testApp.database.db
      .update(sessions)
      .set({ expire: soon })
      .where(eq(sessions.userId, user.id));
    const response = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    const [row] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('refuses an expired session and purges expired rows', async () => {
    const user = await newUser(testApp);
    await testApp.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(401);
    const rows = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toEqual([]);
  });
});

describe('PATCH /api/user/profile', () => {
  it('changes the e-mail and answers the user', async () => {
    const user = await newUser(testApp);
    const email = uniqueEmail('renamed');
    const response = await inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: user.cookie },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(email);
    const login = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('changes the first and last name beside the e-mail, and keeps a name left out', async () => {
    const user = await newUser(testApp);
    const patchProfile = (payload: Record<string, unknown>) =>
      inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: { cookie: user.cookie },
        payload: { email: user.email, ...payload },
      });
    const renamed = await patchProfile({ firstName: '  Augusta ', lastName: 'King' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ firstName: 'Augusta', lastName: 'King' });

    // The spec's payload, the e-mail alone, leaves the names as they are.
    const emailOnly = await patchProfile({});
    expect(emailOnly.json()).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    const session = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(session.json()).toMatchObject({ firstName: 'Augusta', lastName: 'King' });

    const blank = await patchProfile({ firstName: '   ', lastName: 'x'.repeat(101) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({
      firstName: ACCOUNT_VALIDATION.firstName,
      lastName: ACCOUNT_VALIDATION.nameTooLong,
    });
  });

  it("answers 409 for another user's e-mail and 400 for a bad one", async () => {
    const user = await newUser(testApp);
    const other = await newUser(testApp);
    const taken = await inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: user.cookie },
      payload: { email: other.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ACCOUNT_MESSAGES.emailInUse);
    const bad = await inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: user.cookie },
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: ACCOUNT_VALIDATION.email });
  });
});

describe('PATCH /api/user/password', () => {
  it('needs the current password and a new one of 8 characters', async () => {
    const user = await newUser(testApp);
    const short = await inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: '', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({
      currentPassword: ACCOUNT_VALIDATION.currentPassword,
      newPassword: ACCOUNT_VALIDATION.newPassword,
    });
    const wrong = await inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: 'not my password', newPassword: 'a much better one' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);
  });

  it('changes the password and ends every other session but this one', async () => {
    const user = await newUser(testApp);
    const otherDevice = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const otherCookie = `gl_session=${sessionCookieFrom(otherDevice.headers['set-cookie'])}`;

    const response = await inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'brand new secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/user', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/user', headers: { cookie: otherCookie } }))
        .statusCode,
    ).toBe(401);

    const oldLogin = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'brand new secret' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('DELETE /api/user (D22)', () => {
  async function countRowsOf(userId: number) {
    const result = await testApp.database.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id'`);
    const counts: Record<string, number> = {};
    for (const { table_name } of result.rows) {
      const rows = await testApp.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
      );
      counts[table_name] = rows.rows[0]!.n;
    }
    const own = await testApp.database.db.select().from(users).where(eq(users.id, userId));
    counts.users = own.length;
    return counts;
  }

  it('deletes every row of the user in every table, ends the session, and spares others', async () => {
    const user = await newUser(testApp);
    const other = await newUser(testApp);
    const { db } = testApp.database;
    for (const owner of [user, other]) {
      const [vehicle] = await db
        .insert(vehicles)
        .values({ userId: owner.id, year: 2020, make: 'Mazda', model: 'MX-5' })
        .returning();
      await db
        .insert(maintenance)
        .values({ userId: owner.id, vehicleId: vehicle!.id, category: 'Oil Change' });
    }
    expect(Object.values(await countRowsOf(user.id)).some((n) => n > 0)).toBe(true);

    const response = await inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/gl_session=;/);

    const remaining = await countRowsOf(user.id);
    expect(Object.entries(remaining).filter(([, n]) => n > 0)).toEqual([]);
    expect(remaining).toHaveProperty('sessions', 0);
    expect(remaining).toHaveProperty('vehicles', 0);
    expect(
      (await inject({ method: 'GET', url: '/api/user', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(401);
    const login = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);

    const othersRows = await countRowsOf(other.id);
    expect(othersRows.vehicles).toBe(1);
    expect(othersRows.maintenance).toBe(1);
  });
});

describe('GET /api/user/export (D21)', () => {
  it('answers one 2-space indented document of the user’s data, with no secrets', async () => {
    const user = await newUser(testApp, { firstName: 'Export' });
    const other = await newUser(testApp);
    const { db } = testApp.database;
    const [vehicle] = await db
      .insert(vehicles)
      .values({
        userId: user.id,
        year: 1998,
        make: 'Toyota',
        model: 'Supra',
        purchasePrice: '42500.50',
      })
      .returning();
    await db.insert(maintenance).values({
      userId: user.id,
      vehicleId: vehicle!.id,
      category: 'Oil Change',
      cost: '89.99',
      date: '2025-03-04',
    });
    await db
      .insert(vehicles)
      .values({ userId: other.id, year: 2001, make: 'Honda', model: 'S2000' });

    const response = await inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="garage-ledger-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.body).toContain('\n  "format": "garage-ledger-export",');
    const document = response.json();
    expect(document).toMatchObject({
      format: 'garage-ledger-export',
      version: 3,
      user: { id: user.id, email: user.email, firstName: 'Export', subscriptionStatus: 'free' },
      vehicleImages: [],
      repairs: [],
      modifications: [],
      recordImages: [],
      documents: [],
      files: [],
    });
    expect(Object.keys(document)).toEqual([
      'format',
      'version',
      'exportedAt',
      'user',
      'preferences',
      'vehicles',
      'vehicleImages',
      'maintenance',
      'repairs',
      'modifications',
      'recordImages',
      'documents',
      'energyEntries',
      'odometerReadings',
      'serviceSchedules',
      'notificationSettings',
      'files',
    ]);
    expect(document.vehicles).toHaveLength(1);
    expect(document.vehicles[0]).toMatchObject({
      make: 'Toyota',
      model: 'Supra',
      purchasePrice: 42500.5,
    });
    expect(document.maintenance[0]).toMatchObject({
      category: 'Oil Change',
      cost: 89.99,
      date: '2025-03-04',
    });
    expect(response.body).not.toMatch(/passwordHash|argon2|stripe/i);
    expect(response.body).not.toContain('S2000');
  });

  it('answers 401 signed out', async () => {
    expect((await inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});

describe('clean-up jobs', () => {
  it('purges expired sessions, spent sign-in counters and abandoned sign-on flows', async () => {
    const { db } = testApp.database;
    const user = await newUser(testApp);
    const past = new Date(Date.now() - 60_000);
    await db
      .insert(sessions)
      .values({ sid: sha256('stale'), sess: {}, expire: past, userId: user.id });
    await db.insert(rateLimits).values({ key: 'attempts:198.51.100.9', hits: 3, resetAt: past });
    await db
      .insert(loginFlows)
      .values({ stateHash: sha256('old-state'), codeVerifier: 'v', nonce: 'n', expire: past });

    for (const job of ['expired-sessions-purge', 'sign-in-counters-purge', 'sign-on-flows-purge']) {
      await testApp.app.backgroundJobs.runNow(job);
    }

    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.sid)).toEqual([sha256(user.token)]);
    expect(
      await db.select().from(rateLimits).where(eq(rateLimits.key, 'attempts:198.51.100.9')),
    ).toEqual([]);
    expect(await db.select().from(loginFlows)).toEqual([]);
  });
});
