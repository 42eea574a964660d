/** D8: brute-force limits, once on small settings and once on the defaults. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { uniqueEmail } from '../../test/auth';
import { newUser } from '../../test/factory';

describe('with small limits', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp({
      AUTH_MAX_FAILURES: '3',
      AUTH_MAX_ATTEMPTS: '8',
      AUTH_WINDOW_MINUTES: '15',
    });
  });
  afterAll(() => testApp?.close());

  const login = (email: string, password: string, ip = '203.0.113.7') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('answers 429 with Retry-After after too many failures, and a success clears them', async () => {
    const user = await newUser(testApp);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await login(user.email, 'wrong password', '198.51.100.1')).statusCode).toBe(401);
    }
    // A success clears the e-mail's failures…
    expect((await login(user.email, user.password, '198.51.100.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(user.email, 'wrong password', '198.51.100.1')).statusCode).toBe(401);
    }
    // …and past the limit even the right password is refused until the window passes.
    const blocked = await login(user.email, user.password, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another client address is not blocked for that e-mail.
    expect((await login(user.email, user.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('counts wrong current passwords of a signed-in user, and the right one clears them', async () => {
    const user = await newUser(testApp);
    const changePassword = (currentPassword: string, newPassword = 'a new secret') =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/user/password',
        headers: { cookie: user.cookie },
        payload: { currentPassword, newPassword },
      });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await changePassword('a wrong guess')).statusCode).toBe(400);
    }
    // Under the limit the right password works and forgets the wrong ones…
    expect((await changePassword(user.password, 'second secret')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await changePassword('a wrong guess')).statusCode).toBe(400);
    }
    // …past it, even the right one waits for the window, whatever address the session calls from.
    const blocked = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: 'second secret', newPassword: 'third secret' },
      remoteAddress: '198.51.100.99',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('limits attempts of any kind per client address, registrations included', async () => {
    const ip = '192.0.2.44';
    for (let attempt = 0; attempt < 8; attempt++) {
      const response =
        attempt % 2
          ? await login(uniqueEmail(), 'whatever1', ip)
          : await testApp.app.inject({
              method: 'POST',
              url: '/api/register',
              remoteAddress: ip,
              payload: {
                firstName: 'A',
                lastName: 'B',
                email: uniqueEmail(),
                password: 'secret123',
              },
            });
      expect(response.statusCode).not.toBe(429);
    }
    const ninth = await login(uniqueEmail(), 'whatever1', ip);
    expect(ninth.statusCode).toBe(429);
    expect(ninth.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('with the default limits', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it('allows 10 failed sign-ins per e-mail and address in 15 minutes, then answers 429', async () => {
    const user = await newUser(testApp);
    const attempt = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
      });
    for (let failure = 0; failure < 10; failure++) {
      expect((await attempt('wrong password')).statusCode).toBe(401);
    }
    const eleventh = await attempt(user.password);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe('under concurrent guessing, with the default limits', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  const statusesOf = (responses: { statusCode: number }[]) =>
    responses.map((response) => response.statusCode).sort();

  it('answers exactly 10 of 40 simultaneous wrong sign-ins with 401, the rest with 429', async () => {
    const user = await newUser(testApp);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'wrong password' },
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
  });

  it('answers exactly 10 of 40 simultaneous wrong current passwords with 400, the rest with 429', async () => {
    const user = await newUser(testApp);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        testApp.app.inject({
          method: 'PATCH',
          url: '/api/user/password',
          headers: { cookie: user.cookie },
          payload: { currentPassword: 'a guess at it', newPassword: 'taken over now' },
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual([...Array(10).fill(400), ...Array(30).fill(429)]);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The right password is refused too until the window passes: the guesses bought nothing.
    const right = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'taken over now' },
    });
    expect(right.statusCode).toBe(429);
  });
});
