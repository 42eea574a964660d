/**
 * Reads the session cookie of every API call into `request.session` (D5) and sets or clears the
 * cookie. `requireUserId` is how a route says "signed in only": 401 otherwise.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../app-error';
import type { Config } from '../config';
import type { SessionUser } from '../modules/accounts/sessions.repository';
import type { SessionsService } from '../modules/accounts/sessions.service';
import { isApiPath } from './errors';

export const SESSION_COOKIE = 'gl_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's session and its user as they were when the call arrived. */
    session: { sid: string; user: SessionUser } | null;
  }
}

function isSecure(request: FastifyRequest, config: Config) {
  return request.protocol === 'https' || config.publicUrl.startsWith('https://');
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  token: string,
  maxAgeMs: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
  });
}

/** The signed-in user's id, or a 401 (D11). */
export function requireUserId(request: FastifyRequest): number {
  return requireSessionUser(request).id;
}

/** The signed-in user as the session lookup read it, or a 401 (D11). */
export function requireSessionUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthorized();
  return request.session.user;
}

/** Reads a request's session cookie into `request.session`, refreshing or clearing the cookie. */
export type SessionReader = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createSessionReader(config: Config, sessions: SessionsService): SessionReader {
  return async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await sessions.resumeSession(token);
    if (!session) {
      clearSessionCookie(request, reply, config);
      return;
    }
    request.session = { sid: session.sid, user: session.user };
    if (session.isRefreshed) setSessionCookie(request, reply, config, token, sessions.ttlMs);
  };
}

/**
 * Every API call gets its session read; the app's pages read it themselves (web-app.ts), and
 * files and assets never need it.
 */
export async function registerSessions(app: FastifyInstance, readSession: SessionReader) {
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) await readSession(request, reply);
  });
}
