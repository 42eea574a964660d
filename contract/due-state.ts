/**
 * When an open item is due, as a state: overdue, due soon, or later (`ok`). One function,
 * `dueStateOn`, judges it for every place that says it: the bell, the dashboard's and a vehicle's
 * upcoming lists, the vehicle's status line, the Maintenance view's groups, the schedules' cards,
 * the reminders sent and the calendar feed (decision 067). What differs between those places is
 * only the window they look ahead by, which each names where it shows (the bell's 7 days, the
 * reminders' lead of days or distance); `today` is always given by the caller, from the same
 * day the place already judges by.
 *
 * Days are calendar dates (`yyyy-MM-dd`); distances are in the vehicle's odometer unit.
 */

/** `ok` until the window is reached, `dueSoon` inside it, `overdue` once past due. */
export const DUE_STATES = ['ok', 'dueSoon', 'overdue'] as const;
export type DueState = (typeof DUE_STATES)[number];

/** How far ahead an item counts as due soon: days, and distance in the vehicle's unit. */
export type DueWindow = { days: number; distance: number };

/** Only what is past due: the lists that mark 'Overdue' and nothing else (D47). */
export const OVERDUE_ONLY: DueWindow = { days: 0, distance: 0 };

/** Where an item falls due: its date and its odometer figure, either or both null. */
export type DueAt = { date: string | null; odometer: number | null };

const DAY_MS = 86_400_000;

/** `date` (`yyyy-MM-dd`) plus `days` calendar days, never through a time zone. */
export function addDays(date: string, days: number): string {
  const start = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * An item's state on `today`. Overdue: its date is before today (the due day itself is not
 * overdue, D33, D47), or the current odometer has reached its due figure. Due soon: its date, or
 * the date recent driving reaches its due figure (`predictedDate`), is within `window.days` of
 * today, or the current odometer is within `window.distance` of its due figure. A prediction
 * alone never makes an item overdue: only a reading says a figure was reached.
 */
export function dueStateOn(
  due: DueAt,
  predictedDate: string | null,
  currentOdometer: number | null,
  today: string,
  window: DueWindow,
): DueState {
  const isPastDate = due.date !== null && due.date < today;
  const isPastMileage =
    due.odometer !== null && currentOdometer !== null && currentOdometer >= due.odometer;
  if (isPastDate || isPastMileage) return 'overdue';
  const soonLimit = addDays(today, window.days);
  const isDateNear = due.date !== null && due.date <= soonLimit;
  const isPredictionNear = predictedDate !== null && predictedDate <= soonLimit;
  const isMileageNear =
    due.odometer !== null &&
    currentOdometer !== null &&
    currentOdometer >= due.odometer - window.distance;
  return isDateNear || isPredictionNear || isMileageNear ? 'dueSoon' : 'ok';
}
