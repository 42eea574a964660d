/**
 * How a file spells its numbers and dates, judged from all of its values at once (decision 055),
 * never from the server's locale: "1.234,5" and "1,234.5" are both 1234.5 once the file's
 * decimal separator is known, and "03/04/2024" is the 3rd of April or the 4th of March depending
 * on the file's date order. A value that settles the question is evidence; when none does, the
 * reading is not certain and the preview asks.
 */
import type { DateOrder, DecimalSeparator } from '@contract/imports';

/** What is left of a number's spelling once currency signs, unit words and spaces are gone. */
function numberCore(raw: string): string {
  // Keep digits, separators and a leading minus; "$1,234.56", "1.234,56 €", "EUR 12" all reduce.
  const trimmed = raw.trim().replace(/[\s\u00a0\u202f']/g, '');
  const negative = /^-|^\(.*\)$|-$/.test(trimmed.replace(/[^\d.,()-]/g, ''));
  const core = trimmed.replace(/[^\d.,]/g, '');
  return negative && core !== '' ? `-${core}` : core;
}

type Vote = DecimalSeparator | 'either' | 'none';

/**
 * What one number says of the decimal separator: `.` or `,` when it settles it, `either` when it
 * reads both ways ("1,234", "1.234": a thousands group, or three decimals), `none` when it has no
 * separator at all.
 */
export function separatorVote(raw: string): Vote {
  const core = numberCore(raw).replace(/^-/, '');
  const dots = core.split('.').length - 1;
  const commas = core.split(',').length - 1;
  if (dots === 0 && commas === 0) return 'none';
  if (dots > 0 && commas > 0) return core.lastIndexOf('.') > core.lastIndexOf(',') ? '.' : ',';
  const separator = dots > 0 ? '.' : ',';
  // Repeated, it can only be a thousands separator: the other is the decimal one.
  if (dots + commas > 1) return separator === '.' ? ',' : '.';
  const [whole = '', fraction = ''] = core.split(separator);
  // "0,500" and ",5" are decimals; so is anything not followed by exactly three digits.
  if (fraction.length !== 3 || whole === '' || /^0+$/.test(whole)) return separator;
  return 'either';
}

export type Judged<Value> = { value: Value; evidence: string; certain: boolean };

/** The file's decimal separator from its numbers' votes; `fallback` when none settles it. */
export function judgeDecimalSeparator(
  raws: readonly string[],
  fallback: DecimalSeparator = '.',
): Judged<DecimalSeparator> {
  const examples: Record<DecimalSeparator, string | undefined> = { '.': undefined, ',': undefined };
  const counts = { '.': 0, ',': 0, either: 0 };
  let eitherExample: string | undefined;
  for (const raw of raws) {
    const vote = separatorVote(raw);
    if (vote === 'none') continue;
    if (vote === 'either') {
      counts.either += 1;
      eitherExample ??= raw.trim();
      continue;
    }
    counts[vote] += 1;
    examples[vote] ??= raw.trim();
  }
  const winner: DecimalSeparator | null =
    counts['.'] > counts[','] ? '.' : counts[','] > counts['.'] ? ',' : null;
  if (winner) {
    const other = winner === '.' ? ',' : '.';
    const certain = counts[other] === 0;
    return {
      value: winner,
      evidence: certain
        ? `Numbers like "${examples[winner]}" use ${winner === '.' ? 'a decimal point' : 'a decimal comma'}.`
        : `Most numbers use ${winner === '.' ? 'a decimal point' : 'a decimal comma'} ("${examples[winner]}"), some the other ("${examples[other]}").`,
      certain,
    };
  }
  if (counts.either > 0) {
    return {
      value: fallback,
      evidence: `Numbers like "${eitherExample}" read either way.`,
      certain: false,
    };
  }
  return {
    value: fallback,
    evidence: 'The numbers are whole; either reading gives the same.',
    certain: true,
  };
}

/** The number `raw` spells with `separator` as its decimal separator; null when it is none. */
export function readNumber(raw: string | number | undefined, separator: DecimalSeparator) {
  if (raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const core = numberCore(raw);
  if (core === '' || core === '-') return null;
  const thousands = separator === '.' ? ',' : '.';
  const plain = core.split(thousands).join('').replace(separator, '.');
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

type DateParts = { parts: [string, string, string]; separator: string };

/** A date's three numbers and their separator, as written; the time after it is not read. */
function dateParts(raw: string): DateParts | null {
  const match = /^\s*(\d{1,4})([-./])(\d{1,2})\2(\d{1,4})(?:$|[\sT,])/.exec(raw);
  return match ? { parts: [match[1]!, match[3]!, match[4]!], separator: match[2]! } : null;
}

const fullYear = (year: string) =>
  year.length === 2 ? (Number(year) < 70 ? 2000 : 1900) + Number(year) : Number(year);

/** The year, month and day the parts stand for in `order`, checked only for their ranges. */
function calendarParts(
  { parts, separator }: DateParts,
  order: DateOrder,
): { year: number; month: number; day: number } | null {
  const [a, b, c] = parts;
  // Dots are written day first (31.12.2024); month-first dates use slashes or dashes.
  if (order === 'MDY' && separator === '.') return null;
  const [yearText, month, day] =
    order === 'YMD'
      ? [a, Number(b), Number(c)]
      : order === 'DMY'
        ? [c, Number(b), Number(a)]
        : [c, Number(a), Number(b)];
  // A four-digit year sits where the order puts it, never elsewhere.
  if (order === 'YMD' ? a.length !== 4 : a.length > 2 || (c.length !== 4 && c.length !== 2)) {
    return null;
  }
  const year = fullYear(yearText);
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  return { year, month, day };
}

/** `YYYY-MM-DD` when the parts make a real date in `order`, else null. */
function isoOf(parts: DateParts, order: DateOrder): string | null {
  const calendar = calendarParts(parts, order);
  if (!calendar) return null;
  const { year, month, day } = calendar;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Why `raw` is no date in `order`, in a user's words, when it is a day its month does not have
 * ("30 February 2024 is not a date"); null when it is a date, or not even shaped like one.
 */
export function impossibleDateReason(raw: string, order: DateOrder): string | null {
  const parts = dateParts(raw);
  const calendar = parts && calendarParts(parts, order);
  if (!parts || !calendar || isoOf(parts, order) !== null) return null;
  return `${calendar.day} ${MONTH_NAMES[calendar.month - 1]} ${calendar.year} is not a date`;
}

/** The ISO date `raw` spells in `order`; null when it is not a date in that order. */
export function readDate(raw: string | undefined, order: DateOrder): string | null {
  if (raw === undefined) return null;
  const parts = dateParts(raw);
  return parts ? isoOf(parts, order) : null;
}

/**
 * The file's date order: the orders every date reads in, the first of YMD, DMY, MDY when several
 * do ("03/04/2024" alone reads both ways: not certain), `fallback` when none fits them all. A
 * value that is a date in no order (a 30 February, "yesterday") says nothing of the order: it is
 * its row's problem, and the others decide.
 */
export function judgeDateOrder(
  raws: readonly string[],
  fallback: DateOrder = 'YMD',
): Judged<DateOrder> & { fits: DateOrder[] } {
  const written = raws
    .map((raw) => raw.trim())
    .filter(
      (raw) => raw !== '' && (['YMD', 'DMY', 'MDY'] as const).some((order) => readDate(raw, order)),
    );
  const fits = (['YMD', 'DMY', 'MDY'] as const).filter((order) =>
    written.every((raw) => readDate(raw, order) !== null),
  );
  const example = written[0];
  if (fits.length === 1) {
    const order = fits[0]!;
    const settling =
      written.find((raw) =>
        (['YMD', 'DMY', 'MDY'] as const).some(
          (other) => other !== order && readDate(raw, other) === null,
        ),
      ) ?? example;
    return {
      value: order,
      evidence: `Dates like "${settling}" read only one way.`,
      certain: true,
      fits,
    };
  }
  if (fits.length > 1) {
    return {
      value: fits.includes(fallback) ? fallback : fits[0]!,
      evidence: `Every date reads more than one way (like "${example}").`,
      certain: false,
      fits,
    };
  }
  return {
    value: fallback,
    evidence:
      written.length === 0 ? 'The file has no dates.' : 'The dates do not all follow one order.',
    certain: written.length === 0,
    fits,
  };
}
