/**
 * What the schemas check with of `odometer.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `odometer.ts` passes on those its readers use, so a
 * file and its schema never import each other.
 */

/** Where a reading was entered: alone, with an energy entry, with a record, or by an import. */
export const ODOMETER_SOURCES = ['manual', 'energy', 'record', 'import'] as const;

/** Why a reading is flagged. */
export const ODOMETER_FLAGS = {
  backwards: 'Lower than the reading before it',
  implausible: 'More distance per day than a car can drive',
  ahead: 'Higher than the readings after it',
} as const;

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
