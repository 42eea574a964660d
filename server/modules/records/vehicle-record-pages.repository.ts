/**
 * One vehicle's records a page at a time (the vehicle page's tabs): the kinds' records in one
 * union, in the order of the unified list (`NEWEST_FIRST`), after a cursor's position by keyset
 * (never an offset, so a page deep in the list costs what the first costs, and a record added
 * meanwhile shifts no later page); and each tab's count and total cost over the whole vehicle in
 * one aggregate. Scoped by the user (D9) and read through the kinds' `vehicle_id` indexes; each
 * statement is prepared once (server/db/prepared.ts).
 */
import type { RecordType } from '@contract/records';
import type { RecordPosition } from '@contract/schemas/vehicle-record-page';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedRawRead, preparedRows } from '../../db/prepared';
import { RECORD_KIND_TABLES, RECORD_TABLES } from '../../db/record-tables';
import { NEWEST_FIRST } from './record-feeds.repository';
import { type ListedRecordRow, recordsOfKind, USER_ID, withPhotoCount } from './records.repository';

const RECORD_TYPES = RECORD_KIND_TABLES.map(([type]) => type);
const VEHICLE_ID = sql.placeholder('vehicleId');
const LIMIT = sql.placeholder('limit');
const AFTER_DATE = sql`${sql.placeholder('afterDate')}::date`;
const AFTER_ID = sql`${sql.placeholder('afterId')}::integer`;
const AFTER_TYPE = sql`${sql.placeholder('afterType')}::text`;

/**
 * The rows after the cursor's record in `NEWEST_FIRST` order (date descending with undated last,
 * then id descending, then kind ascending): an older date, or undated after a dated cursor; or
 * the same date (both undated alike) and a smaller id, or the same id of a later kind.
 */
const AFTER_CURSOR = sql`(
  (${AFTER_DATE} is not null and ("date" < ${AFTER_DATE} or "date" is null))
  or ("date" is not distinct from ${AFTER_DATE}
    and ("id" < ${AFTER_ID} or ("id" = ${AFTER_ID} and "type" > ${AFTER_TYPE})))
)`;

/** The tab a page is of: every kind, or one. */
type Tab = RecordType | 'all';

/**
 * A page of the vehicle's records of `types`: the page is cut (limit) before the photos are
 * counted, so a page's cost does not grow with the vehicle's records.
 */
function pageOfKinds(types: readonly RecordType[], isAfterCursor: boolean): SQL {
  const branches = sql.join(
    types.map((type) => recordsOfKind(type, eq(RECORD_TABLES[type].vehicleId, VEHICLE_ID))),
    sql` union all `,
  );
  const after = isAfterCursor ? sql`where ${AFTER_CURSOR}` : sql``;
  return withPhotoCount(
    sql`select * from (${branches}) as "kinds" ${after} order by ${NEWEST_FIRST} limit ${LIMIT}`,
    NEWEST_FIRST,
  );
}

const PAGE_READS = Object.fromEntries(
  (['all', ...RECORD_TYPES] as const).map((tab) => {
    const types = tab === 'all' ? RECORD_TYPES : [tab];
    return [
      tab,
      {
        first: preparedRows<ListedRecordRow>(
          `vehicle_records_${tab}_first`,
          pageOfKinds(types, false),
        ),
        after: preparedRows<ListedRecordRow>(
          `vehicle_records_${tab}_after`,
          pageOfKinds(types, true),
        ),
      },
    ];
  }),
) as Record<Tab, Record<'first' | 'after', ReturnType<typeof preparedRows<ListedRecordRow>>>>;

/** Up to `limit` of the vehicle's records of the tab, after `after` (from the first when null). */
export async function findVehicleRecordPage(
  db: Executor,
  userId: number,
  vehicleId: number,
  tab: Tab,
  after: RecordPosition | null,
  limit: number,
): Promise<ListedRecordRow[]> {
  const reads = PAGE_READS[tab];
  if (!after) return reads.first(db).execute({ userId, vehicleId, limit });
  return reads.after(db).execute({
    userId,
    vehicleId,
    limit,
    afterDate: after.date,
    afterId: after.id,
    afterType: after.type,
  });
}

/** Each kind's records of the vehicle, as the figures need them: the kind and the cost. */
const costsOfKinds = sql.join(
  RECORD_KIND_TABLES.map(
    ([type, table]) => sql`select ${sql.raw(`'${type}'`)}::text as "type", ${table.cost} as "cost"
      from ${table} where ${table.userId} = ${USER_ID} and ${table.vehicleId} = ${VEHICLE_ID}`,
  ),
  sql` union all `,
);

/**
 * Per kind and for all of them (the rollup's row whose kind is null), how many records the
 * vehicle holds and their total cost, in one aggregate. `numeric` sums stay exact and arrive as
 * text (D3); a missing cost counts as nothing.
 */
const tabFiguresRead = preparedRawRead(
  'vehicle_record_tab_figures',
  sql`select "type", count(*)::int as "count", coalesce(sum("cost"), 0)::text as "cost"
    from (${costsOfKinds}) as "kinds" group by rollup ("type")`,
  {
    /** Null on the row of every kind. */
    type: sql<RecordType | null>`"type"`,
    count: sql<number>`"count"`,
    cost: sql<string>`"cost"`,
  },
);

export type TabFigureRow = Awaited<
  ReturnType<ReturnType<typeof tabFiguresRead>['execute']>
>[number];

export async function findVehicleRecordTabFigures(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<TabFigureRow[]> {
  return tabFiguresRead(db).execute({ userId, vehicleId });
}
