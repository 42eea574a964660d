/**
 * The zod schemas of `odometer.ts`: a reading's payloads and answers, and a vehicle's history.
 */
import { z } from 'zod';
import {
  ODOMETER_FLAGS,
  ODOMETER_PAGE,
  ODOMETER_QUESTION_CODE,
  ODOMETER_SOURCES,
} from '../rules/odometer';
import { DISTANCE_UNITS } from '../rules/units';
import { calendarDateSchema } from './common';
import { confirmOdometerSchema, pageCursorSchema, requiredOdometerSchema } from './energy';
import { pageLimitSchema } from './paging';

/** `POST /api/vehicles/{id}/odometer`: a reading entered alone. */
export const odometerReadingInputSchema = z.object({
  date: calendarDateSchema,
  odometer: requiredOdometerSchema,
  confirmOdometer: confirmOdometerSchema,
});

/**
 * `PATCH /api/odometer/{id}`: fix a reading (date, odometer) or confirm it as right
 * (`isConfirmed`). Fixing a reading that came with an energy entry or a record fixes that
 * entry's odometer too.
 */
export const odometerReadingUpdateSchema = z.object({
  date: calendarDateSchema.optional(),
  odometer: requiredOdometerSchema.optional(),
  isConfirmed: z.boolean({ message: 'isConfirmed must be true or false' }).optional(),
  confirmOdometer: confirmOdometerSchema,
});

const odometerFlagSchema = z.enum(Object.keys(ODOMETER_FLAGS) as [keyof typeof ODOMETER_FLAGS]);

/**
 * Decision 068: the 409 of a write whose odometer the history would flag, unless it carries
 * `confirmOdometer: true`.
 */
export const odometerQuestionSchema = z.object({
  message: z.string(),
  code: z.literal(ODOMETER_QUESTION_CODE),
  flag: odometerFlagSchema,
  /** Today's estimate on the reading's day from the readings before it; null without any. */
  expected: z.number().nullable(),
  /** The vehicle's odometer unit, which the reading and `expected` are in. */
  unit: z.enum(DISTANCE_UNITS),
});

export const odometerReadingSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  date: z.string(),
  /** In the vehicle's odometer unit. */
  odometer: z.number(),
  source: z.enum(ODOMETER_SOURCES),
  /** The energy entry or record it came with; null for a reading entered alone. */
  sourceId: z.number().nullable(),
  /** The record's kind, for a reading that came with a record. */
  sourceType: z.string().nullable(),
  isFlagged: z.boolean(),
  flag: odometerFlagSchema.nullable(),
  /** Confirmed by the user as right: never flagged again. */
  isConfirmed: z.boolean(),
});

export const odometerPageQuerySchema = z.object({
  cursor: pageCursorSchema,
  limit: pageLimitSchema(ODOMETER_PAGE.max),
});

/** `GET /api/vehicles/{id}/odometer`: a page of readings, newest first, and what they tell. */
export const odometerHistorySchema = z.object({
  items: z.array(odometerReadingSchema),
  nextCursor: z.string().nullable(),
  unit: z.enum(DISTANCE_UNITS),
  /** The latest reading by date that is not flagged. */
  current: z.object({ odometer: z.number(), date: z.string() }).nullable(),
  /** Recent driving (the last 90 days of accepted readings), in the vehicle's unit per day. */
  distancePerDay: z.number().nullable(),
  /** Today's odometer estimated from `current` and recent driving; what "Log fuel" prefills. */
  estimate: z.number().nullable(),
  flaggedCount: z.number(),
});
