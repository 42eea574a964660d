/**
 * What the schemas check with of `imports.ts`: its constants and texts, below both (decision 071).
 * The schemas import them from here and `imports.ts` passes on those its readers use, so a file
 * and its schema never import each other.
 */

/** The sources a file can come from; a reader per format on the server. */
export const IMPORT_FORMATS = [
  'garage-ledger',
  'lubelogger',
  'fuelly',
  'acar',
  'drivvo',
  'fuelio',
  'simply-auto',
  'spritmonitor',
  'hammond',
  'tracktor',
  'mygarage',
] as const;

/** An import of another app's files (or of our own export), or the restore of a backup. */
export const IMPORT_KINDS = ['import', 'restore'] as const;

/** A preview waits to be applied; applied, it can be undone once. */
export const IMPORT_STATUSES = ['preview', 'applied', 'undone'] as const;

/** What a preview counts and an apply answers: the six kinds, then what restores add. */
export const IMPORT_COUNT_KINDS = [
  'vehicles',
  'energy',
  'maintenance',
  'repairs',
  'modifications',
  'odometer',
  'schedules',
  'documents',
  'photos',
  'files',
] as const;
export type ImportCountKind = (typeof IMPORT_COUNT_KINDS)[number];

export const DECIMAL_SEPARATORS = ['.', ','] as const;

/** The order of a date's day, month and year: how "03/04/2024" is read. */
export const DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;

/** Why a conversion rate is refused (the preview's currency choice). */
export const IMPORT_RATE_MESSAGE =
  'Enter the rate as a positive number with a decimal point, such as 0.92';
