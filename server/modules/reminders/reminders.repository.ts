/**
 * The reminder scan's queries (decision 054): claiming the vehicles whose reminders are due to be
 * looked at, reading what their items fall due by, recording the states items enter, queueing
 * the deliveries those events cause, and the deliveries' own claims and outcomes. The scan works
 * for every user at once, so its reads are keyed by vehicle ids it has claimed, each served by a
 * `vehicle_id` index; nothing here is reachable from a request.
 */
import type { RecordType } from '@contract/records';
import type { DistanceUnit } from '@contract/units';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { DUE_COLUMNS, RECORD_KIND_TABLES } from '../../db/record-tables';
import {
  notificationDeliveries,
  notificationSettings,
  reminderChecks,
  reminderEvents,
  users,
  vehicles,
} from '../../db/schema';
import type { NotificationSettingsRow } from '../notifications/channels';

const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * Up to `limit` vehicles whose `check_at` has come, oldest first, locked for this transaction:
 * another server's scan skips them, and a write to one of them waits to ask for its next look
 * until this scan has set it (the writes' triggers update the same row).
 */
export async function claimDueVehicles(tx: Executor, limit: number): Promise<number[]> {
  const result = await tx.execute<{ vehicleId: number }>(
    sql`select ${reminderChecks.vehicleId} as "vehicleId" from ${reminderChecks}
      where ${reminderChecks.checkAt} <= now()
      order by ${reminderChecks.checkAt}
      limit ${limit}
      for update skip locked`,
  );
  return result.rows.map((row) => row.vehicleId);
}

/**
 * When each vehicle is next looked at (null: only a write will ask), and whether its owner failed
 * on this look (null: the look worked).
 */
export async function setNextChecks(
  tx: Executor,
  next: ReadonlyArray<{ vehicleId: number; checkAt: Date | null; failedAt: Date | null }>,
): Promise<void> {
  if (next.length === 0) return;
  const values = sql.join(
    next.map(
      (row) =>
        sql`(${row.vehicleId}::int, ${row.checkAt?.toISOString() ?? null}::timestamptz, ${row.failedAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`update ${reminderChecks} set check_at = next."checkAt", failed_at = next."failedAt"
      from (values ${values}) as next("vehicleId", "checkAt", "failedAt")
      where ${reminderChecks.vehicleId} = next."vehicleId"`,
  );
}

/** The users whose vehicles' last look failed (decision 062). */
export async function countFailingUsers(db: Executor): Promise<number> {
  const result = await db.execute<{ users: number }>(
    sql`select count(distinct ${reminderChecks.userId})::int as "users" from ${reminderChecks}
      where ${reminderChecks.failedAt} is not null`,
  );
  return result.rows[0]!.users;
}

export type VehicleFacts = {
  id: number;
  userId: number;
  year: number;
  make: string;
  model: string;
  mileage: number | null;
  odometerUnit: DistanceUnit;
};

export async function findVehicleFacts(tx: Executor, ids: readonly number[]) {
  const result = await tx.execute<VehicleFacts>(
    sql`select ${vehicles.id} as "id", ${vehicles.userId} as "userId", ${vehicles.year} as "year",
        ${vehicles.make} as "make", ${vehicles.model} as "model", ${vehicles.mileage} as "mileage",
        ${vehicles.odometerUnit} as "odometerUnit"
      from ${vehicles} where ${vehicles.id} in ${idList(ids)}`,
  );
  return result.rows;
}

export type OpenRecordRow = {
  id: number;
  type: RecordType;
  vehicleId: number;
  title: string;
  /** D18: the due date, else the record's date. */
  dueDate: string | null;
  dueMileage: number | null;
};

/** The open records of every kind with a date or a due mileage (D18's upcoming items). */
export async function findOpenRecordsOfVehicles(tx: Executor, ids: readonly number[]) {
  const branches = RECORD_KIND_TABLES.map(([type, table]) => {
    const dueColumns = DUE_COLUMNS[type];
    const due = dueColumns
      ? sql`coalesce(${dueColumns.dueDate}, ${table.date})`
      : sql`${table.date}`;
    const dueMileage = dueColumns ? sql`${dueColumns.dueMileage}` : sql`null::int`;
    return sql`select ${table.id} as "id", ${sql.raw(`'${type}'`)}::text as "type",
        ${table.vehicleId} as "vehicleId",
        coalesce(nullif(btrim(${table.title}), ''), ${table.category}) as "title",
        ${due} as "dueDate", ${dueMileage} as "dueMileage"
      from ${table}
      where ${table.vehicleId} in ${idList(ids)} and not ${table.isCompleted}
        and (${due} is not null or ${dueMileage} is not null)`;
  });
  const result = await tx.execute<OpenRecordRow>(sql.join(branches, sql` union all `));
  return result.rows;
}

/** A user's reminder settings as the scan reads them: null where none were ever saved. */
export type UserReminderSettings = {
  userId: number;
  email: string;
  distanceUnit: DistanceUnit;
  /** Decision 066: the zone whose day the user's reminders are judged on. */
  timeZone: string;
  settings: NotificationSettingsRow | null;
};

export async function findReminderSettingsOfUsers(
  tx: Executor,
  ids: readonly number[],
): Promise<UserReminderSettings[]> {
  const rows = await tx
    .select({
      userId: users.id,
      email: users.email,
      distanceUnit: users.distanceUnit,
      timeZone: users.timeZone,
      settings: notificationSettings,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, [...ids]));
  return rows.map((row) => ({ ...row, distanceUnit: row.distanceUnit as DistanceUnit }));
}

export type ReminderEvent = {
  userId: number;
  vehicleId: number;
  itemType: string;
  itemId: number;
  occurrence: number;
  state: 'dueSoon' | 'overdue';
};

/** Records the states items entered; answers only those not recorded before (each once, ever). */
export async function insertNewEvents(
  tx: Executor,
  events: readonly ReminderEvent[],
): Promise<(ReminderEvent & { id: number })[]> {
  if (events.length === 0) return [];
  const values = sql.join(
    events.map(
      (event) =>
        sql`(${event.userId}, ${event.vehicleId}, ${event.itemType}, ${event.itemId}, ${event.occurrence}, ${event.state})`,
    ),
    sql`, `,
  );
  const result = await tx.execute<ReminderEvent & { id: number }>(
    sql`insert into ${reminderEvents} (user_id, vehicle_id, item_type, item_id, occurrence, state)
      values ${values}
      on conflict (item_type, item_id, occurrence, state) do nothing
      returning id, user_id as "userId", vehicle_id as "vehicleId", item_type as "itemType",
        item_id as "itemId", occurrence, state`,
  );
  return result.rows;
}

export type NewDelivery = {
  userId: number;
  sentKey: string;
  eventId: number | null;
  channel: string;
  kind: string;
  message: unknown;
};

/** Queues deliveries; a sent key already queued is skipped (never two of one message). */
export async function insertDeliveries(tx: Executor, deliveries: readonly NewDelivery[]) {
  if (deliveries.length === 0) return 0;
  const values = sql.join(
    deliveries.map(
      (delivery) =>
        sql`(${delivery.userId}, ${delivery.sentKey}, ${delivery.eventId}, ${delivery.channel}, ${delivery.kind}, ${JSON.stringify(delivery.message)}::jsonb)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(
    sql`insert into ${notificationDeliveries} (user_id, sent_key, event_id, channel, kind, message)
      values ${values}
      on conflict (sent_key) do nothing`,
  );
  return result.rowCount ?? 0;
}

/** A delivery claimed for sending: locked until its transaction ends. */
export type ClaimedDelivery = {
  id: number;
  userId: number;
  channel: string;
  message: unknown;
  attempts: number;
};

/** The oldest pending delivery whose time has come, locked; another server skips it. */
export async function claimPendingDelivery(tx: Executor): Promise<ClaimedDelivery | undefined> {
  const result = await tx.execute<ClaimedDelivery>(
    sql`select ${notificationDeliveries.id} as "id", ${notificationDeliveries.userId} as "userId",
        ${notificationDeliveries.channel} as "channel", ${notificationDeliveries.message} as "message",
        ${notificationDeliveries.attempts} as "attempts"
      from ${notificationDeliveries}
      where ${notificationDeliveries.status} = 'pending' and ${notificationDeliveries.nextAttemptAt} <= now()
      order by ${notificationDeliveries.nextAttemptAt}
      limit 1
      for update skip locked`,
  );
  return result.rows[0];
}

export async function recordDeliveryOutcome(
  tx: Executor,
  id: number,
  outcome: {
    status: 'pending' | 'sent' | 'failed' | 'cancelled';
    attempts: number;
    lastError: string | null;
    /** Seconds from now until the next try, for a delivery still pending. */
    retryInSeconds?: number;
  },
): Promise<void> {
  await tx.execute(
    sql`update ${notificationDeliveries} set status = ${outcome.status},
        attempts = ${outcome.attempts}, last_error = ${outcome.lastError},
        sent_at = case when ${outcome.status} = 'sent' then now() else sent_at end,
        next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds ?? 0})
      where ${notificationDeliveries.id} = ${id}`,
  );
}

/** Users whose weekly digest is due, locked; a null time is set by the caller, nothing sent. */
export async function claimDueDigests(tx: Executor, limit: number) {
  const result = await tx.execute<{ userId: number; digestDueAt: string | null; timeZone: string }>(
    sql`select ${notificationSettings.userId} as "userId",
        ${notificationSettings.digestDueAt} as "digestDueAt",
        ${users.timeZone} as "timeZone"
      from ${notificationSettings}
      join ${users} on ${users.id} = ${notificationSettings.userId}
      where ${notificationSettings.weeklyDigest}
        and (${notificationSettings.digestDueAt} is null or ${notificationSettings.digestDueAt} <= now())
      limit ${limit}
      for update skip locked`,
  );
  return result.rows;
}

export async function setDigestDueAt(tx: Executor, userId: number, at: Date): Promise<void> {
  await tx
    .update(notificationSettings)
    .set({ digestDueAt: at })
    .where(eq(notificationSettings.userId, userId));
}

/** The vehicles of a user, for the digest's read of all their items. */
export async function findVehicleIdsOfUser(tx: Executor, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.userId, userId));
  return rows.map((row) => row.id);
}
