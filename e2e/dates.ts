/**
 * Dates as the browser under test sees them. The browser runs in America/New_York
 * (playwright.config.ts), and "today", "due soon" and "overdue" are judged in its calendar (D4),
 * so every test derives its days here rather than from the machine's own zone.
 */
export const TIME_ZONE = 'America/New_York';

/** The browser's calendar day `days` after today, as `yyyy-MM-dd`. */
export function localDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function format(value: string, options: Intl.DateTimeFormatOptions): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A `yyyy-MM-dd` day as the screens show it: 'Mar 4, 2025' (D4). */
export function shownDate(value: string): string {
  return format(value, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A `yyyy-MM-dd` day as the vehicle page's status line shows it: 'Mar 4' (D33). */
export function shownMonthDay(value: string): string {
  return format(value, { month: 'short', day: 'numeric' });
}

/** 'March 2025' for now, in the browser's zone: a vehicle added today says 'Added: March 2025'. */
export function thisMonth(): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    month: 'long',
    year: 'numeric',
  }).format(new Date());
}
