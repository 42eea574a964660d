/**
 * Odometer history (decision 050): where a reading comes from, when it is flagged, and the
 * messages of the odometer calls. A vehicle's current mileage is its latest reading by date that
 * is not flagged, never the largest. The schemas are in `schemas/odometer.ts`.
 */
import type { z } from 'zod';
import type {
  odometerHistorySchema,
  odometerQuestionSchema,
  odometerReadingInputSchema,
  odometerReadingSchema,
  odometerReadingUpdateSchema,
} from './schemas/odometer';

/** Where a reading was entered: alone, with an energy entry, with a record, or by an import. */
export const ODOMETER_SOURCES = ['manual', 'energy', 'record', 'import'] as const;
export type OdometerSource = (typeof ODOMETER_SOURCES)[number];

export const ODOMETER_SOURCE_LABELS: Record<OdometerSource, string> = {
  manual: 'Reading',
  energy: 'Fuel & energy',
  record: 'Service record',
  import: 'Import',
};

/** Why a reading is flagged. */
export const ODOMETER_FLAGS = {
  backwards: 'Lower than the reading before it',
  implausible: 'More distance per day than a car can drive',
  ahead: 'Higher than the readings after it',
} as const;
export type OdometerFlag = keyof typeof ODOMETER_FLAGS;

/**
 * The most distance a reading may imply per day since the previous accepted one before it is
 * flagged: 2,000 km (about 1,243 mi), more than a day and a night at motorway speed.
 */
export const PLAUSIBLE_KM_PER_DAY = 2000;

/** Recent driving, for the estimate of today's odometer and predicted dates: the last 90 days. */
export const RECENT_DRIVING_DAYS = 90;

/** Readings per page of `GET /api/vehicles/{id}/odometer`. */
export const ODOMETER_PAGE = { default: 100, max: 500 } as const;

export const ODOMETER_MESSAGES = {
  notFound: 'Odometer reading not found',
  odometer: 'Odometer must be a number from 0 to 10,000,000 with at most 1 decimal',
  deleted: 'Odometer reading deleted',
  confirmed: 'Reading confirmed',
  confirmOdometer: 'confirmOdometer must be true or false',
} as const;

/**
 * Decision 068: a write whose odometer the history would flag is questioned before it is saved.
 * It answers 409 with this code, the sentence of its flag, the figure the history expected on
 * the reading's day and the vehicle's odometer unit it is in, unless it carries
 * `confirmOdometer: true`; imports and restores flag instead.
 */
export const ODOMETER_QUESTION_CODE = 'ODOMETER_IMPLAUSIBLE';

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
