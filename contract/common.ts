/**
 * Building blocks every payload of the API is made of: ids, calendar dates (D4), money (D3),
 * the text limits of D40 and the error shape of D11. Imports nothing but zod, so server and
 * web can both use it.
 */
import { z } from 'zod';

/** D40: the longest text each kind of field accepts; longer input is refused, never cut. */
export const TEXT_LIMITS = {
  name: 100,
  caption: 100,
  title: 200,
  category: 200,
  location: 200,
  technician: 200,
  trim: 200,
  color: 200,
  description: 5000,
  notes: 5000,
  email: 254,
  passwordMax: 200,
} as const;

/** D4: the only calendar dates the server accepts. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

/** The largest id a column holds (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;

/** A positive integer id, from a path parameter (string) or a JSON body (number). */
export const idSchema = z.coerce
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(ID_MAX, 'Must be a valid id');

export const idParamsSchema = z.object({ id: idSchema });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real `yyyy-MM-dd` calendar day (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** D4: a calendar date sent and stored as `yyyy-MM-dd`, between 1900-01-01 and 2100-12-31. */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, 'Please enter a valid date (yyyy-MM-dd)')
  .refine(
    (value) => value >= DATE_RANGE.min && value <= DATE_RANGE.max,
    'Date must be between 1900-01-01 and 2100-12-31',
  )
  .meta({ format: 'date' });

/** An optional date: `null`, `undefined` and `''` all mean "no date". */
export const optionalCalendarDateSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  calendarDateSchema.nullable().optional(),
);

export const MONEY_MAX = 9_999_999_999.99;

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * The number a form's text means, read as people write numbers: decimal digits with an optional
 * sign and point, spaces around ignored. Anything else (`0x10`, `1e3`, `Infinity`) is NaN, where
 * `Number()` would read hexadecimal and exponents.
 */
export function numberFromText(text: string): number {
  const trimmed = text.trim();
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * D3: an amount of US dollars, accepted as a number or a numeric string (001 §3), kept to
 * cents. Answers are always numbers.
 */
export const moneySchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? numberFromText(value) : value),
  z
    .number({ message: 'Please enter a valid amount' })
    .finite('Please enter a valid amount')
    .min(0, 'Amount cannot be negative')
    .max(MONEY_MAX, 'Amount is too large')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'Amount can have at most 2 decimals',
    }),
);

/** Money that may be left out: `null`, `undefined` and `''` mean "no amount". */
export const optionalMoneySchema = z.preprocess(
  (value) => (value === '' ? null : value),
  moneySchema.nullable().optional(),
);

/**
 * Text no column can keep exactly as sent: NUL, which PostgreSQL text refuses, and a UTF-16
 * surrogate without its pair, which has no UTF-8 form. Every other character, control
 * characters included, is kept as sent.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` can be stored and answered back exactly as sent. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

export const unstorableTextMessage = (label: string) =>
  `${label} contains a character that cannot be saved (a NUL or a broken Unicode character)`;

/**
 * D40: text trimmed of the spaces around it, refused past `max` characters (never cut) and when
 * no column could keep it exactly (`isStorableText`). With `required`, empty text is refused
 * with that message. Plain checks on one string schema, so the API description states the limit
 * (`maxLength`) as the server applies it.
 */
export function limitedText(label: string, max: number, required?: string) {
  const text =
    required === undefined
      ? z.string().trim()
      : z.string({ message: required }).trim().min(1, required);
  return text
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .refine(isStorableText, unstorableTextMessage(label));
}

/** D11: the body of every `/api/*` error. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Messages shared by the server's error handler and the client. */
export const COMMON_MESSAGES = {
  notFound: 'Not found',
  badUrl: 'The address of this request is not valid',
  malformedJson: 'The request body is not valid JSON',
  tooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  crossOrigin: 'Cross-site requests are not allowed',
  internal: 'Something went wrong on our side. Please try again.',
  /** The database is unreachable for now (503); it passes by itself. */
  unavailable: 'Garage Ledger is briefly unavailable. Please try again in a moment.',
  /** The database's disk is full (507): nothing was saved. */
  storageFull: 'There is no room left to save this right now. Nothing was saved.',
  validation: 'Please check the highlighted fields',
  unauthenticated: 'Not signed in',
} as const;
