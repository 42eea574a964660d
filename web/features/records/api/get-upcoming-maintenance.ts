/**
 * `GET /api/upcoming-maintenance` (D18): the user's open records of every kind, soonest due
 * first. Retried once, fresh 5 minutes, kept 10 minutes (000 §7, §9); read only while a user is
 * signed in (000 §6).
 */
import type { UpcomingItem } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const UPCOMING_MAINTENANCE_QUERY_KEY = ['/api/upcoming-maintenance'] as const;

export const upcomingMaintenanceQueryOptions = queryOptions<UpcomingItem[] | null>({
  queryKey: UPCOMING_MAINTENANCE_QUERY_KEY,
  retry: 1,
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
});

/**
 * `enabled` may be a function so that it is judged when a refetch would start: right after a
 * logout the user is gone from the cache before the page re-renders, and no 401 read goes out.
 */
export function useUpcomingMaintenance(enabled: boolean | (() => boolean)) {
  const { data, isLoading, isError } = useApiRead({ ...upcomingMaintenanceQueryOptions, enabled });
  return { items: data ?? [], isLoading, isError };
}
