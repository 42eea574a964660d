/**
 * The aggregate reads of Expenses & Analytics (001 §2, D20, D37, D48). Every sum, top list and
 * month is computed by PostgreSQL on exact `numeric` money (D3), scoped by the signed-in user's id
 * (D9) and, when asked, one vehicle of theirs; no read ships every record to be summed here. Each
 * read is one statement whatever the size of the garage. Energy entries (decision 050) are summed
 * beside the records, by their date, in the same selection and period.
 */
import { ENERGIES, ENERGY_KINDS } from '@contract/energy';
import { SPENDING_CATEGORIES } from '@contract/expenses';
import { RECORD_KINDS } from '@contract/records';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { RECORD_KIND_TABLES, type RecordTable } from '../../db/record-tables';
import { energyEntries, vehicles } from '../../db/schema';

/** `from` and `to` inclusive, either may be open; undefined for "all time". */
export type Period = { from?: string | undefined; to?: string | undefined };

export type ExpenseFilter = { vehicleId?: number | undefined; period?: Period | undefined };

/** The record kinds as the answer names them (their collections), each with its table. */
const KIND_TABLES = RECORD_KIND_TABLES.map(([type, table]) => ({
  kind: RECORD_KINDS[type].collection,
  isRunningCost: RECORD_KINDS[type].isRunningCost,
  table,
}));

/**
 * Whether a dated thing falls in the period. With a period, an undated one never does: it counts
 * only in "all time" (the contract's rule).
 */
function inPeriod(column: SQL, period: Period | undefined): SQL {
  if (!period || (!period.from && !period.to)) return sql`true`;
  const bounds = [sql`${column} is not null`];
  if (period.from) bounds.push(sql`${column} >= ${period.from}::date`);
  if (period.to) bounds.push(sql`${column} <= ${period.to}::date`);
  return sql.join(bounds, sql` and `);
}

/** D48: the kinds whose costs are running costs (RECORD_KINDS' `isRunningCost`), as listed SQL. */
const RUNNING_COST_KINDS = sql.join(
  KIND_TABLES.filter(({ isRunningCost }) => isRunningCost).map(({ kind }) => sql`${kind}::text`),
  sql`, `,
);

/** The user's records of every kind (one vehicle's when asked) as `kind, id, ..., cost, date`. */
function recordsOf(userId: number, vehicleId: number | undefined, extra: (t: RecordTable) => SQL) {
  const parts = KIND_TABLES.map(({ kind, table }) => {
    const onlyVehicle =
      vehicleId === undefined ? sql`` : sql`and ${table.vehicleId} = ${vehicleId}`;
    return sql`select ${kind}::text as "kind", ${table.id} as "id", ${table.vehicleId} as "vehicleId",
        coalesce(nullif(btrim(${table.title}), ''), ${table.category}) as "title",
        ${table.category} as "category", ${table.cost} as "cost", ${table.date} as "date"
      from ${table}
      where ${table.userId} = ${userId} ${onlyVehicle} and ${extra(table)}`;
  });
  return sql.join(parts, sql` union all `);
}

/** The user's energy entries (one vehicle's when asked) in the period, as `cost, date`. */
function energyCostsOf(userId: number, vehicleId: number | undefined, period: Period | undefined) {
  const onlyVehicle =
    vehicleId === undefined ? sql`` : sql`and ${energyEntries.vehicleId} = ${vehicleId}`;
  return sql`select ${energyEntries.totalCost} as "cost", ${energyEntries.date} as "date"
    from ${energyEntries}
    where ${energyEntries.userId} = ${userId} ${onlyVehicle}
      and ${inPeriod(sql`${energyEntries.date}`, period)}`;
}

/** `numeric` as pg hands it over: text. */
type Numeric = string;

