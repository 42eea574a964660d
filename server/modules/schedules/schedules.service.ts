/**
 * Service schedules (decision 054): listing a vehicle's, adding, changing, deleting and completing
 * them, and their next occurrences among the upcoming items. Each answer carries the next due
 * point, the predicted date of its mileage and its state on the user's day, all from
 * `schedules.calc.ts`. A completion adds the maintenance record and moves the schedule on in one
 * transaction; nothing else moves it, so an overdue schedule stays overdue until it is done.
 */
import { dueStateOn } from '@contract/due-state';
import type { RECORD_KINDS, RecordItem, RecordPayload, UpcomingItem } from '@contract/records';
import {
  DEFAULT_DUE_SOON,
  SCHEDULE_MESSAGES,
  type Schedule,
  type ScheduleCompleted,
  type ScheduleCompletion,
  type SchedulePayload,
  type ScheduleUpdatePayload,
  scheduleFallsDue,
} from '@contract/schedules';
import { notificationSettingsUpdateSchema } from '@contract/schemas/notifications';
import { convertDistance, type DistanceUnit } from '@contract/units';
import { vehicleTitle } from '@contract/vehicles';
import { AppError, notFound } from '../../app-error';
import { toDecimalText } from '../../db/numeric';
import type { Db, Executor } from '../../db/open';
import { todayOf, userTimeZone } from '../../today';
import {
  requireScheduleToWrite,
  requireVehicleToRead,
  requireVehicleToWrite,
} from '../access/access.service';
import {
  currentReading,
  estimateOdometer,
  type JudgedReading,
  judgeReadings,
  predictionDistancePerDay,
  type ReadingPoint,
} from '../odometer/odometer.calc';
import { findReadingsOfVehicles } from '../odometer/odometer.repository';
import { judgeVehicleReadings, type OdometerCheck } from '../odometer/odometer-readings.service';
import type { SubscriptionService } from '../subscription/subscription.service';
import {
  addMonths,
  type Driving,
  type DuePoint,
  type DueSoonThresholds,
  nextDuePoint,
  predictedDateOf,
  type ScheduleTerms,
} from './schedules.calc';
import {
  deleteSchedule,
  findReminderSettings,
  findSchedules,
  insertSchedule,
  type SavedReminderSettings,
  type ScheduleColumns,
  type ScheduleRow,
  updateSchedule,
} from './schedules.repository';

/** A vehicle's driving as its accepted readings tell it, for predictions. */
export function drivingOf(judged: readonly JudgedReading[]): Driving {
  return { current: currentReading(judged), perDay: predictionDistancePerDay(judged) };
}

/** What the user's reminders are judged with; the defaults when they never saved settings. */
export type ReminderTerms = {
  dueSoonDays: number;
  /** In `distanceUnit`. */
  dueSoonDistance: number;
  distanceUnit: DistanceUnit;
  /** The user's zone (decision 066), whose day is their "today". */
  timeZone: string;
};

/** Each saved term checked by the schema `PATCH /api/user/notifications` takes it with. */
const SAVED_TERM_SCHEMAS = {
  dueSoonDays: notificationSettingsUpdateSchema.shape.dueSoonDays,
  dueSoonDistance: notificationSettingsUpdateSchema.shape.dueSoonDistance,
} as const;
type SavedTerm = keyof typeof SAVED_TERM_SCHEMAS;
/** Judged once per settings row read: the scan asks for each of a user's vehicles. */
const refusedOf = new WeakMap<SavedReminderSettings, SavedTerm[]>();

/**
 * The saved terms the settings call would refuse (decision 062): a restore before it could store
 * a warning of two billion days. The pages read them as the defaults;
 * the reminders scan skips the user until they are repaired.
 */
export function refusedReminderTerms(settings: SavedReminderSettings | null): SavedTerm[] {
  if (settings === null) return [];
  let refused = refusedOf.get(settings);
  if (refused === undefined) {
    refused = (Object.keys(SAVED_TERM_SCHEMAS) as SavedTerm[]).filter(
      (term) => !SAVED_TERM_SCHEMAS[term].safeParse(settings[term]).success,
    );
    refusedOf.set(settings, refused);
  }
  return refused;
}

/**
 * The terms of a user's saved reminder settings, or the defaults when there are none; a saved
 * term the settings call would refuse reads as its default, so the user's pages still answer.
 */
