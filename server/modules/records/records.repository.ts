/**
 * Queries of the three record tables (maintenance, repairs, modifications), one set for all of
 * them: each function takes the record type and reaches its table through RECORD_TABLES
 * (architecture convention 12). Also the reads that span the kinds: the unified list, the
 * upcoming items (D18), the recent activity (D19), and the user's documents (D27). Every query is
 * scoped by the signed-in user's id (D9) and served by an index that starts with `user_id` or
 * `vehicle_id`.
 */
import type { RecordType } from '@contract/records';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { isoTime } from '../../db/iso-time';
import type { Executor } from '../../db/open';
import { preparedSql } from '../../db/prepared';
import { RECORD_KIND_TABLES, RECORD_TABLES, type RecordTable } from '../../db/record-tables';
import { documents, maintenance, vehicles } from '../../db/schema';

/** A record with its vehicle, as every record read answers it. */
export type RecordRow = {
  id: number;
  type: RecordType;
  vehicleId: number;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  title: string | null;
  category: string;
  description: string | null;
  /** `numeric` arrives from pg as a string (D3). */
  cost: string | null;
  date: string | null;
  location: string | null;
  technician: string | null;
  notes: string | null;
  fileUrl: string | null;
  imageUrl: string | null;
  isCompleted: boolean;
  /** ISO 8601 in UTC, formatted by the query. */
  completedAt: string | null;
  addedAt: string;
  dueDate: string | null;
  dueMileage: number | null;
};

/** The columns a write sets; the due fields exist on maintenance only. */
export type RecordColumns = {
  vehicleId?: number;
  title?: string | null;
  category?: string;
  description?: string | null;
  cost?: string | null;
  date?: string | null;
  location?: string | null;
  technician?: string | null;
  notes?: string | null;
  fileUrl?: string | null;
  imageUrl?: string | null;
  isCompleted?: boolean;
  /** `now` stamps the transaction's time (D19); null clears it. */
  completedAt?: 'now' | null;
  dueDate?: string | null;
  dueMileage?: number | null;
};

/** The user whose records a prepared read returns. */
const USER_ID = sql.placeholder('userId');

/** One table's records of the user with their vehicle, in RecordRow's columns. */
function recordsOf(type: RecordType, where: SQL = sql`true`): SQL {
  const table = RECORD_TABLES[type];
  const due =
    type === 'maintenance'
      ? { date: sql`${maintenance.dueDate}`, mileage: sql`${maintenance.dueMileage}` }
      : { date: sql`null::date`, mileage: sql`null::integer` };
  return sql`
    select ${table.id} as "id", ${sql.raw(`'${type}'`)}::text as "type", ${table.vehicleId} as "vehicleId",
      ${vehicles.year} as "vehicleYear", ${vehicles.make} as "vehicleMake",
      ${vehicles.model} as "vehicleModel",
      ${table.title} as "title", ${table.category} as "category",
      ${table.description} as "description", ${table.cost} as "cost", ${table.date} as "date",
      ${table.location} as "location", ${table.technician} as "technician",
      ${table.notes} as "notes", ${table.fileUrl} as "fileUrl", ${table.imageUrl} as "imageUrl",
      ${table.isCompleted} as "isCompleted",
      ${isoTime(table.completedAt)} as "completedAt", ${isoTime(table.addedAt)} as "addedAt",
      ${due.date} as "dueDate", ${due.mileage} as "dueMileage"
    from ${table}
    join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${USER_ID}
    where ${table.userId} = ${USER_ID} and ${where}`;
}

/** 001 §4: newest first, undated last; then the newest row first. */
const NEWEST_FIRST = sql`order by "date" desc nulls last, "id" desc, "type" asc`;

/** Which of a kind's records a read returns: all, one vehicle's, or one record. */
type RecordScope = 'all' | 'vehicle' | 'record';

