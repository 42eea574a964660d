/**
 * What the schemas check with of `common.ts`: its constants and texts, below both (decision 071).
 * The schemas import them from here and `common.ts` passes on those its readers use, so a file and
 * its schema never import each other.
 */

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
