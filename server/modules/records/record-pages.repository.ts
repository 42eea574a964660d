/**
 * A page of the unified records (001 §3, decision 057) and the type filter's counts, each one
 * statement: the kinds' rows after the cursor, searched (decision 033) and filtered in SQL, each
 * kind's branch reading its `{table}_user_date_idx` from its keyset bound and stopping at the
 * page's size; and one aggregate of what the search and the vehicle leave. A statement is prepared
 * per shape (which kinds, which filters), so every filter is a plain condition the planner sees.
 * Every branch is scoped by the signed-in user's id (D9), on the record and on its vehicle.
 */
import type { RecordPageStatus } from '@contract/record-pages';
import { RECORD_TYPES, type RecordType } from '@contract/records';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type KeysetBound, undatedLast, withinKeysetBound } from '../../db/keyset';
import type { Executor } from '../../db/open';
import { preparedPerShape, preparedRows, selectList } from '../../db/prepared';
import { RECORD_TABLES } from '../../db/record-tables';
import { vehicles } from '../../db/schema';
import { NEWEST_FIRST } from './record-feeds.repository';
import { type ListedRecordRow, recordColumns, USER_ID, withPhotoCount } from './records.repository';

/** What narrows a page: the search (already folded), one kind, one vehicle, open or completed. */
export type RecordPageFilters = {
  search?: string | undefined;
  type?: RecordType | undefined;
  vehicleId?: number | undefined;
  status?: RecordPageStatus | undefined;
};

/**
 * How a search reads a kind's rows. Its stored, folded `search_text` (migration 0013; kept out of
 * schema.ts so that no whole-row read, such as the export's, carries it) is read by
 * trigram through `{table}_user_search_idx` when the search holds a trigram the index can use
 * (three letters or digits in a row); a shorter one reads the user's rows, each a `strpos` of the
 * stored column, as the index would have to read every entry of the user.
 */
export type SearchPlan = 'trigram' | 'rows';

/** pg_trgm's words are runs of letters and digits; a LIKE's trigrams come from inside them. */
export function searchPlanOf(search: string): SearchPlan {
  return /[\p{L}\p{N}]{3}/u.test(search) ? 'trigram' : 'rows';
}

/** The folded search as a LIKE pattern for a substring, its `%`, `_` and `\` taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

const SEARCH = sql.placeholder('search');
const PATTERN = sql.placeholder('pattern');
const VEHICLE_ID = sql.placeholder('vehicleId');
const LIMIT = sql.placeholder('limit');

/**
 * Decision 033's search of one kind's rows: the record's own six fields (`search_text`, the
 * title as the card shows it, one field a line so nothing matches across two), or its vehicle's
 * name (`vehicles.search_name`, "{year} {make} {model}"). The user's few vehicles are searched
 * first, their matching ids one array, so both halves of the OR are index conditions.
 */
function searchCondition(type: RecordType, plan: SearchPlan): SQL {
  const table = RECORD_TABLES[type];
  const holds = (text: SQL) =>
    plan === 'trigram'
      ? sql`${text} like ${PATTERN}::text`
      : sql`strpos(${text}, ${SEARCH}::text) > 0`;
  const matchingVehicles = sql`select ${vehicles.id} from ${vehicles}
    where ${vehicles.userId} = ${USER_ID} and ${holds(sql`${vehicles}."search_name"`)}`;
  return sql`(${holds(sql`${table}."search_text"`)} or ${table.vehicleId} = any(array(${matchingVehicles})))`;
}

/** The conditions the search and the vehicle filter add to one kind's rows. */
function filterConditions(
  type: RecordType,
  shape: { search: SearchPlan | undefined; vehicle: boolean },
) {
  const table = RECORD_TABLES[type];
  return [
    shape.vehicle ? eq(table.vehicleId, VEHICLE_ID) : undefined,
    shape.search ? searchCondition(type, shape.search) : undefined,
  ];
}

type PageShape = {
  type: RecordType | undefined;
  search: SearchPlan | undefined;
  vehicle: boolean;
  status: RecordPageStatus | undefined;
};

const boundPlaceholders = (type: RecordType) => ({ date: 'afterDate', id: `afterId_${type}` });

/**
 * One kind's next rows: at most the page's size, from its keyset bound, in the list's order. The
 * rows are chosen from the kind's table alone, so the planner reads them through
 * `{table}_user_date_idx` (or, searched, `{table}_user_search_idx`) and stops at the page's size;
 * joined to the vehicle first, it expected the join to keep few rows and sorted every record of
 * the user instead. The chosen rows then take their columns and vehicle.
 */
function branchOfPage(type: RecordType, shape: PageShape): SQL {
  const table = RECORD_TABLES[type];
  const status =
    shape.status === undefined ? undefined : eq(table.isCompleted, shape.status === 'completed');
  const chosen = sql`select ${table.id} from ${table}
    where ${and(
      eq(table.userId, USER_ID),
      ...filterConditions(type, shape),
      status,
      withinKeysetBound(table.date, table.id, boundPlaceholders(type)),
    )}
    order by ${undatedLast(table.date)} desc, ${table.id} desc limit ${LIMIT}`;
  return sql`(select ${selectList(recordColumns(type))} from (${chosen}) as "chosen"
    join ${table} on ${table.id} = "chosen"."id"
    join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${USER_ID})`;
}

/** 001 §4: newest first, undated last; then the newest row first (as GET /api/records). */
const NEWEST_FIRST_PAGE = sql`${NEWEST_FIRST} limit ${LIMIT}`;

