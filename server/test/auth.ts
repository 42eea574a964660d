/** A signed-in user as API tests hold one, and reading its session from a Set-Cookie header. */
import crypto from 'node:crypto';

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
