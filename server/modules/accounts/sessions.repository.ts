/** D5: the `sessions` table. `sid` is the SHA-256 of the cookie's token. */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedOnce } from '../../db/prepared';
import { sessions, userDataVersions, users } from '../../db/schema';

export type SessionRow = { sid: string; userId: number; expire: Date };

export async function insertSession(db: Executor, session: SessionRow & { sess: unknown }) {
  await db.insert(sessions).values(session);
}

/**
 * What a signed-in call knows of its user from the session lookup itself: everything
 * `GET /api/user` answers, so that call, the one every page makes first, needs no second read.
 */
export type SessionUser = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'username'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'profileImageUrl'
  | 'authType'
  | 'createdAt'
  | 'lastLoginAt'
  | 'dashboardLayout'
  | 'theme'
  | 'timeZone'
> & {
  /** Decision 053: the user's data version as the call found it. */
  dataVersion: number;
};

export type FoundSession = SessionRow & { user: SessionUser };

/** Every API call looks its session up, with its user (server/db/prepared.ts). */
const findSessionQuery = preparedOnce((db) =>
  db
    .select({
      sid: sessions.sid,
      userId: sessions.userId,
      expire: sessions.expire,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        authType: users.authType,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
        dashboardLayout: users.dashboardLayout,
        theme: users.theme,
        dataVersion: sql`coalesce(${userDataVersions.version}, 0)`.mapWith(Number),
        // Decision 066: the user's "today" (server/today.ts), with no second read.
        timeZone: users.timeZone,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userDataVersions, eq(userDataVersions.userId, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('find_session'),
);

export async function findSession(db: Executor, sid: string): Promise<FoundSession | undefined> {
  const [row] = await findSessionQuery(db).execute({ sid });
  return row;
}

export async function extendSession(db: Executor, sid: string, expire: Date) {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: Executor, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of the user but `exceptSid` (the one changing the password). */
export async function deleteUserSessions(db: Executor, userId: number, exceptSid?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSid
        ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expire, now))
    .returning({ sid: sessions.sid });
  return deleted.length;
}
