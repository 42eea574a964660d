/**
 * The one money formatter (D3) and the one date formatter (D4). Calendar dates are `yyyy-MM-dd`
 * strings read in the user's local calendar, never through UTC (which would shift them a day).
 */
import { format, isValid, parseISO } from 'date-fns';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A number or numeric string as a number; anything else (missing, text) as null (001 §3). */
export function toAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const amount = Number(value);
    return Number.isFinite(amount) ? amount : null;
  }
  return null;
}

/** `$1,234.50`; `$0.00` when the amount is missing or not a number. */
export function formatMoney(value: unknown): string {
  return usd.format(toAmount(value) ?? 0);
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : null;
}

/** `MMM d, yyyy` (Mar 4, 2025), or `fallback` when there is no valid date. */
export function formatDate(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : fallback;
}

/** `MMM d` (Mar 4), or `fallback`: a date near enough that its year goes without saying. */
export function formatMonthDay(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d') : fallback;
}

/** `MMMM yyyy` (March 2025), or `fallback`. */
export function formatMonthYear(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? format(date, 'MMMM yyyy') : fallback;
}

/** A local calendar day as sent to the API: `yyyy-MM-dd`. */
export function toCalendarDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** A calendar date string as a local Date at midnight, or null. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  return toDate(value ?? null);
}
