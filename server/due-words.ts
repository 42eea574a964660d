/**
 * How the server writes dates and distances in the words it sends (the calendar feed, reminder
 * messages): as the web writes them, in US English ('Mar 4, 2025', '1,200 mi'), for the
 * contract's `describeDue`.
 */
import type { DueTextFormat } from '@contract/due-text';
import { type DistanceUnit, UNIT_LABELS } from '@contract/units';

const dayMonthYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const distanceFigure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A calendar date (`yyyy-MM-dd`) as midnight UTC, which is that date wherever it is written. */
export const atMidnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);

export const SERVER_DUE_FORMAT: DueTextFormat = {
  date: (day) => dayMonthYear.format(atMidnightUtc(day)),
  distance: (value: number, unit: DistanceUnit) =>
    `${distanceFigure.format(value)} ${UNIT_LABELS[unit]}`,
};
