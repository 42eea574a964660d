/** Decision 054: the `password_reset_tokens` table. `token_hash` is the SHA-256 of the link's token. */
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { passwordResetTokens } from '../../db/schema';

/** The user's new token, in place of any earlier one not used yet: only the latest link works. */
export async function replaceUnusedResetTokens(
  db: Executor,
  token: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(token);
}

/**
 * Marks a live token (unused, unexpired) used and answers its user; undefined when there is no
 * such token. One statement: of two uses at once, the second waits for the first's row lock and
 * then finds it used.
 */
export async function useResetToken(db: Executor, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Once a password is reset, the user's other links stop working too. */
export async function deleteUnusedResetTokens(db: Executor, userId: number) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Tokens that can no longer be used: expired or used. */
export async function deleteSpentResetTokens(db: Executor): Promise<number> {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(
      or(lte(passwordResetTokens.expiresAt, sql`now()`), isNotNull(passwordResetTokens.usedAt)),
    )
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return deleted.length;
}
