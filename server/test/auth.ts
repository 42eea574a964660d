/** Signing users in for API tests, through the real registration call. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type SignedInUser = {
  id: number;
  email: string;
  password: string;
  cookie: string;
  token: string;
};

export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie)
    ? setCookie.find((c) => c.startsWith('gl_session='))
    : setCookie;
  const match = /gl_session=([^;]*)/.exec(header ?? '');
  if (!match) throw new Error(`no session cookie in ${String(setCookie)}`);
  return match[1]!;
}

export function uniqueEmail(prefix = 'driver') {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<SignedInUser> {
  const payload = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct horse',
    authType: 'local',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/register', payload });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const token = sessionCookieFrom(response.headers['set-cookie']);
  return {
    id: response.json().id,
    email: payload.email,
    password: payload.password,
    token,
    cookie: `gl_session=${token}`,
  };
}
