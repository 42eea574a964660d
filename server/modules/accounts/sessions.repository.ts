/** D5: the `sessions` table. `sid` is the SHA-256 of the cookie's token. */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { sessions } from '../../db/schema';

export type SessionRow = { sid: string; userId: number; expire: Date };

export async function insertSession(db: Executor, session: SessionRow & { sess: unknown }) {
  await db.insert(sessions).values(session);
}

function prepareFindSession(db: Executor) {
  return db
    .select({ sid: sessions.sid, userId: sessions.userId, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('find_session');
}

/**
 * Every API call looks its session up, so this query is built once per database and prepared
 * (named) in PostgreSQL: building it anew was the biggest share of the ORM's time in a profile
 * under load (bench/REPORT.md).
 */
const findSessionQueries = new WeakMap<Executor, ReturnType<typeof prepareFindSession>>();

export async function findSession(db: Executor, sid: string): Promise<SessionRow | undefined> {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ sid });
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
