/**
 * Queries of `odometer_readings` (decision 050): a vehicle's readings, the one reading an energy
 * entry or a record came with, and their writes. Also the two writes a reading makes outside its
 * table, so that the odometer needs no module above it: the date and odometer of the entry or
 * record it came with, and the vehicle's `mileage` that follows the current reading. Every query
 * is scoped by the signed-in user's id (D9) and served by `odometer_readings_vehicle_date_idx`,
 * the unique indexes on the source, the tables' primary keys, or `odometer_readings_user_id_idx`.
 */
import type { OdometerSource } from '@contract/odometer';
import type { RecordType } from '@contract/records';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedRows } from '../../db/prepared';
import { RECORD_TABLES } from '../../db/record-tables';
import { energyEntries, odometerReadings, vehicles } from '../../db/schema';

/** The row an energy entry or a record keeps its odometer in. */
export type ReadingSource =
  | { kind: 'energy'; entryId: number }
  | { kind: 'record'; type: RecordType; recordId: number };

/** A reading as the calls answer it and the arithmetic reads it: the odometer as a number. */
export type ReadingRow = {
  id: number;
  vehicleId: number;
  date: string;
  odometer: number;
  source: OdometerSource;
  energyEntryId: number | null;
  recordType: RecordType | null;
  recordId: number | null;
  isConfirmed: boolean;
};

/**
 * Every reading of the vehicle: whether one is flagged depends on all those before it, so the
 * history, the current mileage and the economy read them all, a few numbers per row. Written as
 * SQL and answered as pg hands the rows over (decision 026): a vehicle may have thousands.
 */
/** A reading's few numbers, as its reads select them. */
const READING_COLUMNS = sql`${odometerReadings.id} as "id", ${odometerReadings.vehicleId} as "vehicleId",
  ${odometerReadings.date} as "date", ${odometerReadings.odometer}::float8 as "odometer",
  ${odometerReadings.source} as "source", ${odometerReadings.energyEntryId} as "energyEntryId",
  ${odometerReadings.recordType} as "recordType", ${odometerReadings.recordId} as "recordId",
  ${odometerReadings.isConfirmed} as "isConfirmed"`;

const vehicleReadingsRead = preparedRows<ReadingRow>(
  'odometer_readings_of_vehicle',
  sql`select ${READING_COLUMNS}
    from ${odometerReadings}
    where ${odometerReadings.vehicleId} = ${sql.placeholder('vehicleId')}
      and ${odometerReadings.userId} = ${sql.placeholder('userId')}
    order by ${odometerReadings.date}, ${odometerReadings.id}`,
);

