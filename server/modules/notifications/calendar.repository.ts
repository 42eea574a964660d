/**
 * Decision 054: the `calendar_tokens` table, one row per user holding the SHA-256 of the secret in
 * their calendar feed's URL. The secret itself is never stored.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { calendarTokens, users } from '../../db/schema';

/** Stores a user's new token hash in place of any earlier one; answers when it was made. */
export async function replaceCalendarToken(
  db: Executor,
  userId: number,
  tokenHash: string,
): Promise<Date> {
  const [row] = await db
    .insert(calendarTokens)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({
      target: calendarTokens.userId,
      set: { tokenHash, createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarTokens.createdAt });
  return row!.createdAt;
}

/** Deletes the user's token; answers whether there was one. */
export async function deleteCalendarToken(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .delete(calendarTokens)
    .where(eq(calendarTokens.userId, userId))
    .returning({ userId: calendarTokens.userId });
  return rows.length > 0;
}

/** When the user's current token was made, or null when they have none. */
export async function findCalendarTokenCreatedAt(
  db: Executor,
  userId: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, userId));
  return row?.createdAt ?? null;
}

/**
 * The user a token hash belongs to (through its unique index), with the time zone whose day the
 * feed judges 'overdue' on (decision 066), or null.
 */
export async function findCalendarTokenOwner(
  db: Executor,
  tokenHash: string,
): Promise<{ id: number; timeZone: string } | null> {
  const [row] = await db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(calendarTokens)
    .innerJoin(users, eq(users.id, calendarTokens.userId))
    .where(eq(calendarTokens.tokenHash, tokenHash));
  return row ?? null;
}