export type VehicleExpensesRow = {
  vehicleId: number;
  year: number;
  make: string;
  model: string;
  mileage: number | null;
  /** Decision 050: the energy profile, which the economy reads. */
  energies: string[];
  auxiliary: string | null;
  batteryCapacity: number | null;
  odometerUnit: string;
  purchase: Numeric;
  maintenance: Numeric;
  repairs: Numeric;
  modifications: Numeric;
  total: Numeric;
  /** The open records' costs in the period: the planned part of `total` (D48). */
  planned: Numeric;
  /** Fuel and charging in the period; not part of `total`. */
  energy: Numeric;
  /** D48: completed maintenance and repairs in the period (undated ones only in all time). */
  serviceCost: Numeric;
  totalPurchase: Numeric;
  totalMaintenance: Numeric;
  totalRepairs: Numeric;
  totalModifications: Numeric;
  totalAll: Numeric;
  totalPlanned: Numeric;
  totalEnergy: Numeric;
};

/**
 * Each vehicle of the filter with its four sums in the period, its energy and completed running
 * costs in the period (for cost per distance), its energy profile, and the sums over every
 * vehicle (window sums, so that totals come from PostgreSQL too). Oldest added first.
 */
export async function sumExpensesByVehicle(
  db: Executor,
  userId: number,
  { vehicleId, period }: ExpenseFilter,
): Promise<VehicleExpensesRow[]> {
  const onlyVehicle = vehicleId === undefined ? sql`` : sql`and ${vehicles.id} = ${vehicleId}`;
  const costsOfVehicle = sql.join(
    KIND_TABLES.map(
      ({ kind, table }) => sql`select ${kind}::text as "kind", ${table.cost} as "cost",
          ${table.date} as "date", ${table.isCompleted} as "isCompleted"
        from ${table} where ${table.vehicleId} = ${vehicles.id} and ${table.userId} = ${userId}`,
    ),
    sql` union all `,
  );
  const sumOf = (kind: string) =>
    sql`coalesce(sum(r."cost") filter (where r."kind" = ${kind} and ${inPeriod(sql`r."date"`, period)}), 0)`;
  const result = await db.execute<VehicleExpensesRow>(sql`
    select per_vehicle.*,
      sum(per_vehicle."purchase") over () as "totalPurchase",
      sum(per_vehicle."maintenance") over () as "totalMaintenance",
      sum(per_vehicle."repairs") over () as "totalRepairs",
      sum(per_vehicle."modifications") over () as "totalModifications",
      sum(per_vehicle."total") over () as "totalAll",
      sum(per_vehicle."planned") over () as "totalPlanned",
      sum(per_vehicle."energy") over () as "totalEnergy"
    from (
      select ${vehicles.id} as "vehicleId", ${vehicles.year} as "year",
        ${vehicles.make} as "make", ${vehicles.model} as "model",
        ${vehicles.mileage} as "mileage",
        ${vehicles.energies} as "energies", ${vehicles.auxiliary} as "auxiliary",
        ${vehicles.batteryCapacity}::float8 as "batteryCapacity",
        ${vehicles.odometerUnit} as "odometerUnit",
        purchase."amount" as "purchase",
        costs."maintenance", costs."repairs", costs."modifications",
        purchase."amount" + costs."maintenance" + costs."repairs" + costs."modifications"
          as "total",
        costs."planned" as "planned",
        energy."amount" as "energy",
        costs."service" as "serviceCost",
        ${vehicles.addedAt} as "addedAt"
      from ${vehicles}
      cross join lateral (
        select case when ${inPeriod(sql`${vehicles.purchaseDate}`, period)}
          then coalesce(${vehicles.purchasePrice}, 0) else 0 end as "amount"
      ) as purchase
      cross join lateral (
        select ${sumOf('maintenance')} as "maintenance", ${sumOf('repairs')} as "repairs",
          ${sumOf('modifications')} as "modifications",
          coalesce(sum(r."cost") filter (where not r."isCompleted"
            and ${inPeriod(sql`r."date"`, period)}), 0) as "planned",
          coalesce(sum(r."cost") filter (where r."kind" in (${RUNNING_COST_KINDS})
            and r."isCompleted" and ${inPeriod(sql`r."date"`, period)}), 0) as "service"
        from (${costsOfVehicle}) as r
      ) as costs
      cross join lateral (
        select coalesce(sum(${energyEntries.totalCost}), 0) as "amount"
        from ${energyEntries}
        where ${energyEntries.vehicleId} = ${vehicles.id} and ${energyEntries.userId} = ${userId}
          and ${inPeriod(sql`${energyEntries.date}`, period)}
      ) as energy
      where ${vehicles.userId} = ${userId} ${onlyVehicle}
    ) as per_vehicle
    order by per_vehicle."addedAt" asc, per_vehicle."vehicleId" asc`);
  return result.rows;
}

