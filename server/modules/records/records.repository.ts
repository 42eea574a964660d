/**
 * Queries of one record kind's table (maintenance, repairs, modifications), one set for all of
 * them: each function takes the kind and reaches its table through RECORD_TABLES (architecture
 * convention 12). The reads that span the kinds live in record-feeds.repository.ts and build on
 * `recordColumns` here. Every query is scoped by the signed-in user's id (D9) and served by an
 * index that starts with `user_id` or `vehicle_id`.
 */
import type { RecordType } from '@contract/records';
import type { DistanceUnit } from '@contract/units';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { isoTime } from '../../db/iso-time';
import type { Executor } from '../../db/open';
import { preparedRows, selectList } from '../../db/prepared';
import { DUE_COLUMNS, RECORD_KIND_TABLES, RECORD_TABLES } from '../../db/record-tables';
import { recordImages, type repairs, vehicles } from '../../db/schema';

/**
 * A kind's table, typed as one of them: the three tables declare the columns a record read
 * answers alike (server/db/schema.ts), and a select over a union of table types has no row type.
 */
const sharedColumnsOf = (type: RecordType) => RECORD_TABLES[type] as typeof repairs;

/** The user whose records a prepared read returns. */
export const USER_ID = sql.placeholder('userId');

/**
 * What every record read answers: the record of one kind with its vehicle, named alike for every
 * kind so that the kinds' reads can be joined in one union. The kind without due fields answers
 * nulls for them.
 */
export function recordColumns(type: RecordType) {
  const table = sharedColumnsOf(type);
  const due = DUE_COLUMNS[type];
  return {
    id: table.id,
    type: sql<RecordType>`${sql.raw(`'${type}'`)}::text`.as('type'),
    vehicleId: table.vehicleId,
    vehicleYear: vehicles.year,
    vehicleMake: vehicles.make,
    vehicleModel: vehicles.model,
    /** The upcoming items judge a due mileage against it (D47). */
    vehicleMileage: vehicles.mileage,
    /** What the vehicle's odometer shows: its mileage, a due mileage and the odometer are in it. */
    odometerUnit: sql<DistanceUnit>`${vehicles.odometerUnit}`.as('odometerUnit'),
    title: table.title,
    category: table.category,
    description: table.description,
    /** `numeric` arrives from pg as a string (D3). */
    cost: table.cost,
    date: table.date,
    location: table.location,
    technician: table.technician,
    notes: table.notes,
    fileUrl: table.fileUrl,
    imageUrl: table.imageUrl,
    isCompleted: table.isCompleted,
    /** Decision 050: `numeric`, a string like the cost. */
    odometer: table.odometer,
    completedAt: sql<string | null>`${isoTime(table.completedAt)}`.as('completedAt'),
    addedAt: isoTime(table.addedAt).as('addedAt'),
    dueDate: (due ? sql<string | null>`${due.dueDate}` : sql<string | null>`null::date`).as(
      'dueDate',
    ),
    dueMileage: (due
      ? sql<number | null>`${due.dueMileage}`
      : sql<number | null>`null::integer`
    ).as('dueMileage'),
  };
}

/** A record with its vehicle, as every record read answers it. */
export type RecordRow = SelectResultFields<ReturnType<typeof recordColumns>>;

/** A record as the lists and the record calls answer it: with its count of photos. */
export type ListedRecordRow = RecordRow & { photoCount: number };

/**
 * The records `records` selects (named as `recordColumns` names them), sorted by `order`, each
 * with `photoCount` (decision 033): its own photo and its record images, counted in the same
 * statement through `record_images_user_record_idx`, so a list of any length stays one query.
 */
export function withPhotoCount(records: SQL, order: SQL): SQL {
  return sql`select "records".*, ("records"."imageUrl" is not null)::int + (
      select count(*)::int from ${recordImages}
      where ${recordImages.userId} = ${USER_ID} and ${recordImages.recordType} = "records"."type"
        and ${recordImages.recordId} = "records"."id"
    ) as "photoCount"
    from (${records}) as "records" order by ${order}`;
}

/**
 * The user's records of one kind with their vehicle, where `condition` holds. Written as SQL and
 * answered as pg hands the rows over (preparedRows): mapping each row through Drizzle's builder
 * cost a fifth of a vehicle list's throughput (decision 026).
 */
export function recordsOfKind(type: RecordType, condition?: SQL): SQL {
  const table = RECORD_TABLES[type];
  return sql`select ${selectList(recordColumns(type))} from ${table}
    join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${USER_ID}
    where ${and(eq(table.userId, USER_ID), condition)}`;
}

/** Which of a kind's records a read returns: all, one vehicle's, or one record. */
type RecordScope = 'all' | 'vehicle' | 'record';

const SCOPE_CONDITIONS = {
  all: () => undefined,
  vehicle: (type: RecordType) => eq(RECORD_TABLES[type].vehicleId, sql.placeholder('vehicleId')),
  record: (type: RecordType) => eq(RECORD_TABLES[type].id, sql.placeholder('id')),
} satisfies Record<RecordScope, (type: RecordType) => SQL | undefined>;

/** One prepared read per kind and scope (server/db/prepared.ts), named after both. */
function buildRecordRead(type: RecordType, scope: RecordScope) {
  return preparedRows<ListedRecordRow>(
    `records_${type}_${scope}`,
    withPhotoCount(
      recordsOfKind(type, SCOPE_CONDITIONS[scope](type)),
      // 001 §4: newest first, undated last; then the newest row first.
      sql`"date" desc nulls last, "id" desc`,
    ),
  );
}

const RECORD_READS = Object.fromEntries(
  RECORD_KIND_TABLES.map(([type]) => [
    type,
    {
      all: buildRecordRead(type, 'all'),
      vehicle: buildRecordRead(type, 'vehicle'),
      record: buildRecordRead(type, 'record'),
    },
  ]),
) as Record<RecordType, Record<RecordScope, ReturnType<typeof buildRecordRead>>>;

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
): Promise<ListedRecordRow[]> {
  const scope: RecordScope =
    only.id !== undefined ? 'record' : only.vehicleId !== undefined ? 'vehicle' : 'all';
  return RECORD_READS[type][scope](db).execute({
    userId,
    vehicleId: only.vehicleId,
    id: only.id,
  });
}

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
  /** Decision 050: `numeric` text, to a tenth. */
  odometer?: string | null;
  /** `now` stamps the transaction's time (D19); null clears it. */
  completedAt?: 'now' | null;
  dueDate?: string | null;
  dueMileage?: number | null;
  /** Decision 054: the schedule a maintenance record completed. */
  scheduleId?: number;
};

/** The record's columns as SQL assignments, in the table's column names. */
function assignmentsOf(type: RecordType, columns: RecordColumns): Array<[string, SQL]> {
  const table = RECORD_TABLES[type];
  const pairs: Array<[string, SQL]> = [];
  const set = (column: { name: string }, value: SQL) => pairs.push([column.name, value]);
  const { completedAt, dueDate, dueMileage, scheduleId, ...shared } = columns;
  for (const [key, value] of Object.entries(shared)) {
    if (value === undefined) continue;
    const column = table[key as keyof typeof shared];
    set(column, sql`${value}`);
  }
  if (completedAt !== undefined) set(table.completedAt, completedAt ? sql`now()` : sql`null`);
  const due = DUE_COLUMNS[type];
  if (due) {
    if (dueDate !== undefined) set(due.dueDate, sql`${dueDate}`);
    if (dueMileage !== undefined) set(due.dueMileage, sql`${dueMileage}`);
    if (scheduleId !== undefined) set(due.scheduleId, sql`${scheduleId}`);
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
