/**
 * The odometer readings that other writes keep (decision 050), in their transactions: the reading
 * an energy entry or a record carries, written, moved or removed with it, and the vehicle's
 * `mileage`, kept equal to its current reading (the latest accepted one by date, never the
 * largest) after any change of a reading. Also the judged readings every read of flags starts
 * from. Callers hold the vehicle's lock (access.service), so two writes never judge at once.
 */
import {
  ODOMETER_QUESTION_CODE,
  ODOMETER_QUESTIONS,
  type OdometerFlag,
  type OdometerQuestion,
} from '@contract/odometer';
import type { DistanceUnit } from '@contract/units';
import { AppError } from '../../app-error';
import { toDecimalText } from '../../db/numeric';
import type { Executor } from '../../db/open';
import { todayOf } from '../../today';
import { findVehicleProfile } from '../access/access.repository';
import { readPreferences } from '../accounts/preferences.service';
import {
  currentReading,
  expectedOdometer,
  type JudgedReading,
  judgeReadings,
} from './odometer.calc';
import {
  deleteReading,
  findSourceReading,
  findVehicleReadings,
  insertReading,
  type ReadingRow,
  type ReadingSource,
  updateReading,
  updateVehicleMileage,
} from './odometer.repository';

/** The vehicle's readings, each with its flag, in the order the judging reads them. */
export type JudgedVehicleReadings = {
  rows: ReadingRow[];
  judged: (ReadingRow & JudgedReading)[];
  /** The flag of a reading by its id (null: accepted). */
  flagOf: (readingId: number | null | undefined) => OdometerFlag | null;
};

export async function judgeVehicleReadings(
  executor: Executor,
  userId: number,
  vehicleId: number,
  unit: DistanceUnit,
): Promise<JudgedVehicleReadings> {
  const rows = await findVehicleReadings(executor, userId, vehicleId);
  const judged = judgeReadings(rows, unit);
  const flags = new Map(judged.map((reading) => [reading.id, reading.flag]));
  return {
    rows,
    judged,
    flagOf: (readingId) => (readingId == null ? null : (flags.get(readingId) ?? null)),
  };
}

/**
 * Sets the vehicle's `mileage` to its current reading, rounded to whole units as the spec's
 * mileage is (null without any accepted reading), so that the vehicle answers, the status line
 * (D33) and due mileages (D47) read it unchanged.
 */
export async function followCurrentReading(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<void> {
  const profile = await findVehicleProfile(tx, userId, vehicleId);
  if (!profile) return;
  const { judged } = await judgeVehicleReadings(
    tx,
    userId,
    vehicleId,
    profile.odometerUnit as DistanceUnit,
  );
  const current = currentReading(judged);
  await updateVehicleMileage(
    tx,
    userId,
    vehicleId,
    current === null ? null : Math.round(current.odometer),
  );
}

/**
 * How a write treats its reading when the history would flag it (decision 068): `question`
 * refuses the write with a 409 saying what the history expected; `confirm` saves the reading
 * confirmed, the user having said it is right; `flag` saves it flagged, as imports, restores, the
 * vehicle form's mileage and a schedule's completion do.
 */
export type OdometerCheck = 'question' | 'confirm' | 'flag';

/** The check of a write from the user: questioned unless it carries `confirmOdometer: true`. */
export const odometerCheckOf = (payload: {
  confirmOdometer?: boolean | undefined;
}): OdometerCheck => (payload.confirmOdometer === true ? 'confirm' : 'question');

function odometerQuestion({ flag, expected, unit }: Omit<OdometerQuestion, 'message' | 'code'>) {
  return new AppError(409, ODOMETER_QUESTIONS[flag], {
    code: ODOMETER_QUESTION_CODE,
    fields: { flag, expected, unit },
  });
}

/**
 * Judges a reading just written among its vehicle's (decision 050's one rule) and, when it is
 * flagged, questions or confirms it as `check` says. Before `followCurrentReading`, which a
 * confirmation changes.
 */
export async function checkWrittenReading(
  tx: Executor,
  userId: number,
  vehicleId: number,
  readingId: number,
  check: OdometerCheck,
): Promise<void> {
  if (check === 'flag') return;
  const profile = await findVehicleProfile(tx, userId, vehicleId);
  if (!profile) return;
  const unit = profile.odometerUnit as DistanceUnit;
  const { rows, flagOf } = await judgeVehicleReadings(tx, userId, vehicleId, unit);
  const flag = flagOf(readingId);
  if (flag === null) return;
  if (check === 'confirm') {
    await updateReading(tx, userId, readingId, { isConfirmed: true });
    return;
  }
  const reading = rows.find((row) => row.id === readingId)!;
  throw odometerQuestion({ flag, expected: expectedOdometer(rows, unit, reading), unit });
}

/**
 * What a source row says of its odometer: where, when and how much, or nothing. A record may have
 * no date; its reading then keeps the day it was first written (today, the first time).
 */
export type SourceOdometer = { vehicleId: number; date: string | null; odometer: number } | null;

/**
 * Makes the reading of an energy entry or a record match it: written when it gains an odometer,
 * changed with it (moved with a record to another vehicle), removed when it has none. A reading
 * whose date or value changes is no longer the one the user confirmed. Answers the vehicles whose
 * readings changed, for `followCurrentReading`.
 */
async function saveSourceReading(
  tx: Executor,
  userId: number,
  source: ReadingSource,
  value: SourceOdometer,
  check: OdometerCheck,
): Promise<number[]> {
  const existing = await findSourceReading(tx, userId, source);
  if (value === null) {
    if (!existing) return [];
    await deleteReading(tx, userId, existing.id);
    return [existing.vehicleId];
  }
  const odometer = toDecimalText(value.odometer, 1)!;
  const date = value.date ?? existing?.date ?? todayOf(await readPreferences(tx, userId));
  if (!existing) {
    const id = await insertReading(tx, userId, {
      vehicleId: value.vehicleId,
      date,
      odometer,
      source: source.kind,
      of: source,
    });
    await checkWrittenReading(tx, userId, value.vehicleId, id, check);
    return [value.vehicleId];
  }
  const isSame =
    existing.vehicleId === value.vehicleId &&
    existing.date === date &&
    existing.odometer === Number(odometer);
  if (isSame) return [];
  await updateReading(tx, userId, existing.id, {
    vehicleId: value.vehicleId,
    date,
    odometer,
    isConfirmed: false,
  });
  await checkWrittenReading(tx, userId, value.vehicleId, existing.id, check);
  return [...new Set([existing.vehicleId, value.vehicleId])];
}

/**
 * `saveSourceReading`, then the current mileage of every vehicle it touched. `check` says what
 * becomes of a reading written or changed that the history would flag.
 */
export async function keepSourceReading(
  tx: Executor,
  userId: number,
  source: ReadingSource,
  value: SourceOdometer,
  check: OdometerCheck,
): Promise<void> {
  for (const vehicleId of await saveSourceReading(tx, userId, source, value, check)) {
    await followCurrentReading(tx, userId, vehicleId);
  }
}
