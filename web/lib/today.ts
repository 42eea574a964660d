/**
 * The user's "today" on the web (decision 066, D52): the day it is in the time zone of their
 * preferences, the same day the server judges for them, not the device's. The calendar helpers
 * of the pages read a Date's local fields (`toCalendarDate`, date-fns); `userNow` is the user's
 * wall clock as such a Date, so they need no change to count in the user's zone.
 */
import { DEFAULT_TIME_ZONE } from '@contract/schedules';
import { isKnownTimeZone, type Preferences } from '@contract/units';
import { toCalendarDate } from './format';
import { PREFERENCES_QUERY_KEY, usePreferences } from './preferences';
import { queryClient } from './query-client';

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (clock === undefined) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall clock of `timeZone` at `now`, as a Date whose local fields read it. */
export function userNow(timeZone: string, now = new Date()): Date {
  const zone = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = clockIn(zone).formatToParts(now);
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return new Date(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
    now.getMilliseconds(),
  );
}

/** The calendar day (`yyyy-MM-dd`) it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  return toCalendarDate(userNow(timeZone, now));
}

/** The zone this device is set to, or undefined when the browser does not say. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : undefined;
}

/**
 * The user's zone outside React (a file's name as it is saved): from the preferences read every
 * signed-in page makes first, the default before it came.
 */
export function currentTimeZone(): string {
  return (
    queryClient.getQueryData<Preferences>(PREFERENCES_QUERY_KEY)?.timeZone ?? DEFAULT_TIME_ZONE
  );
}

/** The user's "today" outside React (a file's name as it is saved). */
export function currentToday(): string {
  return todayIn(currentTimeZone());
}

/** The user's zone, from their preferences. */
export function useTimeZone(): string {
  return usePreferences().preferences?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The user's wall clock now, for the helpers that take a `now`. */
export function useUserNow(): Date {
  return userNow(useTimeZone());
}

/** The user's "today", `yyyy-MM-dd`. */
export function useToday(): string {
  return todayIn(useTimeZone());
}
