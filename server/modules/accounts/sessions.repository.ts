/** D5: the `sessions` table. `sid` is the SHA-256 of the cookie's token. */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedOnce } from '../../db/prepared';
import { sessions } from '../../db/schema';

export type SessionRow = { sid: string; userId: number; expire: Date };

export async function insertSession(db: Executor, session: SessionRow & { sess: unknown }) {
  await db.insert(sessions).values(session);
}

/** Every API call looks its session up (server/db/prepared.ts). */
const findSessionQuery = preparedOnce((db) =>
  db
    .select({ sid: sessions.sid, userId: sessions.userId, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('find_session'),
);

export async function findSession(db: Executor, sid: string): Promise<SessionRow | undefined> {
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
