/**
 * The periods of the advanced analytics (D37), as the `from` / `to` the expenses calls take, in
 * the user's local calendar (D4): all time, this year so far, the last 12 months (this month and
 * the 11 before it, so that the monthly chart shows twelve bars), or a custom range.
 */
import { toCalendarDate } from '@web/lib/format';

export const PERIOD_CHOICES = ['all', 'year', 'months12', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export type ExpenseFilter = { vehicleId?: number; from?: string; to?: string };

/** The `from` / `to` of a choice; a custom range uses the dates typed, either may be empty. */
export function periodRange(
  choice: PeriodChoice,
  today: Date,
  custom: { from: string; to: string } = { from: '', to: '' },
): { from?: string; to?: string } {
  switch (choice) {
    case 'all':
      return {};
    case 'year':
      return {
        from: toCalendarDate(new Date(today.getFullYear(), 0, 1)),
        to: toCalendarDate(today),
      };
    case 'months12':
      return {
        from: toCalendarDate(new Date(today.getFullYear(), today.getMonth() - 11, 1)),
        to: toCalendarDate(today),
      };
    case 'custom':
      return {
        ...(custom.from ? { from: custom.from } : {}),
        ...(custom.to ? { to: custom.to } : {}),
      };
  }
}

/** True when a custom range cannot be asked for: its start after its end. */
export function isRangeReversed(range: { from?: string; to?: string }): boolean {
  return Boolean(range.from && range.to && range.from > range.to);
}

/** `?vehicleId=…&from=…&to=…` with the parts that are set, or '' for none. */
export function toQueryString(filter: ExpenseFilter): string {
  const params = new URLSearchParams();
  if (filter.vehicleId !== undefined) params.set('vehicleId', String(filter.vehicleId));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  const query = params.toString();
  return query ? `?${query}` : '';
}