export function reminderTermsOf(
  settings: SavedReminderSettings | null,
  distanceUnit: DistanceUnit,
  timeZone: string,
): ReminderTerms {
  const refused = refusedReminderTerms(settings);
  const saved = <Term extends SavedTerm>(term: Term, fallback: SavedReminderSettings[Term]) =>
    settings === null || refused.includes(term) ? fallback : settings[term];
  return {
    dueSoonDays: saved('dueSoonDays', DEFAULT_DUE_SOON.days),
    dueSoonDistance: saved('dueSoonDistance', DEFAULT_DUE_SOON.distance),
    distanceUnit,
    timeZone: userTimeZone({ timeZone }),
  };
}

/** The user's reminder terms as saved, read on `executor`. */
async function readReminderTerms(executor: Executor, userId: number): Promise<ReminderTerms> {
  const { settings, distanceUnit, timeZone } = await findReminderSettings(executor, userId);
  return reminderTermsOf(settings, distanceUnit, timeZone);
}

/** The user's due-soon thresholds in a vehicle's odometer unit. */
export function thresholdsFor(terms: ReminderTerms, unit: DistanceUnit): DueSoonThresholds {
  return {
    days: terms.dueSoonDays,
    distance: convertDistance(terms.dueSoonDistance, terms.distanceUnit, unit),
  };
}

/** A schedule's next occurrence as every reader sees it. */
export type EvaluatedSchedule = {
  due: DuePoint;
  predictedDate: string | null;
};

export function evaluateSchedule(row: ScheduleTerms, driving: Driving): EvaluatedSchedule {
  const due = nextDuePoint(row);
  return { due, predictedDate: predictedDateOf(due.odometer, driving) };
}

function toSchedule(
  row: ScheduleRow,
  driving: Driving,
  today: string,
  thresholds: DueSoonThresholds,
): Schedule {
  const { due, predictedDate } = evaluateSchedule(row, driving);
  const currentOdometer = driving.current?.odometer ?? row.vehicleMileage;
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    vehicleName: vehicleTitle({
      year: row.vehicleYear,
      make: row.vehicleMake,
      model: row.vehicleModel,
    }),
    title: row.title,
    category: row.category,
    intervalMonths: row.intervalMonths,
    intervalDistance: row.intervalDistance,
    firstDueDate: row.firstDueDate,
    firstDueOdometer: row.firstDueOdometer,
    lastDoneDate: row.lastDoneDate,
    lastDoneOdometer: row.lastDoneOdometer,
    fixedIntervals: row.fixedIntervals,
    occurrence: row.occurrence,
    nextDueDate: due.date,
    nextDueOdometer: due.odometer,
    predictedDate,
    state:
      due.date === null && due.odometer === null
        ? 'ok'
        : dueStateOn(due, predictedDate, currentOdometer, today, thresholds),
    vehicleMileage: currentOdometer,
    odometerUnit: row.odometerUnit,
  };
}

/** The columns a payload sets: a field left out stays as it is, null clears it. */
function toColumns(payload: ScheduleUpdatePayload): ScheduleColumns {
  const odometer = (value: number | null | undefined) =>
    value === undefined ? undefined : toDecimalText(value, 1);
  return {
    title: payload.title,
    category: payload.category,
    intervalMonths: payload.intervalMonths,
    intervalDistance: payload.intervalDistance,
    firstDueDate: payload.firstDueDate,
    firstDueOdometer: odometer(payload.firstDueOdometer),
    lastDoneDate: payload.lastDoneDate,
    lastDoneOdometer: odometer(payload.lastDoneOdometer),
    fixedIntervals: payload.fixedIntervals,
  };
}

const scheduleNotFound = () => notFound(SCHEDULE_MESSAGES.scheduleNotFound);

/** Readings of several vehicles, judged per vehicle: each one's driving. */
export function judgeByVehicle(
  readings: readonly (ReadingPoint & { vehicleId: number })[],
  unitOf: (vehicleId: number) => DistanceUnit,
): Map<number, Driving> {
  const byVehicle = new Map<number, ReadingPoint[]>();
  for (const reading of readings) {
    const list = byVehicle.get(reading.vehicleId) ?? [];
    list.push(reading);
    byVehicle.set(reading.vehicleId, list);
  }
  return new Map(
    [...byVehicle].map(([vehicleId, list]) => [
      vehicleId,
      drivingOf(judgeReadings(list, unitOf(vehicleId))),
    ]),
  );
}

/** A vehicle without readings: no current odometer, no rate. */
export const NO_DRIVING: Driving = { current: null, perDay: null };

