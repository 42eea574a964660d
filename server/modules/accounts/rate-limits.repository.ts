/** D8: fixed-window attempt counters in PostgreSQL, shared by every app server. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';

export type Counter = { hits: number; resetAt: Date };

/** Counts one more hit on `key`, starting a new window when the old one has passed. */
export async function hitCounter(db: Executor, key: string, windowMs: number): Promise<Counter> {
  const result = await db.execute<{ hits: number; reset_at: Date }>(sql`
    insert into rate_limits (key, hits, reset_at)
    values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
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