export type TopExpenseRow = {
  kind: 'maintenance' | 'repairs' | 'modifications';
  id: number;
  title: string;
  vehicleId: number;
  year: number;
  make: string;
  model: string;
  cost: Numeric;
  date: string | null;
};

/**
 * The `limit` costliest records of each kind in the filter, costliest first (then newest, then
 * the latest added). Records without a cost, or costing nothing, are no one's top expense.
 */
export async function findTopExpenses(
  db: Executor,
  userId: number,
  { vehicleId, period }: ExpenseFilter,
  limit: number,
): Promise<TopExpenseRow[]> {
  const records = recordsOf(
    userId,
    vehicleId,
    (table) => sql`${table.cost} > 0 and ${inPeriod(sql`${table.date}`, period)}`,
  );
  const result = await db.execute<TopExpenseRow>(sql`
    select ranked."kind", ranked."id", ranked."title", ranked."vehicleId",
      ${vehicles.year} as "year", ${vehicles.make} as "make", ${vehicles.model} as "model",
      ranked."cost", to_char(ranked."date", 'YYYY-MM-DD') as "date"
    from (
      select records.*, row_number() over (
        partition by records."kind"
        order by records."cost" desc, records."date" desc nulls last, records."id" desc
      ) as "rank"
      from (${records}) as records
    ) as ranked
    join ${vehicles} on ${vehicles.id} = ranked."vehicleId" and ${vehicles.userId} = ${userId}
    where ranked."rank" <= ${limit}
    order by ranked."kind", ranked."rank"`);
  return result.rows;
}

export type MonthlySpendingRow = {
  month: string;
  maintenance: Numeric;
  repairs: Numeric;
  modifications: Numeric;
  energy: Numeric;
};

/**
 * Spending per calendar month of the dated records and the energy entries in the filter, from the
 * first month with spending to the last, months without any in between as zeros.
 */
export async function sumMonthlySpending(
  db: Executor,
  userId: number,
  { vehicleId, period }: ExpenseFilter,
): Promise<MonthlySpendingRow[]> {
  const records = recordsOf(
    userId,
    vehicleId,
    (table) =>
      sql`${table.cost} is not null and ${table.date} is not null and ${inPeriod(sql`${table.date}`, period)}`,
  );
  const result = await db.execute<MonthlySpendingRow>(sql`
    with spending as (
      select date_trunc('month', records."date")::date as "month",
        coalesce(sum(records."cost") filter (where records."kind" = 'maintenance'), 0)
          as "maintenance",
        coalesce(sum(records."cost") filter (where records."kind" = 'repairs'), 0) as "repairs",
        coalesce(sum(records."cost") filter (where records."kind" = 'modifications'), 0)
          as "modifications",
        coalesce(sum(records."cost") filter (where records."kind" = 'energy'), 0) as "energy"
      from (
        select records."kind", records."cost", records."date" from (${records}) as records
        union all
        select 'energy', entries."cost", entries."date"
        from (${energyCostsOf(userId, vehicleId, period)}) as entries
      ) as records
      group by 1
    )
    select to_char(months."month", 'YYYY-MM') as "month",
      coalesce(spending."maintenance", 0) as "maintenance",
      coalesce(spending."repairs", 0) as "repairs",
      coalesce(spending."modifications", 0) as "modifications",
      coalesce(spending."energy", 0) as "energy"
    from (
      select generate_series(min("month"), max("month"), interval '1 month')::date as "month"
      from spending
    ) as months
    left join spending on spending."month" = months."month"
    order by months."month"`);
  return result.rows;
}

