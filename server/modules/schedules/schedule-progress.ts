/**
 * Decision 054: a schedule moved on by work done, in the caller's transaction (which holds the
 * vehicle's lock): a completion from the schedule, or a completed maintenance record saved with
 * its `scheduleId`. The due point that work fulfilled is kept (fixed intervals count on from
 * it), the date and odometer of the work become the last done point, and the occurrence counts
 * one more. Without an odometer, the history's estimate for that date is used when the schedule
 * counts distance; the record itself gets no invented reading.
 */
import { SCHEDULE_MESSAGES } from '@contract/schedules';
import { notFound } from '../../app-error';
import { toDecimalText } from '../../db/numeric';
import type { Executor } from '../../db/open';
import { estimateOdometer } from '../odometer/odometer.calc';
import { judgeVehicleReadings } from '../odometer/odometer-readings.service';
import { nextDuePoint } from './schedules.calc';
import { findSchedules, updateSchedule } from './schedules.repository';

/** The caller has checked and locked the schedule (access.service). */
export async function moveScheduleOn(
  tx: Executor,
  userId: number,
  scheduleId: number,
  vehicleId: number,
  done: { date: string; odometer: number | null },
): Promise<void> {
  const [row] = await findSchedules(tx, userId, { id: scheduleId, vehicleId });
  if (!row) throw notFound(SCHEDULE_MESSAGES.scheduleNotFound);
  let odometer = done.odometer;
  if (odometer === null && row.intervalDistance !== null) {
    const { judged } = await judgeVehicleReadings(tx, userId, vehicleId, row.odometerUnit);
    odometer = estimateOdometer(judged, done.date);
  }
  const fulfilled = nextDuePoint(row);
  await updateSchedule(tx, userId, scheduleId, {
    lastDoneDate: done.date,
    lastDoneOdometer: toDecimalText(odometer, 1),
    previousDueDate: fulfilled.date,
    previousDueOdometer: toDecimalText(fulfilled.odometer, 1),
    occurrence: row.occurrence + 1,
  });
}
