/**
 * The one money formatter (D3) and the one date formatter (D4). Calendar dates are `yyyy-MM-dd`
 * strings read in the user's local calendar, never through UTC (which would shift them a day).
 */
import { isValid, parseISO } from 'date-fns';

// Money needs no date library: it lives apart so pages that show only amounts (the landing
// page) do not download date-fns (decision 010).
export {
  currencySymbol,
  formatCompactMoney,
  formatMoney,
  formatPrecisePrice,
  plannedPart,
  toAmount,
} from './money';

// The browser's own formatter in US English writes exactly the patterns of D4 (Mar 4, 2025):
// date-fns's `format` would bring its whole locale and token parser (about 6 KB of gzipped
// JavaScript) onto every signed-in page (decision 010).
const dayMonthYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

const twoDigits = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : null;
}

/** `MMM d, yyyy` (Mar 4, 2025), or `fallback` when there is no valid date. */
export function formatDate(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? dayMonthYear.format(date) : fallback;
}

/** `MMM d` (Mar 4), or `fallback`: a date near enough that its year goes without saying. */
export function formatMonthDay(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? monthDay.format(date) : fallback;
}

/**
 * A due day as a date a reader cannot mistake (decision 067): `MMM d` (Nov 28) within `today`'s
 * year, `MMM d, yyyy` (Nov 28, 2027) outside it. `today` is the caller's `yyyy-MM-dd`.
 */
export function formatDueDay(value: string, today: string): string {
  return value.slice(0, 4) === today.slice(0, 4) ? formatMonthDay(value) : formatDate(value);
}

/** `MMMM yyyy` (March 2025), or `fallback`. */
export function formatMonthYear(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? monthYear.format(date) : fallback;
}

/** A local calendar day as sent to the API: `yyyy-MM-dd`. */
export function toCalendarDate(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** A calendar date string as a local Date at midnight, or null. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  return toDate(value ?? null);
}
