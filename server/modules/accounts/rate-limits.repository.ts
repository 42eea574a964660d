/**
 * D8, decision 041: fixed-window counters in PostgreSQL (sign-in attempts, uploads), shared by
 * every app server.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';

export type Counter = { hits: number; resetAt: Date };

/**
 * Counts `hits` more (one by default) on `key` in one statement, starting a new window when the
 * old one has passed: concurrent calls each see the count with their own hits in it.
 */
export async function hitCounter(
  db: Executor,
  key: string,
  windowMs: number,
  hits = 1,
): Promise<Counter> {
  const result = await db.execute<{ hits: number; reset_at: Date }>(sql`
    insert into rate_limits (key, hits, reset_at)
    values (${key}, ${hits}, now() + ${`${windowMs} milliseconds`}::interval)
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then excluded.hits
        else rate_limits.hits + excluded.hits end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning hits, reset_at`);
  const row = result.rows[0]!;
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

/** Forgets every counter whose key starts with `prefix`. */
export async function clearCounters(db: Executor, prefix: string) {
  await db.execute(sql`delete from rate_limits where starts_with(key, ${prefix})`);
}

export async function deleteExpiredCounters(db: Executor) {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
