/**
 * The rules of the odometer calls (decision 050): a vehicle's history in pages with what it tells
 * (the current reading, recent driving, today's estimate, the flagged count), readings entered
 * alone, and the fixing, confirming and deleting of any reading. A reading that came with an
 * energy entry or a record is that row's odometer: fixing it fixes the row, deleting it clears
 * the row's odometer. Every change is followed by the vehicle's mileage in its transaction.
 * Readings count toward no plan limit.
 */
import {
  ODOMETER_MESSAGES,
  ODOMETER_PAGE,
  type OdometerFlag,
  type OdometerHistory,
  type OdometerReading,
  type OdometerReadingPayload,
  type OdometerReadingUpdatePayload,
} from '@contract/odometer';
import type { DistanceUnit } from '@contract/units';
import { notFound } from '../../app-error';
import { toDecimalText } from '../../db/numeric';
import type { Db, Executor } from '../../db/open';
import { todayOf } from '../../today';
import type { LockedReading } from '../access/access.repository';
import {
  requireReadingToWrite,
  requireVehicleProfile,
  requireVehicleToWrite,
} from '../access/access.service';
import { currentReading, estimateOdometer, recentDistancePerDay } from './odometer.calc';
import {
  deleteReading,
  insertReading,
  type ReadingRow,
  type ReadingSource,
  updateReading,
  updateReadingSource,
} from './odometer.repository';
import {
  checkWrittenReading,
  followCurrentReading,
  judgeVehicleReadings,
  odometerCheckOf,
} from './odometer-readings.service';

/** The response schema (odometerReadingSchema) is the presenter; this shapes the row for it. */
export function toOdometerReading(row: ReadingRow, flag: OdometerFlag | null): OdometerReading {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    date: row.date,
    odometer: row.odometer,
    source: row.source,
    sourceId: row.energyEntryId ?? row.recordId,
    sourceType: row.recordType,
    isFlagged: flag !== null,
    flag,
    isConfirmed: row.isConfirmed,
  };
}

/** Newest first, then the newest row first: the order of pages and of their cursors. */
const newestFirst = (a: ReadingRow, b: ReadingRow) =>
  a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1;

/** Whether a reading comes after the cursor `{date}~{id}` in newest-first order. */
function isAfterCursor(row: ReadingRow, cursor: string | undefined): boolean {
  if (cursor === undefined) return true;
  const [date, id] = cursor.split('~') as [string, string];
  return row.date < date || (row.date === date && row.id < Number(id));
}

/** The energy entry or record a reading came with, or null for one entered alone. */
function sourceOf(reading: LockedReading): ReadingSource | null {
  if (reading.energyEntryId !== null) return { kind: 'energy', entryId: reading.energyEntryId };
  if (reading.recordType !== null && reading.recordId !== null) {
    return { kind: 'record', type: reading.recordType, recordId: reading.recordId };
  }
  return null;
}

/** What fixing a reading changes of the energy entry or record it came with. */
async function fixSource(
  tx: Executor,
  userId: number,
  reading: LockedReading,
  change: { date?: string; odometer?: number | null },
): Promise<void> {
  const source = sourceOf(reading);
  if (source === null) return;
  await updateReadingSource(tx, userId, source, {
    date: change.date,
    odometer: change.odometer === undefined ? undefined : toDecimalText(change.odometer, 1),
  });
}

const readingNotFound = () => notFound(ODOMETER_MESSAGES.notFound);

