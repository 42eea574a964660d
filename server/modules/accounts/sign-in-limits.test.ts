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
