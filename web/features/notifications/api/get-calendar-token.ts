/**
 * `GET /api/user/calendar-token` (decision 054): whether the user has a calendar feed, and since
 * when. The link itself is never read back: it is shown once, when it is made.
 */
import type { CalendarToken } from '@contract/calendar';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const CALENDAR_TOKEN_QUERY_KEY = ['/api/user/calendar-token'] as const;

export const calendarTokenQueryOptions = queryOptions<CalendarToken | null>({
  queryKey: CALENDAR_TOKEN_QUERY_KEY,
});

export function useCalendarToken() {
  const { data, isLoading, isError } = useApiRead(calendarTokenQueryOptions);
  return { createdAt: data?.createdAt ?? null, isLoading, isError };
}
