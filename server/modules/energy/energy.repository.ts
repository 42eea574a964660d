/**
 * Queries of `energy_entries` (decision 050): a vehicle's pages of entries, one entry, the few
 * columns of all of a vehicle's entries the economy reads, and the completed running costs of a
 * period (D48). Every query is scoped by the signed-in user's id (D9) and served by
 * `energy_entries_vehicle_date_idx` or `energy_entries_user_id_idx`.
 */

import { RECORD_KINDS } from '@contract/records';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { isoTime } from '../../db/iso-time';
import type { Executor } from '../../db/open';
import { preparedRows } from '../../db/prepared';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import { energyEntries, odometerReadings } from '../../db/schema';
import type { EconomyEntry } from './economy.calc';

export type EnergyEntryRow = typeof energyEntries.$inferSelect;
export type EnergyEntryColumns = Partial<Omit<typeof energyEntries.$inferInsert, 'id' | 'userId'>>;

/** An entry as the calls answer it, with the reading its odometer is (for its flag). */
const ANSWER_COLUMNS = {
  id: energyEntries.id,
  vehicleId: energyEntries.vehicleId,
  date: energyEntries.date,
  /** `numeric` arrives from pg as a string (D3), as do the quantities below. */
  odometer: energyEntries.odometer,
  energy: energyEntries.energy,
  quantity: energyEntries.quantity,
  unit: energyEntries.unit,
  canonicalQuantity: energyEntries.canonicalQuantity,
  unitPrice: energyEntries.unitPrice,
  totalCost: energyEntries.totalCost,
  isFull: energyEntries.isFull,
  missedPrevious: energyEntries.missedPrevious,
  place: energyEntries.place,
  notes: energyEntries.notes,
  fileUrl: energyEntries.fileUrl,
  imageUrl: energyEntries.imageUrl,
  chargerKind: energyEntries.chargerKind,
  socStart: energyEntries.socStart,
  socEnd: energyEntries.socEnd,
  batteryKwh: energyEntries.batteryKwh,
  distanceOnEnergy: energyEntries.distanceOnEnergy,
  addedAt: isoTime(energyEntries.addedAt),
  readingId: odometerReadings.id,
};

function selectAnswers(db: Executor, userId: number) {
  return db
    .select(ANSWER_COLUMNS)
    .from(energyEntries)
    .leftJoin(
      odometerReadings,
      and(
        eq(odometerReadings.energyEntryId, energyEntries.id),
        eq(odometerReadings.userId, userId),
      ),
    );
}

export type AnsweredEntryRow = Awaited<
  ReturnType<ReturnType<typeof selectAnswers>['execute']>
>[number];

/** Where a page starts: after the entry of this date and id, in newest-first order. */
export type PageCursor = { date: string; id: number };

/**
 * One page of the vehicle's entries, newest first (date, then id), `limit` of them after the
 * cursor: an index range of `energy_entries_vehicle_date_idx` whatever the page's depth.
 */
export async function findEnergyPage(
  db: Executor,
  userId: number,
  vehicleId: number,
  after: PageCursor | null,
  limit: number,
): Promise<AnsweredEntryRow[]> {
  const afterCursor: SQL | undefined = after
    ? sql`(${energyEntries.date}, ${energyEntries.id}) < (${after.date}::date, ${after.id})`
    : undefined;
  return selectAnswers(db, userId)
    .where(
      and(eq(energyEntries.vehicleId, vehicleId), eq(energyEntries.userId, userId), afterCursor),
    )
    .orderBy(desc(energyEntries.date), desc(energyEntries.id))
    .limit(limit);
}

/** The user's entry as the calls answer it, or undefined. */
export async function findEnergyEntry(
  db: Executor,
  userId: number,
  id: number,
): Promise<AnsweredEntryRow | undefined> {
  const [row] = await selectAnswers(db, userId).where(
    and(eq(energyEntries.id, id), eq(energyEntries.userId, userId)),
  );
  return row;
}

export async function insertEnergyEntry(
  tx: Executor,
  userId: number,
  values: EnergyEntryColumns &
    Pick<
      EnergyEntryRow,
      | 'vehicleId'
      | 'date'
      | 'energy'
      | 'quantity'
      | 'unit'
      | 'canonicalQuantity'
      | 'unitPrice'
      | 'totalCost'
    >,
): Promise<number> {
  const [row] = await tx
    .insert(energyEntries)
    .values({ ...values, userId })
    .returning({ id: energyEntries.id });
  return row!.id;
}

