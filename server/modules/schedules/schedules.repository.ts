/**
 * Queries of `service_schedules` (decision 054): a vehicle's schedules, the user's, one locked for
 * a write, and the user's reminder terms (due-soon thresholds, time zone, distance unit). Every
 * query is scoped by the signed-in user's id (D9) and served by `service_schedules_user_id_idx`
 * or `service_schedules_vehicle_id_idx`.
 */
import { DEFAULT_TIME_ZONE } from '@contract/schedules';
import type { DistanceUnit } from '@contract/units';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { notificationSettings, serviceSchedules, users, vehicles } from '../../db/schema';

/** `numeric` odometers as numbers: pg answers them as text. */
const asNumber = (column: typeof serviceSchedules.firstDueOdometer) =>
  sql<number | null>`${column}::float8`;

const SCHEDULE_COLUMNS = {
  id: serviceSchedules.id,
  vehicleId: serviceSchedules.vehicleId,
  vehicleYear: vehicles.year,
  vehicleMake: vehicles.make,
  vehicleModel: vehicles.model,
  vehicleMileage: vehicles.mileage,
  odometerUnit: sql<DistanceUnit>`${vehicles.odometerUnit}`,
  title: serviceSchedules.title,
  category: serviceSchedules.category,
  intervalMonths: serviceSchedules.intervalMonths,
  intervalDistance: serviceSchedules.intervalDistance,
  firstDueDate: serviceSchedules.firstDueDate,
  firstDueOdometer: asNumber(serviceSchedules.firstDueOdometer),
  lastDoneDate: serviceSchedules.lastDoneDate,
  lastDoneOdometer: asNumber(serviceSchedules.lastDoneOdometer),
  fixedIntervals: serviceSchedules.fixedIntervals,
  previousDueDate: serviceSchedules.previousDueDate,
  previousDueOdometer: asNumber(serviceSchedules.previousDueOdometer),
  occurrence: serviceSchedules.occurrence,
};

export type ScheduleRow = {
  id: number;
  vehicleId: number;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  vehicleMileage: number | null;
  odometerUnit: DistanceUnit;
  title: string;
  category: string;
  intervalMonths: number | null;
  intervalDistance: number | null;
  firstDueDate: string | null;
  firstDueOdometer: number | null;
  lastDoneDate: string | null;
  lastDoneOdometer: number | null;
  fixedIntervals: boolean;
  previousDueDate: string | null;
  previousDueOdometer: number | null;
  occurrence: number;
};

/**
 * The schedules of these vehicles, whoever owns them: what the reminder scan evaluates for the
 * vehicles it has claimed (decision 054).
 */
export async function findSchedulesOfVehicles(
  db: Executor,
  vehicleIds: readonly number[],
): Promise<ScheduleRow[]> {
  if (vehicleIds.length === 0) return [];
  return db
    .select(SCHEDULE_COLUMNS)
    .from(serviceSchedules)
    .innerJoin(vehicles, eq(vehicles.id, serviceSchedules.vehicleId))
    .where(inArray(serviceSchedules.vehicleId, [...vehicleIds]))
    .orderBy(asc(serviceSchedules.vehicleId), asc(serviceSchedules.id)) as Promise<ScheduleRow[]>;
}

/** The user's schedules (of one vehicle, or one schedule, when asked), in the order they were added. */
export async function findSchedules(
  db: Executor,
  userId: number,
  where: { vehicleId?: number; id?: number } = {},
): Promise<ScheduleRow[]> {
  return db
    .select(SCHEDULE_COLUMNS)
    .from(serviceSchedules)
    .innerJoin(vehicles, eq(vehicles.id, serviceSchedules.vehicleId))
    .where(
      and(
        eq(serviceSchedules.userId, userId),
        where.vehicleId === undefined ? undefined : eq(serviceSchedules.vehicleId, where.vehicleId),
        where.id === undefined ? undefined : eq(serviceSchedules.id, where.id),
      ),
    )
    .orderBy(asc(serviceSchedules.vehicleId), asc(serviceSchedules.id)) as Promise<ScheduleRow[]>;
}

/** The columns a write sets; odometers as `numeric` text. */
export type ScheduleColumns = Partial<
  Omit<typeof serviceSchedules.$inferInsert, 'id' | 'userId' | 'addedAt'>
>;

export async function insertSchedule(
  tx: Executor,
  userId: number,
  columns: ScheduleColumns & { vehicleId: number; title: string; category: string },
): Promise<number> {
  const [row] = await tx
    .insert(serviceSchedules)
    .values({ ...columns, userId })
    .returning({ id: serviceSchedules.id });
  return row!.id;
}

export async function updateSchedule(
  tx: Executor,
  userId: number,
  id: number,
  columns: ScheduleColumns,
): Promise<void> {
  if (Object.values(columns).every((value) => value === undefined)) return;
  await tx
    .update(serviceSchedules)
    .set(columns)
    .where(and(eq(serviceSchedules.id, id), eq(serviceSchedules.userId, userId)));
}

export async function deleteSchedule(tx: Executor, userId: number, id: number): Promise<void> {
  await tx
    .delete(serviceSchedules)
    .where(and(eq(serviceSchedules.id, id), eq(serviceSchedules.userId, userId)));
}

/**
 * What the user's reminders are judged with, as saved: the due-soon thresholds of their
 * notification settings (null when they never saved any), their distance unit and their time
 * zone (decision 066).
 */
export async function findReminderSettings(db: Executor, userId: number) {
  const [row] = await db
    .select({
      dueSoonDays: notificationSettings.dueSoonDays,
      dueSoonDistance: notificationSettings.dueSoonDistance,
      distanceUnit: sql<DistanceUnit>`${users.distanceUnit}`,
      timeZone: users.timeZone,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row)
    return { settings: null, distanceUnit: 'mi' as DistanceUnit, timeZone: DEFAULT_TIME_ZONE };
  const { distanceUnit, dueSoonDays, dueSoonDistance, timeZone } = row;
  // Without a saved row, the left join answers nulls.
  const settings: SavedReminderSettings | null =
    dueSoonDays === null || dueSoonDistance === null ? null : { dueSoonDays, dueSoonDistance };
  return { settings, distanceUnit, timeZone };
}

export type SavedReminderSettings = {
  dueSoonDays: number;
  dueSoonDistance: number;
};
