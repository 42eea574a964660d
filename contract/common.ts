/**
 * Building blocks every payload of the API is made of: ids, calendar dates (D4), money (D3),
 * the text limits of D40 and the error shape of D11: the limits, checks and messages here, the
 * zod schemas built from them in `schemas/common.ts`. Imports nothing, so server and web can
 * both use it.
 */
import type { z } from 'zod';
import type { errorBodySchema } from './schemas/common';

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

export const MONEY_MAX = 9_999_999_999.99;

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const GROUPED_DECIMAL_TEXT = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

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
 * Decision 047: an amount of money or a mileage as people write one, the one rule of both: the
 * digits of `numberFromText`, or digits grouped in threes by commas (`1,000`, `12,345.67`);
 * spaces around ignored. A comma anywhere else (`1,0,0`, `10,00`, `1.000,00`) is NaN, since it
 * cannot be told whether it groups thousands or marks decimals.
 */
export function amountFromText(text: string): number {
  const trimmed = text.trim();
  return GROUPED_DECIMAL_TEXT.test(trimmed)
    ? Number(trimmed.replaceAll(',', ''))
    : numberFromText(trimmed);
}

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
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Messages shared by the server's error handler and the client. */
export const COMMON_MESSAGES = {
  notFound: 'Not found',
  badUrl: 'The address of this request is not valid',
  malformedJson: 'The request body is not valid JSON',
  tooLarge: 'The request body is too large',
  /** The request did not arrive whole within the server's deadline (408). */
  requestTimeout: 'The request took too long to arrive. Please try again.',
  /** The request's headers (cookies included) are more than the server reads (431). */
  headersTooLarge: 'The request headers are too large',
  /** The client went away before its body arrived (400, answered to no one). */
  incompleteRequest: 'The request ended before its body arrived',
  /** Bytes that are not an HTTP request at all (400 before any route). */
  malformedRequest: 'The request is not valid HTTP',
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
