/**
 * Odometer history (decision 050): where a reading comes from, when it is flagged, and the
 * messages of the odometer calls. A vehicle's current mileage is its latest reading by date that
 * is not flagged, never the largest. The schemas are in `schemas/odometer.ts`.
 */
import type { z } from 'zod';
import type { ODOMETER_FLAGS, ODOMETER_SOURCES } from './rules/odometer';
import type {
  odometerHistorySchema,
  odometerQuestionSchema,
  odometerReadingInputSchema,
  odometerReadingSchema,
  odometerReadingUpdateSchema,
} from './schemas/odometer';

export {
  ODOMETER_FLAGS,
  ODOMETER_MESSAGES,
  ODOMETER_PAGE,
  ODOMETER_QUESTION_CODE,
} from './rules/odometer';

export type OdometerSource = (typeof ODOMETER_SOURCES)[number];

export const ODOMETER_SOURCE_LABELS: Record<OdometerSource, string> = {
  manual: 'Reading',
  energy: 'Fuel & energy',
  record: 'Service record',
  import: 'Import',
};

export type OdometerFlag = keyof typeof ODOMETER_FLAGS;

/**
 * The most distance a reading may imply per day since the previous accepted one before it is
 * flagged: 2,000 km (about 1,243 mi), more than a day and a night at motorway speed.
 */
export const PLAUSIBLE_KM_PER_DAY = 2000;

/** Recent driving, for the estimate of today's odometer and predicted dates: the last 90 days. */
export const RECENT_DRIVING_DAYS = 90;

/** The 409's message, by the flag the reading would get. */
export const ODOMETER_QUESTIONS: Record<OdometerFlag, string> = {
  backwards: 'This reading is lower than the one before it.',
  implausible: 'This reading means more distance per day than a car can drive.',
  ahead: 'This reading is higher than the readings after it.',
};

export const ODOMETER_QUESTION_TEXTS = {
  /** What the history expected, `distance` formatted with its unit ("11,500 km"). */
  expected: (distance: string) => `About ${distance} by your recent driving`,
  /** When the history has no reading before the day to expect from. */
  noExpectation: 'Check the odometer on the dashboard.',
  hint: 'If the odometer really shows this, save it anyway.',
  saveAnyway: 'Save anyway',
} as const;

export type OdometerReading = z.infer<typeof odometerReadingSchema>;
export type OdometerHistory = z.infer<typeof odometerHistorySchema>;
export type OdometerQuestion = z.infer<typeof odometerQuestionSchema>;
export type OdometerReadingPayload = z.output<typeof odometerReadingInputSchema>;
export type OdometerReadingUpdatePayload = z.output<typeof odometerReadingUpdateSchema>;
