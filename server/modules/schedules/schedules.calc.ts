/**
 * The arithmetic of service schedules (decision 054), pure: a schedule's next due point, the date
 * recent driving reaches a due mileage, and the next day its state can change by time alone. The
 * state itself is the contract's one `dueStateOn` (decision 067). The pages, the reminder scan
 * and the calendar feed all read schedules through these functions, so they agree.
 *
 * Days are calendar dates (`yyyy-MM-dd`) of the user's calendar; `today` is given by the caller.
 * Distances are in the vehicle's odometer unit.
 */
import { addDays, type DueAt, type DueWindow } from '@contract/due-state';

export { addDays };

export type ScheduleTerms = {
  intervalMonths: number | null;
  intervalDistance: number | null;
  firstDueDate: string | null;
  firstDueOdometer: number | null;
  lastDoneDate: string | null;
  lastDoneOdometer: number | null;
  fixedIntervals: boolean;
  /** The due point the last completion fulfilled: where fixed intervals count on from. */
  previousDueDate: string | null;
  previousDueOdometer: number | null;
};

export type DuePoint = DueAt;

/** The vehicle's odometer as its history tells it: the current reading and recent driving. */
export type Driving = {
  current: { odometer: number; date: string } | null;
  /** Distance per day, or null when the history cannot tell. */
  perDay: number | null;
};

/** The user's reminder lead: how far ahead an item counts as due soon (contract/due-state.ts). */
export type DueSoonThresholds = DueWindow;

/** The same day `months` later; past the end of a shorter month, its last day (Jan 31 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const monthIndex = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)))
    .toISOString()
    .slice(0, 10);
}

/**
 * The next due point. Before it was ever done: the first due date and mileage. After: the last
 * done date plus the months and the last done odometer plus the distance, or, with fixed
 * intervals, the fulfilled due point plus them. A dimension without an interval has no next due
 * point once done (a one-off), nor has one whose last done value is unknown.
 */
export function nextDuePoint(terms: ScheduleTerms): DuePoint {
  const isDone = terms.lastDoneDate !== null || terms.lastDoneOdometer !== null;
  if (!isDone) return { date: terms.firstDueDate, odometer: terms.firstDueOdometer };
  const dateBase = terms.fixedIntervals
    ? (terms.previousDueDate ?? terms.lastDoneDate)
    : terms.lastDoneDate;
  const odometerBase = terms.fixedIntervals
    ? (terms.previousDueOdometer ?? terms.lastDoneOdometer)
    : terms.lastDoneOdometer;
  return {
    date:
      terms.intervalMonths !== null && dateBase !== null
        ? addMonths(dateBase, terms.intervalMonths)
        : null,
    odometer:
      terms.intervalDistance !== null && odometerBase !== null
        ? odometerBase + terms.intervalDistance
        : null,
  };
}

/** Predictions further out than this say nothing useful (and a rate near zero makes them absurd). */
const MAX_PREDICTION_DAYS = 3_660;

/**
 * The day recent driving reaches `odometer`: the current reading's date plus the distance left
 * over the distance per day, rounded up to a whole day. Null when it is already reached (the
 * item is then overdue by its reading, not by a prediction), when there is no rate, or when it
 * is more than ten years away.
 */
export function predictedDateOf(odometer: number | null, driving: Driving): string | null {
  const { current, perDay } = driving;
  if (odometer === null || current === null || perDay === null || perDay <= 0) return null;
  const left = odometer - current.odometer;
  if (left <= 0) return null;
  const days = Math.ceil(left / perDay);
  return days > MAX_PREDICTION_DAYS ? null : addDays(current.date, days);
}

/**
 * The first day after `today` on which the state can change with no new data: the day the due
 * date or the predicted date comes within the due-soon days, or the day after the due date.
 * Null when only a new reading or an edit can change it.
 */
export function nextChangeDay(
  due: DuePoint,
  predictedDate: string | null,
  today: string,
  thresholds: DueSoonThresholds,
): string | null {
  const candidates = [
    due.date === null ? null : addDays(due.date, -thresholds.days),
    due.date === null ? null : addDays(due.date, 1),
    predictedDate === null ? null : addDays(predictedDate, -thresholds.days),
  ].filter((day): day is string => day !== null && day > today);
  return candidates.length === 0 ? null : candidates.reduce((a, b) => (a < b ? a : b));
}

/** The date an item is listed and ordered by: the earlier of its due date and predicted date. */
export function soonestDate(due: DuePoint, predictedDate: string | null): string | null {
  if (due.date === null) return predictedDate;
  if (predictedDate === null) return due.date;
  return due.date < predictedDate ? due.date : predictedDate;
}
