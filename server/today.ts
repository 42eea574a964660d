/**
 * The user's calendar day (decision 066, D52): every day the server judges for a user (a reading
 * dated today, an odometer estimate, due states, reminders, the calendar feed, export file names,
 * the day kept answers are made for) is the day it is in the user's time zone, through `todayOf`.
 */
import { DEFAULT_TIME_ZONE } from '@contract/schedules';
import { isKnownTimeZone } from '@contract/units';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    // en-CA writes dates as yyyy-MM-dd.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day it is at `now` in the IANA `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayFormatIn(timeZone).format(now);
}

/**
 * The zone a user's days are judged in: theirs, or the default (UTC) when the stored name is one
 * the runtime does not know (a restore before decision 062 could store one), so pages still answer.
 */
export function userTimeZone(user: { timeZone: string }): string {
  return isKnownTimeZone(user.timeZone) ? user.timeZone : DEFAULT_TIME_ZONE;
}

/** The user's "today" at `now` (decision 066): the one rule for every day judged for a user. */
export function todayOf(user: { timeZone: string }, now = new Date()): string {
  return todayIn(userTimeZone(user), now);
}

/**
 * The instant `date` begins in `timeZone`: local midnight (or the first moment of the day where
 * a clock change skips midnight). Found from UTC midnight by the zone's offset, checked once more
 * because the offset itself can change that day.
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let instant = utcMidnight;
  for (let pass = 0; pass < 2; pass += 1) {
    instant = utcMidnight - offsetMs(timeZone, new Date(instant));
  }
  // A day that starts at 01:00 (a skipped midnight) is found by stepping to its first hour.
  while (todayIn(timeZone, new Date(instant)) < date) instant += 3_600_000;
  return new Date(instant);
}

/** How far the zone's clock is ahead of UTC at `at`, in ms. */
function offsetMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