export async function updateEnergyEntry(
  tx: Executor,
  userId: number,
  id: number,
  values: EnergyEntryColumns,
): Promise<void> {
  if (Object.values(values).every((value) => value === undefined)) return;
  await tx
    .update(energyEntries)
    .set(values)
    .where(and(eq(energyEntries.id, id), eq(energyEntries.userId, userId)));
}

export async function deleteEnergyEntry(tx: Executor, userId: number, id: number): Promise<void> {
  await tx
    .delete(energyEntries)
    .where(and(eq(energyEntries.id, id), eq(energyEntries.userId, userId)));
}

/**
 * The columns of an entry that the economy's arithmetic reads, as numbers: its entry as stored,
 * the energy still text and the odometer not yet judged.
 */
export type EconomyEntryRow = Omit<EconomyEntry, 'energy' | 'isOdometerFlagged'> & {
  energy: string;
};

/** The economy's dozen numbers of an entry, as its reads select them. */
const ECONOMY_ENTRY_COLUMNS = sql`${energyEntries.id} as "id", ${energyEntries.date} as "date",
  ${energyEntries.odometer}::float8 as "odometer", ${energyEntries.energy} as "energy",
  ${energyEntries.canonicalQuantity}::float8 as "canonicalQuantity",
  ${energyEntries.totalCost}::float8 as "totalCost", ${energyEntries.isFull} as "isFull",
  ${energyEntries.missedPrevious} as "missedPrevious", ${energyEntries.socStart} as "socStart",
  ${energyEntries.socEnd} as "socEnd", ${energyEntries.batteryKwh}::float8 as "batteryKwh",
  ${energyEntries.distanceOnEnergy}::float8 as "distanceOnEnergy"`;

/**
 * Every entry of the vehicle, a dozen numbers each: a period's spans may open long before it, so
 * the economy reads them all (decision 050). Written as SQL and answered as pg hands the rows
 * over (decision 026): a vehicle may have ten thousand.
 */
const economyEntriesRead = preparedRows<EconomyEntryRow>(
  'energy_entries_for_economy',
  sql`select ${ECONOMY_ENTRY_COLUMNS}
    from ${energyEntries}
    where ${energyEntries.vehicleId} = ${sql.placeholder('vehicleId')}
      and ${energyEntries.userId} = ${sql.placeholder('userId')}
    order by ${energyEntries.date}, ${energyEntries.id}`,
);

export async function findEconomyEntries(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<EconomyEntryRow[]> {
  return economyEntriesRead(db).execute({ userId, vehicleId });
}

/**
 * The economy's numbers of every entry of the user's vehicles (one vehicle's when asked), each
 * with its vehicle: the expenses page's economy of a whole garage in one statement, served by
 * `energy_entries_user_id_idx`.
 */
export async function findEconomyEntriesOfUser(
  db: Executor,
  userId: number,
  vehicleId: number | undefined,
): Promise<(EconomyEntryRow & { vehicleId: number })[]> {
  const onlyVehicle =
    vehicleId === undefined ? sql`` : sql`and ${energyEntries.vehicleId} = ${vehicleId}`;
  const result = await db.execute<EconomyEntryRow & { vehicleId: number }>(
    sql`select ${energyEntries.vehicleId} as "vehicleId", ${ECONOMY_ENTRY_COLUMNS}
      from ${energyEntries}
      where ${energyEntries.userId} = ${userId} ${onlyVehicle}
      order by ${energyEntries.vehicleId}, ${energyEntries.date}, ${energyEntries.id}`,
  );
  return result.rows;
}

/**
 * D48: the cost of the vehicle's completed running costs (the record kinds RECORD_KINDS marks so)
 * dated in the period; either end may be open, and an undated record counts only when both are.
 * Planned items never count.
 */
export async function sumRunningCosts(
  db: Executor,
  userId: number,
  vehicleId: number,
  period: { from: string | null; to: string | null },
): Promise<number> {
  const branches = RECORD_KIND_TABLES.filter(([type]) => RECORD_KINDS[type].isRunningCost).map(
    ([, table]) => sql`select ${table.cost} as "cost" from ${table}
      where ${table.vehicleId} = ${vehicleId} and ${table.userId} = ${userId}
        and ${table.isCompleted}
        ${period.from === null ? sql`` : sql`and ${table.date} >= ${period.from}::date`}
        ${period.to === null ? sql`` : sql`and ${table.date} <= ${period.to}::date`}`,
  );
  const result = await db.execute<{ total: number }>(
    sql`select coalesce(sum("cost"), 0)::float8 as "total"
      from (${sql.join(branches, sql` union all `)}) as running`,
  );
  return result.rows[0]!.total;
}
