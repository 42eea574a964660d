/**
 * What a service schedule says on the vehicle's Schedules tab (decision 054): its interval in
 * words, when it is next due (its date, its mileage with the distance left and, from recent
 * driving, around when it is reached), when it was last done, and the toast after Mark done.
 * Pure functions of the schedule as the server answers it, in the vehicle's odometer unit.
 */
import type { Schedule, ScheduleState } from '@contract/schedules';
import type { DistanceUnit } from '@contract/units';
import { formatDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';

type ScheduleInterval = Pick<
  Schedule,
  'intervalMonths' | 'intervalDistance' | 'firstDueDate' | 'firstDueOdometer' | 'odometerUnit'
>;

function months(count: number): string {
  return count === 1 ? 'month' : `${count} months`;
}

/**
 * "Every 6 months or 5,000 mi, whichever comes first", "Every 12 months", "Every 5,000 mi"; a
 * schedule without an interval is a one-off: "Once, on Mar 4, 2027", "Once, at 57,100 mi".
 */
export function intervalText(schedule: ScheduleInterval): string {
  const { intervalMonths, intervalDistance, odometerUnit: unit } = schedule;
  if (intervalMonths !== null && intervalDistance !== null) {
    return `Every ${months(intervalMonths)} or ${formatDistance(intervalDistance, unit)}, whichever comes first`;
  }
  if (intervalMonths !== null) return `Every ${months(intervalMonths)}`;
  if (intervalDistance !== null) return `Every ${formatDistance(intervalDistance, unit)}`;
  const date = schedule.firstDueDate === null ? null : `on ${formatDate(schedule.firstDueDate)}`;
  const mileage =
    schedule.firstDueOdometer === null
      ? null
      : `at ${formatDistance(schedule.firstDueOdometer, unit)}`;
  if (date && mileage) return `Once, ${date} or ${mileage}, whichever comes first`;
  return `Once, ${date ?? mileage ?? 'when you choose'}`;
}

type ScheduleDue = Pick<
  Schedule,
  'nextDueDate' | 'nextDueOdometer' | 'predictedDate' | 'state' | 'vehicleMileage' | 'odometerUnit'
>;

/** The distance left to a due mileage, rounded to a whole unit; null without a current odometer. */
export function distanceLeft(schedule: ScheduleDue): number | null {
  if (schedule.nextDueOdometer === null || schedule.vehicleMileage === null) return null;
  return Math.round(schedule.nextDueOdometer - schedule.vehicleMileage);
}

/** "in about 1,200 mi (around Jan 12, 2027)", "at 57,100 mi (1,200 mi to go)", "at 57,100 mi". */
function dueMileageText(schedule: ScheduleDue, dueOdometer: number, unit: DistanceUnit): string {
  const left = distanceLeft(schedule);
  if (left !== null && schedule.predictedDate !== null) {
    return `in about ${formatDistance(left, unit)} (around ${formatDate(schedule.predictedDate)})`;
  }
  const at = `at ${formatDistance(dueOdometer, unit)}`;
  return left === null ? at : `${at} (${formatDistance(left, unit)} to go)`;
}

/** True when the current odometer has reached the due mileage. */
function isMileageReached(schedule: ScheduleDue): boolean {
  return (
    schedule.nextDueOdometer !== null &&
    schedule.vehicleMileage !== null &&
    schedule.vehicleMileage >= schedule.nextDueOdometer
  );
}

/**
 * When the schedule is next due, as its card says it. Not yet due: "Due Mar 4, 2027", "Due in
 * about 1,200 mi (around Jan 12, 2027)", "Due at 57,100 mi (1,200 mi to go)", and with both a
 * date and a mileage the sooner first: "Due Mar 4, 2027 or in about 1,200 mi (around …)". Overdue:
 * "Overdue since Mar 4, 2027" when its date has passed (`today` is the user's day), else
 * "Overdue: 57,100 mi reached". A one-off that was done is not due again.
 */
export function dueText(schedule: ScheduleDue, today: string): string {
  const { nextDueDate, nextDueOdometer, odometerUnit: unit } = schedule;
  if (nextDueDate === null && nextDueOdometer === null) return 'Done, and not due again';
  if (schedule.state === 'overdue') {
    if (nextDueDate !== null && (nextDueDate < today || !isMileageReached(schedule))) {
      return `Overdue since ${formatDate(nextDueDate)}`;
    }
    return `Overdue: ${formatDistance(nextDueOdometer ?? 0, unit)} reached`;
  }
  if (nextDueOdometer === null) return `Due ${formatDate(nextDueDate)}`;
  const mileage = dueMileageText(schedule, nextDueOdometer, unit);
  if (nextDueDate === null) return `Due ${mileage}`;
  const isMileageSooner = schedule.predictedDate !== null && schedule.predictedDate < nextDueDate;
  return isMileageSooner
    ? `Due ${mileage} or on ${formatDate(nextDueDate)}`
    : `Due ${formatDate(nextDueDate)} or ${mileage}`;
}

/** "Last done Mar 4, 2026 at 52,310 mi", "Last done Mar 4, 2026", or null when never done. */
export function lastDoneText(
  schedule: Pick<Schedule, 'lastDoneDate' | 'lastDoneOdometer' | 'odometerUnit'>,
): string | null {
  const { lastDoneDate, lastDoneOdometer, odometerUnit } = schedule;
  if (lastDoneDate === null && lastDoneOdometer === null) return null;
  const date = lastDoneDate === null ? '' : ` ${formatDate(lastDoneDate)}`;
  const mileage =
    lastDoneOdometer === null ? '' : ` at ${formatDistance(lastDoneOdometer, odometerUnit)}`;
  return `Last done${date}${mileage}`;
}

/** The toast after Mark done: what was done and the next due point it moved to. */
export function completedToast(
  schedule: Pick<Schedule, 'title' | 'nextDueDate' | 'nextDueOdometer' | 'odometerUnit'>,
): { title: string; description: string } {
  const { nextDueDate, nextDueOdometer, odometerUnit } = schedule;
  const points = [
    nextDueDate === null ? null : formatDate(nextDueDate),
    nextDueOdometer === null ? null : `at ${formatDistance(nextDueOdometer, odometerUnit)}`,
  ].filter((point) => point !== null);
  return {
    title: `${schedule.title} marked done`,
    description:
      points.length === 0
        ? 'It is not due again. The maintenance record was added.'
        : `Next due ${points.join(' or ')}. The maintenance record was added.`,
  };
}

/** Overdue first, then due soon, then on schedule; otherwise in the server's order. */
const STATE_ORDER: Record<ScheduleState, number> = { overdue: 0, dueSoon: 1, ok: 2 };

export function byUrgency<T extends Pick<Schedule, 'state'>>(schedules: readonly T[]): T[] {
  return [...schedules].sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]);
}
