/**
 * A page of the unified records (001 §3, decision 057) and the type filter's counts, each one
 * statement: the kinds' rows after the cursor, searched (decision 033) and filtered in SQL, each
 * kind's branch reading its `{table}_user_date_idx` from its keyset bound and stopping at the
 * page's size; and one aggregate of what the search and the vehicle leave. A statement is prepared
 * per shape (which kinds, which filters), so every filter is a plain condition the planner sees.
 * Every branch is scoped by the signed-in user's id (D9), on the record and on its vehicle.
 */
import type { RecordPageStatus } from '@contract/record-pages';
import { RECORD_TYPES, type RecordType, UNTITLED } from '@contract/records';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type KeysetBound, undatedLast, withinKeysetBound } from '../../db/keyset';
import type { Executor } from '../../db/open';
import { type PreparedRead, preparedRows, selectList } from '../../db/prepared';
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
 * JavaScript's `\s`, spelled out: the browser folded white space with it (decision 033), and
 * PostgreSQL's own `\s` depends on the database's locale.
 */
const WHITE_SPACE = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
const WHITE_SPACE_RUN = sql.raw(`'[${WHITE_SPACE}]+'`);
const NOT_WHITE_SPACE = sql.raw(`'[^${WHITE_SPACE}]'`);

/**
 * Decision 033's seven fields of a record as one lower-case text, white space folded: the title
 * as the card shows it ('Untitled' when blank), description, category, the vehicle's name
 * ("{year} {make} {model}"), location, technician and notes. The fields are joined by a unit
 * separator, which no folded search text holds, so a search never matches across two fields.
 */
function searchedText(type: RecordType): SQL {
  const table = RECORD_TABLES[type];
  const title = sql`case when ${table.title} ~ ${NOT_WHITE_SPACE} then ${table.title} else ${sql.raw(`'${UNTITLED}'`)} end`;
  const vehicleName = sql`${vehicles.year}::text || ' ' || ${vehicles.make} || ' ' || ${vehicles.model}`;
  const joined = sql`concat_ws(chr(31), ${title}, ${table.description}, ${table.category}, ${vehicleName}, ${table.location}, ${table.technician}, ${table.notes})`;
  return sql`lower(regexp_replace(${joined}, ${WHITE_SPACE_RUN}, ' ', 'g'))`;
}

const SEARCH = sql.placeholder('search');
const VEHICLE_ID = sql.placeholder('vehicleId');
const LIMIT = sql.placeholder('limit');

/** The conditions the search and the vehicle filter add to one kind's rows. */
function filterConditions(type: RecordType, shape: { search: boolean; vehicle: boolean }) {
  const table = RECORD_TABLES[type];
  return [
    shape.vehicle ? eq(table.vehicleId, VEHICLE_ID) : undefined,
    shape.search ? sql`strpos(${searchedText(type)}, ${SEARCH}::text) > 0` : undefined,
  ];
}

type PageShape = {
  type: RecordType | undefined;
  search: boolean;
  vehicle: boolean;
  status: RecordPageStatus | undefined;
};

const boundPlaceholders = (type: RecordType) => ({ date: 'afterDate', id: `afterId_${type}` });

/**
 * One kind's next rows: at most the page's size, from its keyset bound, in the list's order. The
 * rows are chosen from the kind's table alone (its vehicle joined only for the search, which
 * reads the vehicle's name), so the planner reads them through `{table}_user_date_idx` and stops
 * at the page's size; joined to the vehicle first, it expected the join to keep few rows and
 * sorted every record of the user instead. The chosen rows then take their columns and vehicle.
 */
function branchOfPage(type: RecordType, shape: PageShape): SQL {
  const table = RECORD_TABLES[type];
  const status =
    shape.status === undefined ? undefined : eq(table.isCompleted, shape.status === 'completed');
  const withVehicle = shape.search
    ? sql` join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${USER_ID}`
    : sql``;
  const chosen = sql`select ${table.id} from ${table}${withVehicle}
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
    shape.search ? 'q' : '',
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
const pageReads = new Map<string, (db: Executor) => PreparedRead<ListedRecordRow>>();

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
    search: filters.search !== undefined,
    vehicle: filters.vehicleId !== undefined,
    status: filters.status,
  };
  const key = JSON.stringify(shape);
  let read = pageReads.get(key);
  if (!read) {
    read = buildPageRead(shape);
    pageReads.set(key, read);
  }
  const values: Record<string, unknown> = {
    userId,
    limit,
    search: filters.search,
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

type CountsShape = { search: boolean; vehicle: boolean; costs: boolean };

/**
 * Each kind's counts in one row, with the vehicle's check: one pass over the user's records,
 * each filter a FILTER of the count. A record's vehicle is always its user's (the writes check
 * it, D9), so only the search, which reads the vehicle's name, joins it: without, a kind's counts
 * come from its `{table}_user_id_idx` alone. With `costs` (the vehicle page's tabs), each kind's
 * total cost of what the filters leave too: `numeric` sums stay exact and arrive as text (D3).
 */
function buildCountsRead(shape: CountsShape) {
  const perKind = RECORD_TYPES.map((type) => {
    const table = RECORD_TABLES[type];
    const kept = and(...filterConditions(type, shape)) ?? sql`true`;
    const cost = shape.costs
      ? sql`, coalesce(sum(${table.cost}) filter (where ${kept}), 0)::text as "cost"`
      : sql``;
    const counted = sql`select count(*)::int as "total",
        (count(*) filter (where ${kept}))::int as "records",
        (count(*) filter (where ${kept} and not ${table.isCompleted}))::int as "pending"${cost}
      from ${table}${shape.search ? sql` join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${USER_ID}` : sql``}
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
    `record_page_counts${shape.search ? '_q' : ''}${shape.vehicle ? '_v' : ''}${shape.costs ? '_c' : ''}`,
    sql`select ${sql.join(columns, sql`, `)}, ${total} as "total", ${vehicleFound} as "vehicleFound"
      from ${sql.join(perKind, sql` cross join `)}`,
  );
}

/** Each shape's aggregate, built and prepared the first time it is asked for. */
const countsReads = new Map<string, (db: Executor) => PreparedRead<RecordCountsRow>>();

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
    search: filters.search !== undefined,
    vehicle: filters.vehicleId !== undefined,
    costs: withCosts,
  };
  const key = JSON.stringify(shape);
  let read = countsReads.get(key);
  if (!read) {
    read = buildCountsRead(shape);
    countsReads.set(key, read);
  }
  const [row] = await read(db).execute({
    userId,
    search: filters.search,
    vehicleId: filters.vehicleId,
  });
  return row!;
}
