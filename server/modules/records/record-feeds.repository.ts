/**
 * The reads that span the record kinds: the unified list (001 §3), the open records behind the
 * upcoming items (D18), the recent activity (D19) and the user's documents (D27). The first two
 * join the kinds' record columns (records.repository.ts) in one union; the activity's branches
 * each take their own newest rows first. Every query is scoped by the signed-in
 * user's id (D9) and served by `user_id` indexes, and each is prepared once
 * (server/db/prepared.ts).
 */
import type { RecordType } from '@contract/records';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { isoTime } from '../../db/iso-time';
import type { Executor } from '../../db/open';
import { preparedRawRead, preparedRows } from '../../db/prepared';
import { RECORD_KIND_TABLES, RECORD_TABLES } from '../../db/record-tables';
import { documents, vehicles } from '../../db/schema';
import {
  type ListedRecordRow,
  type RecordRow,
  recordsOfKind,
  USER_ID,
  withPhotoCount,
} from './records.repository';

const RECORD_TYPES = RECORD_KIND_TABLES.map(([type]) => type);

/**
 * The kinds' records (those `where` keeps, per table) in one union, each branch naming the
 * columns of `recordColumns` (records.repository.ts) as a record read answers them, sorted by
 * `order`. Written as SQL and answered as pg hands the rows over: these lists run to thousands
 * of rows, and mapping each through Drizzle's builder halved their throughput (decision 026).
 */
function unionOfKinds(
  types: readonly RecordType[],
  where: (type: RecordType) => SQL | undefined,
  order: SQL,
): SQL {
  return sql`select * from (${branchesOfKinds(types, where)}) as records order by ${order}`;
}

/** The union's branches alone, for a statement that selects from them (withPhotoCount). */
function branchesOfKinds(
  types: readonly RecordType[],
  where: (type: RecordType) => SQL | undefined,
): SQL {
  return sql.join(
    types.map((type) => recordsOfKind(type, where(type))),
    sql` union all `,
  );
}

/** 001 §4: newest first, undated last; then the newest row first. */
export const NEWEST_FIRST = sql`"date" desc nulls last, "id" desc, "type" asc`;

/**
 * The unified view for every kind, and for each kind alone (`?type=`), with each record's count
 * of photos (decision 033).
 */
const UNIFIED_READS = Object.fromEntries(
  [undefined, ...RECORD_TYPES].map((onlyType) => [
    onlyType ?? 'all',
    preparedRows<ListedRecordRow>(
      `records_unified_${onlyType ?? 'all'}`,
      withPhotoCount(
        branchesOfKinds(onlyType ? [onlyType] : RECORD_TYPES, () => undefined),
        NEWEST_FIRST,
      ),
    ),
  ]),
);

/** 001 §3 unified view: the records of every kind (or one kind), in one query, newest first. */
export async function findAllRecords(
  db: Executor,
  userId: number,
  onlyType?: RecordType,
): Promise<ListedRecordRow[]> {
  return UNIFIED_READS[onlyType ?? 'all']!(db).execute({ userId });
}

/**
 * D18: every record of the user that is not completed, of all three kinds, in one query; sorted
 * by the effective due date (`dueDate ?? date`, undated last), then due mileage (nulls last),
 * then id.
 */
const openRecordsRead = preparedRows<RecordRow>(
  'records_open',
  unionOfKinds(
    RECORD_TYPES,
    (type) => eq(RECORD_TABLES[type].isCompleted, false),
    sql`coalesce("dueDate", "date") asc nulls last, "dueMileage" asc nulls last, "id" asc,
      "type" asc`,
  ),
);

export async function findOpenRecords(db: Executor, userId: number): Promise<RecordRow[]> {
  return openRecordsRead(db).execute({ userId });
}

const LIMIT = sql.placeholder('limit');

/**
 * D19: the user's `limit` newest events in one query: vehicles added, records added, and records
 * completed after they were added (a record logged as already done is one event, not two). Each
 * branch takes its own newest `limit` first, through the `user_id` indexes.
 */
function recentEvents(): SQL {
  const vehicleEvents = sql`(
    select 'vehicle'::text as "subject", 'added'::text as "event", ${vehicles.id} as "id",
      -- A vehicle's event is titled with its name, which the service writes.
      null::text as "title",
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
  return sql`select * from (${sql.join([vehicleEvents, ...recordEvents], sql` union all `)}) as events
    order by "at" desc limit ${LIMIT}`;
}

const recentActivityRead = preparedRawRead(
  'recent_activity',
  recentEvents(),
  {
    /** 'vehicle' or a record type. */
    subject: sql<'vehicle' | RecordType>`"subject"`,
    event: sql<'added' | 'completed'>`"event"`,
    id: sql<number>`"id"`,
    /** A record's title (its category when it has none); null for a vehicle. */
    title: sql<string | null>`"title"`,
    vehicleId: sql<number>`"vehicleId"`,
    vehicleYear: sql<number>`"vehicleYear"`,
    vehicleMake: sql<string>`"vehicleMake"`,
    vehicleModel: sql<string>`"vehicleModel"`,
    date: isoTime(sql`"at"`),
  },
  // Ties (one moment) list completions before additions, then the newest row first.
  [sql`"at" desc`, sql`("event" = 'completed') desc`, sql`"id" desc`, sql`"subject" asc`],
);

/** One event of the recent activity (D19). */
export type ActivityRow = Awaited<
  ReturnType<ReturnType<typeof recentActivityRead>['execute']>
>[number];

export async function findRecentActivity(
  db: Executor,
  userId: number,
  limit: number,
): Promise<ActivityRow[]> {
  return recentActivityRead(db).execute({ userId, limit });
}

/** D27: the user's stored documents with their vehicle (if any), newest first, undated last. */
export async function findDocuments(db: Executor, userId: number) {
  return db
    .select({
      id: documents.id,
      vehicleId: documents.vehicleId,
      vehicleYear: vehicles.year,
      vehicleMake: vehicles.make,
      vehicleModel: vehicles.model,
      title: documents.title,
      type: documents.type,
      fileUrl: documents.fileUrl,
      date: documents.date,
      /** `numeric` arrives from pg as a string (D3). */
      amount: documents.amount,
      notes: documents.notes,
      addedAt: isoTime(documents.addedAt),
    })
    .from(documents)
    .leftJoin(vehicles, and(eq(vehicles.id, documents.vehicleId), eq(vehicles.userId, userId)))
    .where(eq(documents.userId, userId))
    .orderBy(sql`${documents.date} desc nulls last`, desc(documents.id));
}

export type DocumentRow = Awaited<ReturnType<typeof findDocuments>>[number];
