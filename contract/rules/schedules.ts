/**
 * What the schemas check with of `schedules.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `schedules.ts` passes on those its readers use, so a
 * file and its schema never import each other.
 */
import { DUE_STATES } from '../due-state';

/** A schedule's state is the one due state of every open item (contract/due-state.ts). */
export const SCHEDULE_STATES = DUE_STATES;

/**
 * The zone a user's days are judged in until they choose one (decision 066: Account Settings ›
 * Units and time zone, proposed from the browser at registration). Here, below both, because
 * `units.ts` sets it in the default preferences and `schedules.ts` reads the units' types.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The longest IANA zone name kept (the column's length). */
export const TIME_ZONE_MAX = 64;

export const SCHEDULE_LIMITS = {
  maxIntervalMonths: 240,
  maxIntervalDistance: 1_000_000,
} as const;

export const SCHEDULE_MESSAGES = {
  titleRequired: 'Title is required',
  intervalMonths: `Every how many months must be a whole number from 1 to ${SCHEDULE_LIMITS.maxIntervalMonths}`,
  intervalDistance: `Every how far must be a whole number from 1 to ${SCHEDULE_LIMITS.maxIntervalDistance.toLocaleString('en-US')}`,
  fixedIntervals: 'fixedIntervals must be true or false',
  noDuePoint: 'Give an interval in months or distance, or a first due date or mileage',
  scheduleNotFound: 'Schedule not found',
  deleted: 'Schedule deleted',
} as const;

/**
 * A schedule must fall due somehow: an interval, or a first due date or mileage. Checked on the
 * payload of a create and on the stored result of a change.
 */
export function scheduleFallsDue(schedule: {
  intervalMonths?: number | null;
  intervalDistance?: number | null;
  firstDueDate?: string | null;
  firstDueOdometer?: number | null;
}): boolean {
  return [
    schedule.intervalMonths,
    schedule.intervalDistance,
    schedule.firstDueDate,
    schedule.firstDueOdometer,
  ].some((value) => value !== null && value !== undefined);
}