export function createSchedulesService({
  db,
  subscription,
  records,
}: {
  db: Db;
  subscription: Pick<SubscriptionService, 'assertCanAddRecord'>;
  /**
   * Adds a maintenance record in the caller's transaction (the records service's). Handed in,
   * not imported: records sit above schedules, since a record saved for a schedule moves it on.
   */
  records: {
    createRecordIn: (
      tx: Executor,
      userId: number,
      type: 'maintenance',
      vehicleId: number,
      payload: Omit<RecordPayload, 'vehicleId'>,
      check: OdometerCheck,
    ) => Promise<RecordItem>;
  };
}) {
  /** The vehicle's schedules as answered, read on `executor` (inside a write, its transaction). */
  async function readVehicleSchedules(
    executor: Executor,
    userId: number,
    where: { vehicleId: number; id?: number },
  ): Promise<Schedule[]> {
    const rows = await findSchedules(executor, userId, where);
    if (rows.length === 0) return [];
    const unit = rows[0]!.odometerUnit;
    // One after the other: inside a write, `executor` is the transaction's one connection.
    const { judged } = await judgeVehicleReadings(executor, userId, where.vehicleId, unit);
    const terms = await readReminderTerms(executor, userId);
    const driving = drivingOf(judged);
    const today = todayOf(terms);
    return rows.map((row) => toSchedule(row, driving, today, thresholdsFor(terms, unit)));
  }

  async function readSchedule(executor: Executor, userId: number, vehicleId: number, id: number) {
    const [schedule] = await readVehicleSchedules(executor, userId, { vehicleId, id });
    if (!schedule) throw scheduleNotFound();
    return schedule;
  }

  /** Before it is ever done, a schedule without a first due point counts from today and now. */
  async function firstDuePointOf(
    tx: Executor,
    userId: number,
    vehicle: { id: number; odometerUnit: string },
    payload: SchedulePayload,
    today: string,
  ): Promise<Pick<ScheduleColumns, 'firstDueDate' | 'firstDueOdometer'>> {
    const isDone = payload.lastDoneDate != null || payload.lastDoneOdometer != null;
    if (isDone) return {};
    const firstDueDate =
      payload.firstDueDate ??
      (payload.intervalMonths ? addMonths(today, payload.intervalMonths) : null);
    let firstDueOdometer = payload.firstDueOdometer ?? null;
    if (firstDueOdometer === null && payload.intervalDistance) {
      const { judged } = await judgeVehicleReadings(
        tx,
        userId,
        vehicle.id,
        vehicle.odometerUnit as DistanceUnit,
      );
      const estimate = estimateOdometer(judged, today);
      firstDueOdometer = estimate === null ? null : estimate + payload.intervalDistance;
    }
    return { firstDueDate, firstDueOdometer: toDecimalText(firstDueOdometer, 1) };
  }

  return {
    /** `GET /api/vehicles/{id}/schedules`: 404 when the vehicle is not the user's (D9). */
    async listVehicleSchedules(userId: number, vehicleId: number): Promise<Schedule[]> {
      await requireVehicleToRead(db, userId, vehicleId);
      return readVehicleSchedules(db, userId, { vehicleId });
    },

    /** `GET /api/schedules/{id}`. */
    async getSchedule(userId: number, id: number): Promise<Schedule> {
      const [row] = await findSchedules(db, userId, { id });
      if (!row) throw scheduleNotFound();
      return readSchedule(db, userId, row.vehicleId, id);
    },

    /**
     * `POST /api/vehicles/{id}/schedules`. D50: a schedule counts as a record on a limited plan,
     * checked under the lock of the user's row first, then the vehicle is locked.
     */
    async createSchedule(
      userId: number,
      vehicleId: number,
      payload: SchedulePayload,
    ): Promise<Schedule> {
      return db.transaction(async (tx) => {
        await subscription.assertCanAddRecord(tx, userId);
        const vehicle = await requireVehicleToWrite(tx, userId, vehicleId);
        const terms = await readReminderTerms(tx, userId);
        const id = await insertSchedule(tx, userId, {
          ...toColumns(payload),
          ...(await firstDuePointOf(tx, userId, vehicle, payload, todayOf(terms))),
          vehicleId,
          title: payload.title,
          category: payload.category,
        });
        return readSchedule(tx, userId, vehicleId, id);
      });
    },

    /** `PATCH /api/schedules/{id}`: the result must still fall due somehow. */
    async updateSchedule(
      userId: number,
      id: number,
      payload: ScheduleUpdatePayload,
    ): Promise<Schedule> {
      return db.transaction(async (tx) => {
        const { vehicle } = await requireScheduleToWrite(tx, userId, id);
        await updateSchedule(tx, userId, id, toColumns(payload));
        const [row] = await findSchedules(tx, userId, { id });
        if (!scheduleFallsDue(row!)) throw new AppError(400, SCHEDULE_MESSAGES.noDuePoint);
        return readSchedule(tx, userId, vehicle.id, id);
      });
    },

    /** `DELETE /api/schedules/{id}`: the records that completed it stay, unlinked. */
    async deleteSchedule(userId: number, id: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        await requireScheduleToWrite(tx, userId, id);
        await deleteSchedule(tx, userId, id);
      });
      return { message: SCHEDULE_MESSAGES.deleted };
    },

    /**
     * `POST /api/schedules/{id}/complete`: the maintenance record of what was done (its title and
     * category the schedule's), and the schedule moved on from it: the due point it fulfilled
     * kept for fixed intervals, the date and odometer of the work as its last done, one more
     * occurrence. Without an odometer, the history's estimate for that date is used when the
     * schedule counts distance. D50: the record counts under the plan's limit.
     */
    async completeSchedule(
      userId: number,
      id: number,
      completion: ScheduleCompletion,
    ): Promise<ScheduleCompleted> {
      return db.transaction(async (tx) => {
        await subscription.assertCanAddRecord(tx, userId);
        const { vehicle } = await requireScheduleToWrite(tx, userId, id);
        const [row] = await findSchedules(tx, userId, { id });
        if (!row) throw scheduleNotFound();
        // The record links the schedule, and saving it moves the schedule on (records.service).
        const record: RecordItem = await records.createRecordIn(
          tx,
          userId,
          'maintenance',
          vehicle.id,
          {
            title: row.title,
            category: row.category as (typeof RECORD_KINDS)['maintenance']['categories'][number],
            date: completion.date,
            cost: completion.cost ?? null,
            notes: completion.notes ?? null,
            odometer: completion.odometer ?? null,
            isCompleted: true,
            scheduleId: id,
          },
          // Completing a schedule is not questioned (decision 068): its reading is flagged.
          'flag',
        );
        return { record, schedule: await readSchedule(tx, userId, vehicle.id, id) };
      });
    },

    /**
     * The next occurrence of each of the user's schedules as an upcoming item (D18's shape), for
     * the bell, the dashboard, the Maintenance view and the calendar: dated by its due date, its
     * due mileage as the item's, its predicted date beside. A schedule with no next due point (a
     * one-off done) has none. Inside a write, read on its transaction (`executor`): never a
     * second connection while one is held.
     */
    async listScheduleItems(
      user: { id: number },
      executor: Executor = db,
    ): Promise<UpcomingItem[]> {
      const userId = user.id;
      const rows = await findSchedules(executor, userId);
      if (rows.length === 0) return [];
      const vehicleIds = [...new Set(rows.map((row) => row.vehicleId))];
      const readings = await findReadingsOfVehicles(executor, vehicleIds, userId);
      const units = new Map(rows.map((row) => [row.vehicleId, row.odometerUnit]));
      const drivingByVehicle = judgeByVehicle(readings, (vehicleId) => units.get(vehicleId)!);
      return rows.flatMap((row) => {
        const driving = drivingByVehicle.get(row.vehicleId) ?? NO_DRIVING;
        const { due, predictedDate } = evaluateSchedule(row, driving);
        if (due.date === null && due.odometer === null) return [];
        return [toUpcomingScheduleItem(row, due, predictedDate, driving)];
      });
    },
  };
}

function toUpcomingScheduleItem(
  row: ScheduleRow,
  due: DuePoint,
  predictedDate: string | null,
  driving: Driving,
): UpcomingItem {
  return {
    id: row.id,
    type: 'maintenance',
    title: row.title,
    vehicleId: row.vehicleId,
    vehicleName: vehicleTitle({
      year: row.vehicleYear,
      make: row.vehicleMake,
      model: row.vehicleModel,
    }),
    date: due.date,
    dueDate: due.date,
    dueMileage: due.odometer,
    vehicleMileage: driving.current?.odometer ?? row.vehicleMileage,
    odometerUnit: row.odometerUnit,
    cost: null,
    description: null,
    imageUrl: null,
    fileUrl: null,
    isCompleted: false,
    scheduleId: row.id,
    occurrence: row.occurrence,
    predictedDate,
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