export type ExpenseLineRow = {
  date: string | null;
  year: number;
  make: string;
  model: string;
  type: 'Purchase' | 'Maintenance' | 'Repair' | 'Modification' | 'Fuel & Energy';
  category: string | null;
  title: string | null;
  cost: Numeric | null;
};

/** An energy's name as the screens give it (`ENERGY_KINDS`), written in SQL. */
const ENERGY_LABEL = sql`case ${sql.join(
  ENERGIES.map(
    (energy) => sql`when ${energyEntries.energy} = ${energy} then ${ENERGY_KINDS[energy].label}`,
  ),
  sql` `,
)} else ${energyEntries.energy} end`;

/**
 * Every record of the filter, its energy entries (named by their energy, titled by their place)
 * and the purchases of its vehicles that have a price, for the CSV export: oldest first, undated
 * last.
 */
export async function findExpenseLines(
  db: Executor,
  userId: number,
  { vehicleId, period }: ExpenseFilter,
): Promise<ExpenseLineRow[]> {
  const onlyVehicle = vehicleId === undefined ? sql`` : sql`and ${vehicles.id} = ${vehicleId}`;
  // Each line's `Type` is its category's (SPENDING_CATEGORIES), so the lines of one type add up
  // to the card of that name.
  const typeNames = {
    maintenance: SPENDING_CATEGORIES.maintenance.csvType,
    repairs: SPENDING_CATEGORIES.repairs.csvType,
    modifications: SPENDING_CATEGORIES.modifications.csvType,
  };
  const recordLines = KIND_TABLES.map(
    ({ kind, table }) => sql`select ${table.date} as "date", ${table.vehicleId} as "vehicleId",
        ${typeNames[kind]}::text as "type", ${table.category} as "category",
        ${table.title} as "title", ${table.cost} as "cost", ${table.id} as "order"
      from ${table}
      where ${table.userId} = ${userId} and ${inPeriod(sql`${table.date}`, period)}`,
  );
  const result = await db.execute<ExpenseLineRow>(sql`
    select to_char(lines."date", 'YYYY-MM-DD') as "date", ${vehicles.year} as "year",
      ${vehicles.make} as "make", ${vehicles.model} as "model", lines."type",
      lines."category", lines."title", lines."cost"
    from (
      select ${vehicles.purchaseDate} as "date", ${vehicles.id} as "vehicleId",
        ${SPENDING_CATEGORIES.purchase.csvType}::text as "type", null::varchar as "category", null::varchar as "title",
        ${vehicles.purchasePrice} as "cost", 0 as "order"
      from ${vehicles}
      where ${vehicles.userId} = ${userId} and ${vehicles.purchasePrice} is not null
        and ${inPeriod(sql`${vehicles.purchaseDate}`, period)}
      union all
      ${sql.join(recordLines, sql` union all `)}
      union all
      select ${energyEntries.date} as "date", ${energyEntries.vehicleId} as "vehicleId",
        ${SPENDING_CATEGORIES.energy.csvType}::text as "type", ${ENERGY_LABEL}::varchar as "category",
        ${energyEntries.place} as "title", ${energyEntries.totalCost} as "cost",
        ${energyEntries.id} as "order"
      from ${energyEntries}
      where ${energyEntries.userId} = ${userId} and ${inPeriod(sql`${energyEntries.date}`, period)}
    ) as lines
    join ${vehicles} on ${vehicles.id} = lines."vehicleId" and ${vehicles.userId} = ${userId}
    where true ${onlyVehicle}
    order by lines."date" asc nulls last, ${vehicles.id}, lines."type", lines."order"`);
  return result.rows;
}