export async function findVehicleReadings(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<ReadingRow[]> {
  return vehicleReadingsRead(db).execute({ userId, vehicleId });
}

/**
 * Every reading of these vehicles, by vehicle then as the history reads them: a user's vehicles
 * with service schedules (with `userId`), or the vehicles the reminder scan has claimed, whoever
 * owns them (decision 054). Served by `odometer_readings_vehicle_date_idx`.
 */
export async function findReadingsOfVehicles(
  db: Executor,
  vehicleIds: readonly number[],
  userId?: number,
): Promise<ReadingRow[]> {
  if (vehicleIds.length === 0) return [];
  const ofUser = userId === undefined ? sql`` : sql`and ${odometerReadings.userId} = ${userId}`;
  const result = await db.execute<ReadingRow>(
    sql`select ${READING_COLUMNS}
      from ${odometerReadings}
      where ${inArray(odometerReadings.vehicleId, [...vehicleIds])} ${ofUser}
      order by ${odometerReadings.vehicleId}, ${odometerReadings.date}, ${odometerReadings.id}`,
  );
  return result.rows;
}

/**
 * Every reading of the user's vehicles (one vehicle's when asked): the expenses page judges a
 * whole garage's histories from one statement, served by `odometer_readings_user_id_idx`.
 */
export async function findReadingsOfUser(
  db: Executor,
  userId: number,
  vehicleId: number | undefined,
): Promise<ReadingRow[]> {
  const onlyVehicle =
    vehicleId === undefined ? sql`` : sql`and ${odometerReadings.vehicleId} = ${vehicleId}`;
  const result = await db.execute<ReadingRow>(
    sql`select ${READING_COLUMNS}
      from ${odometerReadings}
      where ${odometerReadings.userId} = ${userId} ${onlyVehicle}
      order by ${odometerReadings.vehicleId}, ${odometerReadings.date}, ${odometerReadings.id}`,
  );
  return result.rows;
}

/** Selects a source's reading: the unique index on the source serves it. */
function ofSource(userId: number, source: ReadingSource) {
  return and(
    eq(odometerReadings.userId, userId),
    source.kind === 'energy'
      ? eq(odometerReadings.energyEntryId, source.entryId)
      : and(
          eq(odometerReadings.recordType, source.type),
          eq(odometerReadings.recordId, source.recordId),
        ),
  );
}

const WRITE_FACTS = {
  id: odometerReadings.id,
  vehicleId: odometerReadings.vehicleId,
  date: odometerReadings.date,
  odometer: sql<number>`${odometerReadings.odometer}::float8`,
};

/** The reading an energy entry or a record came with, or undefined. */
export async function findSourceReading(tx: Executor, userId: number, source: ReadingSource) {
  const [row] = await tx.select(WRITE_FACTS).from(odometerReadings).where(ofSource(userId, source));
  return row;
}

/** What a write of a reading sets; the odometer as `numeric` text. */
export type ReadingColumns = {
  vehicleId?: number;
  date?: string;
  odometer?: string;
  isConfirmed?: boolean;
};

export async function insertReading(
  tx: Executor,
  userId: number,
  values: Required<Pick<ReadingColumns, 'vehicleId' | 'date' | 'odometer'>> & {
    source: OdometerSource;
    of?: ReadingSource;
  },
): Promise<number> {
  const { of, ...columns } = values;
  const [row] = await tx
    .insert(odometerReadings)
    .values({
      ...columns,
      userId,
      energyEntryId: of?.kind === 'energy' ? of.entryId : null,
      recordType: of?.kind === 'record' ? of.type : null,
      recordId: of?.kind === 'record' ? of.recordId : null,
    })
    .returning({ id: odometerReadings.id });
  return row!.id;
}

export async function updateReading(
  tx: Executor,
  userId: number,
  id: number,
  values: ReadingColumns,
): Promise<void> {
  if (Object.values(values).every((value) => value === undefined)) return;
  await tx
    .update(odometerReadings)
    .set(values)
    .where(and(eq(odometerReadings.id, id), eq(odometerReadings.userId, userId)));
}

export async function deleteReading(tx: Executor, userId: number, id: number): Promise<void> {
  await tx
    .delete(odometerReadings)
    .where(and(eq(odometerReadings.id, id), eq(odometerReadings.userId, userId)));
}

/** The vehicle's reading entered alone on `date`, the one an edit of its mileage that day moves. */
export async function findManualReadingOn(
  tx: Executor,
  userId: number,
  vehicleId: number,
  date: string,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: odometerReadings.id })
    .from(odometerReadings)
    .where(
      and(
        eq(odometerReadings.vehicleId, vehicleId),
        eq(odometerReadings.userId, userId),
        eq(odometerReadings.date, date),
        eq(odometerReadings.source, 'manual'),
      ),
    )
    .orderBy(odometerReadings.id)
    .limit(1);
  return row?.id;
}

/**
 * A reading that came with an energy entry or a record is that row's odometer: fixing it writes
 * the row's date and odometer (`numeric` text; null clears it). Nothing to set, nothing written.
 */
export async function updateReadingSource(
  tx: Executor,
  userId: number,
  source: ReadingSource,
  columns: { date?: string | undefined; odometer?: string | null | undefined },
): Promise<void> {
  if (columns.date === undefined && columns.odometer === undefined) return;
  if (source.kind === 'energy') {
    await tx
      .update(energyEntries)
      .set(columns)
      .where(and(eq(energyEntries.id, source.entryId), eq(energyEntries.userId, userId)));
    return;
  }
  const table = RECORD_TABLES[source.type];
  const assignments = sql.join(
    (['date', 'odometer'] as const)
      .filter((key) => columns[key] !== undefined)
      .map((key) => sql`${sql.identifier(table[key].name)} = ${columns[key]}`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${table} set ${assignments} where ${table.id} = ${source.recordId} and ${table.userId} = ${userId}`,
  );
}

/** The vehicle's `mileage`, following its current reading (null without an accepted one). */
export async function updateVehicleMileage(
  tx: Executor,
  userId: number,
  vehicleId: number,
  mileage: number | null,
): Promise<void> {
  await tx
    .update(vehicles)
    .set({ mileage })
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)));
}
