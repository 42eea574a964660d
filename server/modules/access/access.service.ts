/**
 * D9, in one place: every id a call names is checked against the signed-in user here, one helper
 * per resource, before a service reads or changes anything. Another user's row answers 404
 * exactly like a missing one. A check made for a write locks the row (`for update`) until the
 * transaction ends, and every write locks in one order, vehicles first (ids ascending) and then
 * the row under them, as a vehicle's deletion does (D22), so two writes never deadlock. A write
 * that also locks the user's row (a create the plan limits, a store of a file: decision 041)
 * takes it before any of these. The lookups these checks make are in access.repository.ts, so
 * access imports no other module and every module may import it.
 */
import { ENERGY_MESSAGES } from '@contract/energy';
import { ODOMETER_MESSAGES } from '@contract/odometer';
import { RECORD_MESSAGES, type RecordType } from '@contract/records';
import { SCHEDULE_MESSAGES } from '@contract/schedules';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import { notFound } from '../../app-error';
import type { Executor } from '../../db/open';
import {
  findEnergyEntryVehicleId,
  findOwnedVehicleImage,
  findReadingVehicleId,
  findRecordVehicleId,
  findScheduleVehicleId,
  findVehicleProfile,
  hasOwnedRecord,
  hasOwnedVehicle,
  type LockedEnergyEntry,
  type LockedReading,
  type LockedRecord,
  type LockedVehicle,
  lockOwnedEnergyEntry,
  lockOwnedReading,
  lockOwnedRecord,
  lockOwnedSchedule,
  lockOwnedVehicle,
  type OwnedVehicleImage,
  type VehicleProfileRow,
} from './access.repository';

const vehicleNotFound = () => notFound(VEHICLE_MESSAGES.notFound);
const recordNotFound = () => notFound(RECORD_MESSAGES.recordNotFound);
const imageNotFound = () => notFound(VEHICLE_MESSAGES.imageNotFound);
const energyEntryNotFound = () => notFound(ENERGY_MESSAGES.notFound);
const readingNotFound = () => notFound(ODOMETER_MESSAGES.notFound);
const scheduleNotFound = () => notFound(SCHEDULE_MESSAGES.scheduleNotFound);