const SCOPE_CONDITIONS = {
  all: () => sql`true`,
  vehicle: (table: RecordTable) => sql`${table.vehicleId} = ${sql.placeholder('vehicleId')}`,
  record: (table: RecordTable) => sql`${table.id} = ${sql.placeholder('id')}`,
} satisfies Record<RecordScope, (table: RecordTable) => SQL>;

/** Every list read of records, built and prepared once (server/db/prepared.ts). */
const recordReads = new Map<string, ReturnType<typeof preparedSql<RecordRow>>>();

function recordRead(name: string, build: () => SQL) {
  let read = recordReads.get(name);
  if (!read) {
    read = preparedSql<RecordRow>(name, build());
    recordReads.set(name, read);
  }
  return read;
}

/** All of a kind's records, one vehicle's, or one record: one prepared read each. */
type RecordFilter =
  | { vehicleId?: undefined; id?: undefined }
  | { vehicleId: number; id?: undefined }
  | { id: number; vehicleId?: undefined };

/**
 * The user's records of one kind, optionally of one vehicle or one record, newest first. The
 * user-wide list is served by `{table}_user_id_idx`, a vehicle's by `{table}_vehicle_id_idx`.
 */
export async function findRecords(
  db: Executor,
  userId: number,
  type: RecordType,
  only: RecordFilter = {},
): Promise<RecordRow[]> {
  const scope: RecordScope =
    only.id !== undefined ? 'record' : only.vehicleId !== undefined ? 'vehicle' : 'all';
  const read = recordRead(`records_${type}_${scope}`, () => {
    const where = SCOPE_CONDITIONS[scope](RECORD_TABLES[type]);
    return sql`select * from (${recordsOf(type, where)}) as records ${NEWEST_FIRST}`;
  });
  return read(db, { userId, vehicleId: only.vehicleId, id: only.id });
}

/** 001 §3 unified view: the records of every kind (or one kind), in one query, newest first. */
export async function findAllRecords(
  db: Executor,
  userId: number,
  onlyType?: RecordType,
): Promise<RecordRow[]> {
  const read = recordRead(`records_unified_${onlyType ?? 'all'}`, () => {
    const branches = RECORD_KIND_TABLES.filter(
      ([type]) => onlyType === undefined || type === onlyType,
    ).map(([type]) => recordsOf(type));
    return sql`select * from (${sql.join(branches, sql` union all `)}) as records ${NEWEST_FIRST}`;
  });
  return read(db, { userId });
}

/** What a write needs to know of the record it changes. */
export type LockedRecord = {
  id: number;
  vehicleId: number;
  isCompleted: boolean;
  fileUrl: string | null;
  imageUrl: string | null;
};

/** The vehicle the user's record is on, read without a lock, or undefined. */
export async function findRecordVehicleId(
  db: Executor,
  userId: number,
  type: RecordType,
  id: number,
): Promise<number | undefined> {
  const table = RECORD_TABLES[type];
  const [row] = await db
    .select({ vehicleId: table.vehicleId })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  return row?.vehicleId;
}

/** The user's record, locked until the transaction ends (`for update`), or undefined. */
export async function lockOwnedRecord(
  tx: Executor,
  userId: number,
  type: RecordType,
  id: number,
): Promise<LockedRecord | undefined> {
  const table = RECORD_TABLES[type];
  const result = await tx.execute<LockedRecord>(sql`
    select ${table.id} as "id", ${table.vehicleId} as "vehicleId",
      ${table.isCompleted} as "isCompleted", ${table.fileUrl} as "fileUrl",
      ${table.imageUrl} as "imageUrl"
    from ${table}
    where ${table.id} = ${id} and ${table.userId} = ${userId}
    for update`);
  return result.rows[0];
}

