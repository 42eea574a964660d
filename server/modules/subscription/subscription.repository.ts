/**
 * The reads behind the plans (D12, D13): the user's subscription columns and how many vehicles
 * and records the user has. Every query is scoped by the user's id.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import { energyEntries, serviceSchedules, users, vehicles } from '../../db/schema';
import { storedBytesOf } from '../uploads/uploads.repository';

export type PlanRow = { subscriptionStatus: string; subscriptionExpiresAt: Date | null };

export type PlanUsageRow = PlanRow & {
  vehicleCount: number;
  recordCount: number;
  storedBytes: number;
};

const vehicleCountOf = (userId: number) =>
  sql<number>`(select count(*) from ${vehicles} where ${vehicles.userId} = ${userId})::int`;

/**
 * Every table whose rows count as records on a limited plan: the three record kinds (D12) and
 * (D50) energy entries and service schedules; odometer readings count toward nothing.
 */
const COUNTED_AS_RECORDS = [
  ...RECORD_KIND_TABLES.map(([, table]) => ({ table, owner: table.userId })),
  { table: energyEntries, owner: energyEntries.userId },
  { table: serviceSchedules, owner: serviceSchedules.userId },
];

/** D12: the rows counted as records, together; each count through its table's `user_id` index. */
const recordCountOf = (userId: number) =>
  sql<number>`(${sql.join(
    COUNTED_AS_RECORDS.map(
      ({ table, owner }) => sql`(select count(*) from ${table} where ${owner} = ${userId})`,
    ),
    sql` + `,
  )})::int`;

/**
 * The user's subscription columns, the row locked until the transaction ends. Every create that
 * a plan limits, and every store of a file (its quota, decision 041), takes this lock first, so
 * concurrent ones of one user line up and each counts what the one before it committed. The
 * lock is `for no key update`: it leaves alone the key-share locks that inserts of the user's
 * other rows take through their foreign key, so a write holding a vehicle's lock and inserting
 * never waits for it.
 */
export async function lockUserPlan(tx: Executor, userId: number): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select({
      subscriptionStatus: users.subscriptionStatus,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

/** The user's subscription columns, read without a lock (D37's analytics gate). */
export async function findUserPlan(db: Executor, userId: number): Promise<PlanRow | undefined> {
  const [row] = await db
    .select({
      subscriptionStatus: users.subscriptionStatus,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/*
 * The counts are statements of their own, run after the lock: in READ COMMITTED each statement
 * sees the rows committed before it started, so a count taken in the locking statement itself
 * would miss the vehicle a create that held the lock just committed.
 */

export async function countVehicles(tx: Executor, userId: number): Promise<number> {
  const result = await tx.execute<{ count: number }>(
    sql`select ${vehicleCountOf(userId)} as "count"`,
  );
  return result.rows[0]!.count;
}

export async function countRecords(tx: Executor, userId: number): Promise<number> {
  const result = await tx.execute<{ count: number }>(
    sql`select ${recordCountOf(userId)} as "count"`,
  );
  return result.rows[0]!.count;
}

/** The subscription columns, both counts and the bytes stored in one read, for the status call. */
export async function findPlanUsage(
  db: Executor,
  userId: number,
): Promise<PlanUsageRow | undefined> {
  const [row] = await db
    .select({
      subscriptionStatus: users.subscriptionStatus,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
      vehicleCount: vehicleCountOf(userId),
      recordCount: recordCountOf(userId),
      storedBytes: storedBytesOf(userId),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
