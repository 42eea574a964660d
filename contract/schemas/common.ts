/**
 * The zod schemas of `common.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import {
  amountFromText,
  DATE_RANGE,
  ID_MAX,
  isCalendarDate,
  isStorableText,
  MONEY_MAX,
  unstorableTextMessage,
} from '../rules/common';

/** An id written as text: its digits, nothing else. */
const ID_TEXT = /^\d+$/;

/**
 * A positive integer id, from a path parameter (text) or a JSON body (number). Text must be the
 * id's digits, as the API description says: `0x1`, `1e0`, `+1`, ` 1` or `1.0` would otherwise
 * all name id 1.
 */
export const idSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? (ID_TEXT.test(value) ? Number(value) : NaN) : value),
    z
      .number({ message: 'Must be a number' })
      .int('Must be a whole number')
      .positive('Must be a positive number')
      .max(ID_MAX, 'Must be a valid id'),
  )
  .meta({ type: 'integer', exclusiveMinimum: 0, maximum: ID_MAX });

export const idParamsSchema = z.object({ id: idSchema });

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

/**
 * D3: an amount of US dollars, accepted as a number or a numeric string (001 §3), kept to
 * cents. Answers are always numbers.
 */
export const moneySchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? amountFromText(value) : value),
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

/**
 * An attached file or photo (001 §7 `fileUrl`, `imageUrl`): the `/uploads/{id}` URL that
 * `POST /api/upload` answered. The server checks that the file is the user's own (D9).
 */
export const attachmentUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .max(2048, 'File URL is too long')
    .refine(isStorableText, unstorableTextMessage('File URL'))
    .nullable()
    .optional(),
);

/** D11: the body of every `/api/*` error. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
  /**
   * Decision 068, with `code` `ODOMETER_IMPLAUSIBLE` (`odometerQuestionSchema`): the flag the
   * odometer would get, what the history expected and the unit both are in.
   */
  flag: z.string().optional(),
  expected: z.number().nullable().optional(),
  unit: z.string().optional(),
});
