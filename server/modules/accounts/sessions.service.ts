/**
 * D5: server-side sessions. The cookie holds a random 256-bit token; only its SHA-256 is stored.
 * Sessions slide: each use pushes the expiry out again (written at most once an hour).
 */
import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/open';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  extendSession,
  type FoundSession,
  findSession,
  insertSession,
} from './sessions.repository';

const HOUR_MS = 60 * 60 * 1000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export type ActiveSession = FoundSession & { isRefreshed: boolean };

export function createSessionsService({ db, config }: { db: Db; config: Config }) {
  const ttlMs = config.sessionTtlDays * 24 * HOUR_MS;

  return {
    ttlMs,

    /** Starts a session for the user; answers the token for the cookie. */
    async startSession(executor: Executor, userId: number, details: { userAgent?: string }) {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = new Date();
      await insertSession(executor, {
        sid: hashToken(token),
        userId,
        expire: new Date(now.getTime() + ttlMs),
        sess: { createdAt: now.toISOString(), userAgent: details.userAgent?.slice(0, 200) ?? null },
      });
      return token;
    },

    /** The live session of a cookie token, its expiry slid forward; undefined when none. */
    async resumeSession(token: string): Promise<ActiveSession | undefined> {
      const sid = hashToken(token);
      const session = await findSession(db, sid);
      const now = Date.now();
      if (!session || session.expire.getTime() <= now) {
        if (session) await deleteSession(db, sid);
        return undefined;
      }
      const isRefreshed = session.expire.getTime() < now + ttlMs - HOUR_MS;
      if (!isRefreshed) return { ...session, isRefreshed };
      const expire = new Date(now + ttlMs);
      await extendSession(db, sid, expire);
      return { ...session, expire, isRefreshed };
    },

    endSession: (sid: string) => deleteSession(db, sid),
    endSessionByToken: (token: string) => deleteSession(db, hashToken(token)),
    endOtherSessions: (executor: Executor, userId: number, keepSid: string) =>
      deleteUserSessions(executor, userId, keepSid),
    /** A password reset (decision 054): whoever held a session is signed out. */
    endAllSessions: (executor: Executor, userId: number) => deleteUserSessions(executor, userId),
    purgeExpired: () => deleteExpiredSessions(db, new Date()),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