/** The user's vehicle, for a read: 404 when it is not theirs. */
export async function requireVehicleToRead(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<void> {
  if (!(await hasOwnedVehicle(db, userId, vehicleId))) throw vehicleNotFound();
}

/** Decision 050: the user's vehicle's energy profile, for a read: 404 when it is not theirs. */
export async function requireVehicleProfile(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<VehicleProfileRow> {
  const profile = await findVehicleProfile(db, userId, vehicleId);
  if (!profile) throw vehicleNotFound();
  return profile;
}

/** The user's vehicle, locked for the write at hand: 404 when it is not theirs. */
export async function requireVehicleToWrite(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<LockedVehicle> {
  const row = await lockOwnedVehicle(tx, userId, vehicleId);
  if (!row) throw vehicleNotFound();
  return row;
}

/** Where a vehicle-scoped path (`/api/vehicles/{vehicleId}/…/{id}`) says the record must be. */
export type RecordScope = { vehicleId?: number };

/** The user's record, for a read: 404 when it is not theirs. */
export async function requireRecordToRead(
  db: Executor,
  userId: number,
  type: RecordType,
  id: number,
): Promise<void> {
  if (!(await hasOwnedRecord(db, userId, type, id))) throw recordNotFound();
}

/**
 * The user's record, locked for the write with its vehicle; on a vehicle-scoped path it must be
 * on that vehicle (404 otherwise). When the record moves, the target vehicle is locked too and
 * must be the user's (the vehicle's 404 then), so a record cannot change vehicles while one of
 * them is being deleted.
 */
export async function requireRecordToWrite(
  tx: Executor,
  userId: number,
  type: RecordType,
  id: number,
  scope: RecordScope = {},
  moveTo?: number,
): Promise<LockedRecord> {
  // A concurrent move between the read and the locks is seen and read again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const vehicleId = await findRecordVehicleId(tx, userId, type, id);
    if (vehicleId === undefined) throw recordNotFound();
    if (scope.vehicleId !== undefined && scope.vehicleId !== vehicleId) throw recordNotFound();
    const vehicleIds = [...new Set([vehicleId, moveTo ?? vehicleId])].sort((a, b) => a - b);
    for (const lockedId of vehicleIds) {
      if (!(await lockOwnedVehicle(tx, userId, lockedId))) {
        throw lockedId === vehicleId ? recordNotFound() : vehicleNotFound();
      }
    }
    const record = await lockOwnedRecord(tx, userId, type, id);
    if (!record) throw recordNotFound();
    if (record.vehicleId === vehicleId) return record;
  }
  throw recordNotFound();
}

/**
 * The user's vehicle image, its vehicle locked for the write. The image is read again under the
 * lock: a request that waited for it may find the image gone or changed.
 */
export async function requireVehicleImageToWrite(
  tx: Executor,
  userId: number,
  imageId: number,
): Promise<OwnedVehicleImage> {
  const found = await findOwnedVehicleImage(tx, userId, imageId);
  if (!found) throw imageNotFound();
  await lockOwnedVehicle(tx, userId, found.vehicleId);
  const image = await findOwnedVehicleImage(tx, userId, imageId);
  if (!image) throw imageNotFound();
  return image;
}

/**
 * A row under a vehicle (an energy entry, an odometer reading), locked for the write: its vehicle
 * first (found without a lock), then the row, read again under the lock. A request that waited
 * may find it gone, or (a record's reading moves with its record) under another vehicle, which
 * is then locked in its turn.
 */
async function lockRowUnderVehicle<Row extends { vehicleId: number }>(
  tx: Executor,
  userId: number,
  findVehicleId: () => Promise<number | undefined>,
  lockRow: () => Promise<Row | undefined>,
  rowNotFound: () => Error,
): Promise<{ row: Row; vehicle: LockedVehicle }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const vehicleId = await findVehicleId();
    if (vehicleId === undefined) throw rowNotFound();
    const vehicle = await lockOwnedVehicle(tx, userId, vehicleId);
    if (!vehicle) throw rowNotFound();
    const row = await lockRow();
    if (!row) throw rowNotFound();
    if (row.vehicleId === vehicleId) return { row, vehicle };
  }
  throw rowNotFound();
}

/** Decision 050: the user's energy entry and its vehicle, locked for the write; 404 otherwise. */
export async function requireEnergyEntryToWrite(
  tx: Executor,
  userId: number,
  id: number,
): Promise<{ entry: LockedEnergyEntry; vehicle: LockedVehicle }> {
  const { row, vehicle } = await lockRowUnderVehicle(
    tx,
    userId,
    () => findEnergyEntryVehicleId(tx, userId, id),
    () => lockOwnedEnergyEntry(tx, userId, id),
    energyEntryNotFound,
  );
  return { entry: row, vehicle };
}

/** Decision 050: the user's odometer reading and its vehicle, locked for the write; 404 otherwise. */
export async function requireReadingToWrite(
  tx: Executor,
  userId: number,
  id: number,
): Promise<{ reading: LockedReading; vehicle: LockedVehicle }> {
  const { row, vehicle } = await lockRowUnderVehicle(
    tx,
    userId,
    () => findReadingVehicleId(tx, userId, id),
    () => lockOwnedReading(tx, userId, id),
    readingNotFound,
  );
  return { reading: row, vehicle };
}

/** Decision 054: the user's service schedule and its vehicle, locked for the write; 404 otherwise. */
export async function requireScheduleToWrite(
  tx: Executor,
  userId: number,
  id: number,
): Promise<{ schedule: { id: number; vehicleId: number }; vehicle: LockedVehicle }> {
  const { row, vehicle } = await lockRowUnderVehicle(
    tx,
    userId,
    () => findScheduleVehicleId(tx, userId, id),
    () => lockOwnedSchedule(tx, userId, id),
    scheduleNotFound,
  );
  return { schedule: row, vehicle };
}

/**
 * Decision 054: the user's schedule on the vehicle a record is saved for (already locked by the
 * write), locked for it; 404 for another's, or one of another vehicle.
 */
export async function requireScheduleOfVehicle(
  tx: Executor,
  userId: number,
  scheduleId: number,
  vehicleId: number,
): Promise<void> {
  const locked = await lockOwnedSchedule(tx, userId, scheduleId);
  if (!locked || locked.vehicleId !== vehicleId) throw scheduleNotFound();
}
