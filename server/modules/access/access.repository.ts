/**
 * The lookups D9 rests on, for every resource a call can name: whether a row is the user's, the
 * vehicle the user's row hangs under (read without a lock, so that the vehicle is locked first),
 * and the row locked for a write. Who may reach a row is answered from this file alone, so
 * access.service imports no other module and every module may import it.
 */
import type { OdometerSource } from '@contract/odometer';
import type { RecordType } from '@contract/records';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedOnce } from '../../db/prepared';
import { RECORD_TABLES } from '../../db/record-tables';
import {
  energyEntries,
  odometerReadings,
  serviceSchedules,
  vehicleImages,
  vehicles,
} from '../../db/schema';

// Vehicles.

/**
 * Whether the vehicle is the user's, for a read (writes lock it: `lockOwnedVehicle`). Every call
 * on a vehicle's records asks it first, so it is prepared once (server/db/prepared.ts).
 */
const ownedVehicleQuery = preparedOnce((db) =>
  db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.id, sql.placeholder('vehicleId')),
        eq(vehicles.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('owned_vehicle'),
);

export async function hasOwnedVehicle(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<boolean> {
  const [row] = await ownedVehicleQuery(db).execute({ userId, vehicleId });
  return row !== undefined;
}

/** Decision 050: the vehicle's energy profile, as the energy and odometer rules read it. */
export async function findVehicleProfile(executor: Executor, userId: number, vehicleId: number) {
  const [row] = await executor
    .select({
      energies: vehicles.energies,
      auxiliary: vehicles.auxiliary,
      batteryCapacity: sql<number | null>`${vehicles.batteryCapacity}::float8`,
      odometerUnit: vehicles.odometerUnit,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)));
  return row;
}

export type VehicleProfileRow = NonNullable<Awaited<ReturnType<typeof findVehicleProfile>>>;

/** The vehicle as a write locks it. */
export type LockedVehicle = typeof vehicles.$inferSelect;

/**
 * The user's vehicle, locked until the transaction ends (`for no key update`), or undefined. Writes that
 * must count something of the vehicle (its images, D12's limits) take this lock first so that
 * concurrent requests line up instead of racing past a limit.
 */
export async function lockOwnedVehicle(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<LockedVehicle | undefined> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)))
    // `no key update`: writes of the vehicle line up behind it, but the key-share locks that
    // inserts of rows pointing at it take (a reminder scan's events) do not wait for it. With
    // `update`, a create holding it and waiting at commit for the scan's row of reminder_checks
    // deadlocked with the scan inserting an event for the same vehicle.
    .for('no key update');
  return row;
}

export type OwnedVehicleImage = typeof vehicleImages.$inferSelect;

/** The user's vehicle image, or undefined. */
export async function findOwnedVehicleImage(
  db: Executor,
  userId: number,
  imageId: number,
): Promise<OwnedVehicleImage | undefined> {
  const [row] = await db
    .select()
    .from(vehicleImages)
    .where(and(eq(vehicleImages.id, imageId), eq(vehicleImages.userId, userId)));
  return row;
}

// Records (one set for the three kinds, through RECORD_TABLES).

/** Whether the record is the user's, on a vehicle of theirs, for a read. */
export async function hasOwnedRecord(
  db: Executor,
  userId: number,
  type: RecordType,
  id: number,
): Promise<boolean> {
  const table = RECORD_TABLES[type];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .innerJoin(vehicles, and(eq(vehicles.id, table.vehicleId), eq(vehicles.userId, userId)))
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  return row !== undefined;
}

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

/** The user's record as a write needs to know it, locked until the transaction ends. */
export async function lockOwnedRecord(tx: Executor, userId: number, type: RecordType, id: number) {
  const table = RECORD_TABLES[type];
  const [row] = await tx
    .select({
      id: table.id,
      vehicleId: table.vehicleId,
      isCompleted: table.isCompleted,
      fileUrl: table.fileUrl,
      imageUrl: table.imageUrl,
      date: table.date,
      odometer: table.odometer,
    })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .for('update');
  return row;
}

/** What a write needs to know of the record it changes. */
export type LockedRecord = NonNullable<Awaited<ReturnType<typeof lockOwnedRecord>>>;

// Energy entries (decision 050).

/** The vehicle of the user's entry, read without a lock, or undefined. */
export async function findEnergyEntryVehicleId(
  db: Executor,
  userId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ vehicleId: energyEntries.vehicleId })
    .from(energyEntries)
    .where(and(eq(energyEntries.id, id), eq(energyEntries.userId, userId)));
  return row?.vehicleId;
}

/** The entry as a write locks it. */
export type LockedEnergyEntry = typeof energyEntries.$inferSelect;

/** The user's entry as a change needs to know it, locked until the transaction ends. */
export async function lockOwnedEnergyEntry(
  tx: Executor,
  userId: number,
  id: number,
): Promise<LockedEnergyEntry | undefined> {
  const [row] = await tx
    .select()
    .from(energyEntries)
    .where(and(eq(energyEntries.id, id), eq(energyEntries.userId, userId)))
    .for('update');
  return row;
}

// Odometer readings (decision 050).

/** The vehicle of the user's reading, read without a lock, or undefined. */
export async function findReadingVehicleId(
  db: Executor,
  userId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ vehicleId: odometerReadings.vehicleId })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.id, id), eq(odometerReadings.userId, userId)));
  return row?.vehicleId;
}

/** The user's reading as a write needs to know it, locked until the transaction ends. */
export async function lockOwnedReading(tx: Executor, userId: number, id: number) {
  const [row] = await tx
    .select({
      id: odometerReadings.id,
      vehicleId: odometerReadings.vehicleId,
      date: odometerReadings.date,
      odometer: sql<number>`${odometerReadings.odometer}::float8`,
      source: sql<OdometerSource>`${odometerReadings.source}`,
      energyEntryId: odometerReadings.energyEntryId,
      recordType: sql<RecordType | null>`${odometerReadings.recordType}`,
      recordId: odometerReadings.recordId,
    })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.id, id), eq(odometerReadings.userId, userId)))
    .for('update');
  return row;
}

export type LockedReading = NonNullable<Awaited<ReturnType<typeof lockOwnedReading>>>;

// Service schedules (decision 054).

export async function findScheduleVehicleId(
  db: Executor,
  userId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ vehicleId: serviceSchedules.vehicleId })
    .from(serviceSchedules)
    .where(and(eq(serviceSchedules.id, id), eq(serviceSchedules.userId, userId)));
  return row?.vehicleId;
}

/** The user's schedule, locked until the transaction ends (its vehicle is locked first). */
export async function lockOwnedSchedule(
  tx: Executor,
  userId: number,
  id: number,
): Promise<{ id: number; vehicleId: number } | undefined> {
  const [row] = await tx
    .select({ id: serviceSchedules.id, vehicleId: serviceSchedules.vehicleId })
    .from(serviceSchedules)
    .where(and(eq(serviceSchedules.id, id), eq(serviceSchedules.userId, userId)))
    .for('update');
  return row;
}