/** The record's columns as SQL assignments, in the table's column names. */
function assignmentsOf(type: RecordType, columns: RecordColumns): Array<[string, SQL]> {
  const table = RECORD_TABLES[type];
  const pairs: Array<[string, SQL]> = [];
  const set = (column: { name: string }, value: SQL) => pairs.push([column.name, value]);
  const { completedAt, dueDate, dueMileage, ...shared } = columns;
  for (const [key, value] of Object.entries(shared)) {
    if (value === undefined) continue;
    const column = table[key as keyof typeof shared];
    set(column, sql`${value}`);
  }
  if (completedAt !== undefined) set(table.completedAt, completedAt ? sql`now()` : sql`null`);
  if (type === 'maintenance') {
    if (dueDate !== undefined) set(maintenance.dueDate, sql`${dueDate}`);
    if (dueMileage !== undefined) set(maintenance.dueMileage, sql`${dueMileage}`);
  }
  return pairs;
}

export async function insertRecord(
  tx: Executor,
  userId: number,
  type: RecordType,
  columns: RecordColumns & { vehicleId: number; category: string },
): Promise<number> {
  const table = RECORD_TABLES[type];
  const pairs: Array<[string, SQL]> = [[table.userId.name, sql`${userId}`]];
  pairs.push(...assignmentsOf(type, columns));
  const names = sql.join(
    pairs.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const values = sql.join(
    pairs.map(([, value]) => value),
    sql`, `,
  );
  const result = await tx.execute<{ id: number }>(
    sql`insert into ${table} (${names}) values (${values}) returning ${table.id} as "id"`,
  );
  return result.rows[0]!.id;
}

export async function updateRecord(
  tx: Executor,
  userId: number,
  type: RecordType,
  id: number,
  columns: RecordColumns,
): Promise<void> {
  const table = RECORD_TABLES[type];
  const pairs = assignmentsOf(type, columns);
  if (pairs.length === 0) return;
  const assignments = sql.join(
    pairs.map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${table} set ${assignments} where ${table.id} = ${id} and ${table.userId} = ${userId}`,
  );
}

export async function deleteRecord(tx: Executor, userId: number, type: RecordType, id: number) {
  const table = RECORD_TABLES[type];
  await tx.delete(table).where(and(eq(table.id, id), eq(table.userId, userId)));
}

/** One open record of any kind with its vehicle, as the upcoming-items query reads it. */
export type UpcomingRecordRow = {
  id: number;
  type: RecordType;
  title: string | null;
  category: string;
  vehicleId: number;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  date: string | null;
  dueDate: string | null;
  dueMileage: number | null;
  cost: string | null;
  description: string | null;
  imageUrl: string | null;
  fileUrl: string | null;
  isCompleted: boolean;
};

/**
 * D18: every record of the user that is not completed, of all three kinds, in one query; sorted
 * by the effective due date (`dueDate ?? date`, undated last), then due mileage (nulls last),
 * then id.
 */
const openRecordsRead = preparedSql<UpcomingRecordRow>(
  'records_open',
  sql`select * from (${sql.join(
    RECORD_KIND_TABLES.map(([type, table]) => recordsOf(type, sql`${table.isCompleted} = false`)),
    sql` union all `,
  )}) as open_records
    order by coalesce("dueDate", "date") asc nulls last, "dueMileage" asc nulls last, "id" asc,
      "type" asc`,
);

export async function findOpenRecords(db: Executor, userId: number): Promise<UpcomingRecordRow[]> {
  return openRecordsRead(db, { userId });
}

/** One event of the recent activity (D19). */
export type ActivityRow = {
  /** 'vehicle' or a record type. */
  subject: 'vehicle' | RecordType;
  event: 'added' | 'completed';
  id: number;
  title: string;
  vehicleId: number;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  /** ISO 8601 in UTC. */
  date: string;
};

/**
 * D19: the user's `limit` newest events in one query: vehicles added, records added, and records
 * completed after they were added (a record logged as already done is one event, not two). Each
 * branch takes its own newest `limit` first, through the `user_id` indexes. Ties (one moment)
 * list completions before additions, then the newest row first.
 */
function recentActivityQuery(): SQL {
  const vehicleEvents = sql`(
    select 'vehicle'::text as "subject", 'added'::text as "event", ${vehicles.id} as "id",
      (${vehicles.year} || ' ' || ${vehicles.make} || ' ' || ${vehicles.model}) as "title",
      ${vehicles.id} as "vehicleId", ${vehicles.year} as "vehicleYear",
      ${vehicles.make} as "vehicleMake", ${vehicles.model} as "vehicleModel",
      ${vehicles.addedAt} as "at"
    from ${vehicles} where ${vehicles.userId} = ${USER_ID}
    order by ${vehicles.addedAt} desc limit ${LIMIT})`;
  const recordEvents = RECORD_KIND_TABLES.flatMap(([type, table]) =>
    (['added', 'completed'] as const).map((event) => {
      const at = event === 'added' ? table.addedAt : table.completedAt;
      const onlyCompleted =
        event === 'completed'
          ? sql`and ${table.isCompleted} and ${table.completedAt} > ${table.addedAt}`
          : sql``;
      return sql`(
        select ${sql.raw(`'${type}'`)}::text as "subject", ${sql.raw(`'${event}'`)}::text as "event", ${table.id} as "id",
          coalesce(nullif(btrim(${table.title}), ''), ${table.category}) as "title",
          ${table.vehicleId} as "vehicleId", ${vehicles.year} as "vehicleYear",
          ${vehicles.make} as "vehicleMake", ${vehicles.model} as "vehicleModel", ${at} as "at"
        from ${table}
        join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${USER_ID}
        where ${table.userId} = ${USER_ID} ${onlyCompleted}
        order by ${at} desc limit ${LIMIT})`;
    }),
  );
  return sql`
    select "subject", "event", "id", "title", "vehicleId", "vehicleYear", "vehicleMake",
      "vehicleModel", ${isoTime(sql`"at"`)} as "date"
    from (${sql.join([vehicleEvents, ...recordEvents], sql` union all `)}) as events
    order by "at" desc, ("event" = 'completed') desc, "id" desc, "subject" asc
    limit ${LIMIT}`;
}

const LIMIT = sql.placeholder('limit');

/** Built and prepared once (server/db/prepared.ts). */
const recentActivityRead = preparedSql<ActivityRow>('recent_activity', recentActivityQuery());

export async function findRecentActivity(
  db: Executor,
  userId: number,
  limit: number,
): Promise<ActivityRow[]> {
  return recentActivityRead(db, { userId, limit });
}

/** A stored document with its vehicle (D27). */
export type DocumentRow = {
  id: number;
  vehicleId: number | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  title: string;
  type: string;
  fileUrl: string | null;
  date: string | null;
  amount: string | null;
  notes: string | null;
  addedAt: string;
};

/** D27: the user's stored documents, newest first, undated last. */
export async function findDocuments(db: Executor, userId: number): Promise<DocumentRow[]> {
  const result = await db.execute<DocumentRow>(sql`
    select ${documents.id} as "id", ${documents.vehicleId} as "vehicleId",
      ${vehicles.year} as "vehicleYear", ${vehicles.make} as "vehicleMake",
      ${vehicles.model} as "vehicleModel", ${documents.title} as "title",
      ${documents.type} as "type", ${documents.fileUrl} as "fileUrl", ${documents.date} as "date",
      ${documents.amount} as "amount", ${documents.notes} as "notes",
      ${isoTime(documents.addedAt)} as "addedAt"
    from ${documents}
    left join ${vehicles}
      on ${vehicles.id} = ${documents.vehicleId} and ${vehicles.userId} = ${userId}
    where ${documents.userId} = ${userId}
    order by ${documents.date} desc nulls last, ${documents.id} desc`);
  return result.rows;
}