function buildPageRead(shape: PageShape) {
  const types = shape.type ? [shape.type] : RECORD_TYPES;
  const name = [
    'record_page',
    shape.type ?? 'all',
    shape.search ? `q${shape.search}` : '',
    shape.vehicle ? 'v' : '',
    shape.status ?? '',
  ].join('_');
  return preparedRows<ListedRecordRow>(
    name,
    withPhotoCount(
      sql.join(
        types.map((type) => branchOfPage(type, shape)),
        sql` union all `,
      ),
      NEWEST_FIRST_PAGE,
    ),
  );
}

/** Each shape's statement, built and prepared the first time it is asked for. */
const pageReads = preparedPerShape(buildPageRead);

/**
 * Up to `limit` records after the bounds (one per kind, keyset.ts), newest first, undated last,
 * with their photo counts.
 */
export async function findRecordPage(
  db: Executor,
  userId: number,
  filters: RecordPageFilters,
  bounds: Record<RecordType, KeysetBound>,
  limit: number,
): Promise<ListedRecordRow[]> {
  const shape: PageShape = {
    type: filters.type,
    search: filters.search === undefined ? undefined : searchPlanOf(filters.search),
    vehicle: filters.vehicleId !== undefined,
    status: filters.status,
  };
  const read = pageReads(shape);
  const values: Record<string, unknown> = {
    userId,
    limit,
    search: filters.search,
    pattern: filters.search === undefined ? undefined : containsPattern(filters.search),
    vehicleId: filters.vehicleId,
    // Every kind's bound shares the day; the ids differ with the kinds' order.
    afterDate: bounds.maintenance.date,
  };
  for (const type of RECORD_TYPES) values[`afterId_${type}`] = bounds[type].id;
  return read(db).execute(values);
}

/**
 * Per kind, the records the search and the vehicle leave and how many of them are open; and the
 * user's records whatever the filters, which tell a garage without records from a search that
 * found none.
 */
export type RecordCountsRow = Record<RecordType | `${RecordType}Pending`, number> &
  Partial<Record<`${RecordType}Cost`, string>> & {
    /** Every record of the user, whatever the filters. */
    total: number;
    /** Whether the vehicle filtered to is the user's (true when none is). */
    vehicleFound: boolean;
  };

type CountsShape = { search: SearchPlan | undefined; vehicle: boolean; costs: boolean };

/**
 * Each kind's counts in one row, with the vehicle's check: each filter a FILTER of one pass over
 * the user's records, counted from its `{table}_user_id_idx` alone. Searched, the kind's matches
 * are read as the page reads them (through `{table}_user_search_idx`), and the kind's total,
 * which the search does not narrow, from `{table}_user_id_idx` beside them. With `costs` (the
 * vehicle page's tabs), each kind's total cost of what the filters leave too: `numeric` sums stay
 * exact and arrive as text (D3).
 */
function buildCountsRead(shape: CountsShape) {
  const perKind = RECORD_TYPES.map((type) => {
    const table = RECORD_TABLES[type];
    const kept = and(...filterConditions(type, shape)) ?? sql`true`;
    const cost = (condition: SQL) =>
      shape.costs
        ? sql`, coalesce(sum(${table.cost}) filter (where ${condition}), 0)::text as "cost"`
        : sql``;
    const counted = shape.search
      ? sql`select (select count(*) from ${table} where ${eq(table.userId, USER_ID)})::int as "total",
          count(*)::int as "records",
          (count(*) filter (where not ${table.isCompleted}))::int as "pending"${cost(sql`true`)}
        from ${table}
        where ${and(eq(table.userId, USER_ID), kept)}`
      : sql`select count(*)::int as "total",
          (count(*) filter (where ${kept}))::int as "records",
          (count(*) filter (where ${kept} and not ${table.isCompleted}))::int as "pending"${cost(kept)}
        from ${table}
        where ${eq(table.userId, USER_ID)}`;
    return sql`(${counted}) as ${sql.identifier(type)}`;
  });
  const columns = RECORD_TYPES.map((type) => {
    const kind = sql.identifier(type);
    const cost = shape.costs ? sql`, ${kind}."cost" as ${sql.identifier(`${type}Cost`)}` : sql``;
    return sql`${kind}."records" as ${kind}, ${kind}."pending" as ${sql.identifier(`${type}Pending`)}${cost}`;
  });
  const total = sql.join(
    RECORD_TYPES.map((type) => sql`${sql.identifier(type)}."total"`),
    sql` + `,
  );
  const vehicleFound = shape.vehicle
    ? sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${VEHICLE_ID} and ${vehicles.userId} = ${USER_ID})`
    : sql`true`;
  return preparedRows<RecordCountsRow>(
    `record_page_counts${shape.search ? `_q${shape.search}` : ''}${shape.vehicle ? '_v' : ''}${shape.costs ? '_c' : ''}`,
    sql`select ${sql.join(columns, sql`, `)}, ${total} as "total", ${vehicleFound} as "vehicleFound"
      from ${sql.join(perKind, sql` cross join `)}`,
  );
}

/** Each shape's aggregate, built and prepared the first time it is asked for. */
const countsReads = preparedPerShape(buildCountsRead);

/**
 * One aggregate: the type filter's counts of what the search and the vehicle leave, and with
 * `withCosts` their total costs.
 */
export async function countRecordPageTypes(
  db: Executor,
  userId: number,
  filters: Pick<RecordPageFilters, 'search' | 'vehicleId'>,
  { withCosts = false }: { withCosts?: boolean } = {},
): Promise<RecordCountsRow> {
  const shape: CountsShape = {
    search: filters.search === undefined ? undefined : searchPlanOf(filters.search),
    vehicle: filters.vehicleId !== undefined,
    costs: withCosts,
  };
  const read = countsReads(shape);
  const [row] = await read(db).execute({
    userId,
    search: filters.search,
    pattern: filters.search === undefined ? undefined : containsPattern(filters.search),
    vehicleId: filters.vehicleId,
  });
  return row!;
}
