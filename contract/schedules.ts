/**
 * Service schedules (decision 054): a vehicle's service that repeats by months and/or distance,
 * whichever comes first; its state, the starter schedules offered with a new vehicle, and the
 * messages of the schedule calls. The schemas are in `schemas/schedules.ts`; the arithmetic of
 * due points and states is the server's (`schedules.calc.ts`), answered with each schedule.
 */
import type { z } from 'zod';
import type { MAINTENANCE_CATEGORIES } from './categories';
import type {
  scheduleCompletedSchema,
  scheduleCompletionSchema,
  scheduleInputSchema,
  scheduleSchema,
  scheduleUpdateSchema,
} from './schemas/schedules';
import type { DistanceUnit } from './units';

/** `ok` until the due-soon thresholds are reached, `dueSoon` then, `overdue` once past due. */
export const SCHEDULE_STATES = ['ok', 'dueSoon', 'overdue'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

export const SCHEDULE_STATE_LABELS: Record<ScheduleState, string> = {
  ok: 'On schedule',
  dueSoon: 'Due soon',
  overdue: 'Overdue',
};

/** The due-soon thresholds when the user has set none: 14 days or 500 (mi or km) ahead. */
export const DEFAULT_DUE_SOON = { days: 14, distance: 500 } as const;

/**
 * The zone a user's days are judged in until they choose one (decision 066: Account Settings ›
 * Units and time zone, proposed from the browser at registration).
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

/** A schedule offered when a vehicle is added: never saved unless the user keeps it. */
export type StarterSchedule = {
  title: string;
  category: (typeof MAINTENANCE_CATEGORIES)[number];
  intervalMonths: number;
  /** Per distance unit: round figures in each, not a conversion. */
  intervalDistance: Record<DistanceUnit, number>;
};

/** Common intervals of a modern car; the owner's manual wins, and the user edits them. */
export const STARTER_SCHEDULES: readonly StarterSchedule[] = [
  {
    title: 'Oil and filter change',
    category: 'Oil Change',
    intervalMonths: 12,
    intervalDistance: { mi: 7_500, km: 12_000 },
  },
  {
    title: 'Tire rotation',
    category: 'Tire Rotation',
    intervalMonths: 6,
    intervalDistance: { mi: 6_000, km: 10_000 },
  },
  {
    title: 'Brake fluid',
    category: 'Fluid Change',
    intervalMonths: 24,
    intervalDistance: { mi: 30_000, km: 50_000 },
  },
  {
    title: 'Engine air filter',
    category: 'Filter Replacement',
    intervalMonths: 24,
    intervalDistance: { mi: 20_000, km: 30_000 },
  },
];

export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export type SchedulePayload = z.output<typeof scheduleInputSchema>;
export type ScheduleUpdatePayload = z.output<typeof scheduleUpdateSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleCompletion = z.output<typeof scheduleCompletionSchema>;
export type ScheduleCompleted = z.infer<typeof scheduleCompletedSchema>;
