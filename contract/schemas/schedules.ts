/**
 * The zod schemas of `schedules.ts`: a service schedule's payloads and answers, and completing
 * it (decision 054).
 */
import { z } from 'zod';
import { MAINTENANCE_CATEGORIES } from '../categories';
import { TEXT_LIMITS } from '../rules/common';
import {
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SCHEDULE_STATES,
  scheduleFallsDue,
} from '../rules/schedules';
import { DISTANCE_UNITS } from '../rules/units';
import {
  calendarDateSchema,
  limitedText,
  optionalCalendarDateSchema,
  optionalMoneySchema,
} from './common';
import { odometerValueSchema } from './energy';
import { categorySchema, emptyToNull, optionalText, recordSchema } from './records';

/** A whole number from `min` to `max` (given as a number or its digits), or null when empty. */
function optionalWholeNumber(message: string, min: number, max: number) {
  return z.preprocess((value) => {
    const empty = emptyToNull(value);
    return typeof empty === 'string' && /^\s*\d+\s*$/.test(empty) ? Number(empty) : empty;
  }, z.number({ message }).int(message).min(min, message).max(max, message).nullable().optional());
}

const scheduleFields = {
  title: limitedText('Title', TEXT_LIMITS.title, SCHEDULE_MESSAGES.titleRequired),
  category: categorySchema(MAINTENANCE_CATEGORIES),
  intervalMonths: optionalWholeNumber(
    SCHEDULE_MESSAGES.intervalMonths,
    1,
    SCHEDULE_LIMITS.maxIntervalMonths,
  ),
  intervalDistance: optionalWholeNumber(
    SCHEDULE_MESSAGES.intervalDistance,
    1,
    SCHEDULE_LIMITS.maxIntervalDistance,
  ),
  firstDueDate: optionalCalendarDateSchema,
  firstDueOdometer: odometerValueSchema,
  lastDoneDate: optionalCalendarDateSchema,
  lastDoneOdometer: odometerValueSchema,
  fixedIntervals: z.boolean({ message: SCHEDULE_MESSAGES.fixedIntervals }).optional(),
};

/** `POST /api/vehicles/{id}/schedules`. */
export const scheduleInputSchema = z
  .object(scheduleFields)
  .refine(scheduleFallsDue, { message: SCHEDULE_MESSAGES.noDuePoint, path: ['intervalMonths'] });

/**
 * `PATCH /api/schedules/{id}`: any of the fields; the result must still fall due somehow (the
 * service checks it against the stored schedule).
 */
export const scheduleUpdateSchema = z.object(scheduleFields).partial();

export const scheduleSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  /** "{year} {make} {model}" */
  vehicleName: z.string(),
  title: z.string(),
  category: z.string(),
  intervalMonths: z.number().nullable(),
  /** In the vehicle's odometer unit, as every distance of a schedule. */
  intervalDistance: z.number().nullable(),
  firstDueDate: z.string().nullable(),
  firstDueOdometer: z.number().nullable(),
  lastDoneDate: z.string().nullable(),
  lastDoneOdometer: z.number().nullable(),
  fixedIntervals: z.boolean(),
  /** How many times it was completed; its next due point is the next occurrence. */
  occurrence: z.number(),
  nextDueDate: z.string().nullable(),
  nextDueOdometer: z.number().nullable(),
  /** When recent driving reaches `nextDueOdometer`; null without a due mileage or a rate. */
  predictedDate: z.string().nullable(),
  state: z.enum(SCHEDULE_STATES),
  /** The vehicle's current odometer (latest accepted reading), null when unknown. */
  vehicleMileage: z.number().nullable(),
  odometerUnit: z.enum(DISTANCE_UNITS),
});
export const schedulesSchema = z.array(scheduleSchema);

/** `POST /api/schedules/{id}/complete`: what was done; it becomes a maintenance record. */
export const scheduleCompletionSchema = z.object({
  date: calendarDateSchema,
  /** Left out, the odometer history's estimate for that date is used, when there is one. */
  odometer: odometerValueSchema,
  // D3: a number or a numeric string, kept to the cent; '' means none.
  cost: optionalMoneySchema,
  notes: optionalText('Notes', TEXT_LIMITS.notes),
});

export const scheduleCompletedSchema = z.object({
  record: recordSchema,
  schedule: scheduleSchema,
});