export function createOdometerService({ db }: { db: Db }) {
  /** One reading as the API answers it, judged among its vehicle's. */
  async function readReading(executor: Executor, userId: number, vehicleId: number, id: number) {
    const profile = await requireVehicleProfile(executor, userId, vehicleId);
    const { rows, flagOf } = await judgeVehicleReadings(
      executor,
      userId,
      vehicleId,
      profile.odometerUnit as DistanceUnit,
    );
    const row = rows.find((reading) => reading.id === id);
    if (!row) throw readingNotFound();
    return toOdometerReading(row, flagOf(id));
  }

  /** A page of the readings, newest first, each judged among all of them, and what they tell. */
  async function readHistoryPage(
    userId: number,
    vehicleId: number,
    query: { cursor?: string; limit?: number },
    today: string,
  ): Promise<OdometerHistory> {
    const profile = await requireVehicleProfile(db, userId, vehicleId);
    const unit = profile.odometerUnit as DistanceUnit;
    // Every reading is read to judge any of them, so the page is cut from them here.
    const { rows, judged, flagOf } = await judgeVehicleReadings(db, userId, vehicleId, unit);
    const limit = query.limit ?? ODOMETER_PAGE.default;
    const after = rows.filter((row) => isAfterCursor(row, query.cursor)).sort(newestFirst);
    const page = after.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => toOdometerReading(row, flagOf(row.id))),
      nextCursor: after.length > limit && last ? `${last.date}~${last.id}` : null,
      unit,
      current: currentReading(judged),
      distancePerDay: recentDistancePerDay(judged),
      estimate: estimateOdometer(judged, today),
      flaggedCount: judged.filter((reading) => reading.flag !== null).length,
    };
  }

  return {
    /** `GET /api/vehicles/{id}/odometer`: a page of readings, newest first, and what they tell. */
    async listReadings(
      user: { id: number; timeZone: string },
      vehicleId: number,
      query: { cursor?: string; limit?: number },
    ): Promise<OdometerHistory> {
      // Every reading is judged for any page, and the estimate is today's: a repeated read the
      // same day of unchanged data is answered from the finished answers kept (decision 056).
      return readHistoryPage(user.id, vehicleId, query, todayOf(user));
    },

    /** `POST /api/vehicles/{id}/odometer`: a reading entered alone. */
    async addReading(
      userId: number,
      vehicleId: number,
      payload: OdometerReadingPayload,
    ): Promise<OdometerReading> {
      return db.transaction(async (tx) => {
        await requireVehicleToWrite(tx, userId, vehicleId);
        const id = await insertReading(tx, userId, {
          vehicleId,
          date: payload.date,
          odometer: toDecimalText(payload.odometer, 1)!,
          source: 'manual',
        });
        await checkWrittenReading(tx, userId, vehicleId, id, odometerCheckOf(payload));
        await followCurrentReading(tx, userId, vehicleId);
        return readReading(tx, userId, vehicleId, id);
      });
    },

    /**
     * `PATCH /api/odometer/{id}`: fixes the date or the value (and so the energy entry or record
     * it came with), or confirms it as right. A fixed reading is no longer the one the user
     * confirmed, unless the same call confirms it.
     */
    async updateReading(
      userId: number,
      id: number,
      payload: OdometerReadingUpdatePayload,
    ): Promise<OdometerReading> {
      return db.transaction(async (tx) => {
        const { reading } = await requireReadingToWrite(tx, userId, id);
        const date = payload.date ?? undefined;
        const odometer = payload.odometer ?? undefined;
        const isChanged =
          (date !== undefined && date !== reading.date) ||
          (odometer !== undefined && odometer !== reading.odometer);
        await updateReading(tx, userId, id, {
          date,
          odometer: odometer === undefined ? undefined : toDecimalText(odometer, 1)!,
          isConfirmed: payload.isConfirmed ?? (isChanged ? false : undefined),
        });
        if (isChanged) {
          await fixSource(tx, userId, reading, { date, odometer });
          await checkWrittenReading(tx, userId, reading.vehicleId, id, odometerCheckOf(payload));
        }
        await followCurrentReading(tx, userId, reading.vehicleId);
        return readReading(tx, userId, reading.vehicleId, id);
      });
    },

    /** `DELETE /api/odometer/{id}`: the reading, and the odometer of the row it came with. */
    async deleteReading(userId: number, id: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const { reading } = await requireReadingToWrite(tx, userId, id);
        await fixSource(tx, userId, reading, { odometer: null });
        await deleteReading(tx, userId, id);
        await followCurrentReading(tx, userId, reading.vehicleId);
      });
      return { message: ODOMETER_MESSAGES.deleted };
    },
  };
}

export type OdometerService = ReturnType<typeof createOdometerService>;
