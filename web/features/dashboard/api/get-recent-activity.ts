/** `GET /api/recent-activity` (D19): the 10 newest events of the user's garage; null on failure. */
import type { ActivityItem } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const RECENT_ACTIVITY_QUERY_KEY = ['/api/recent-activity'] as const;

export const recentActivityQueryOptions = queryOptions<ActivityItem[] | null>({
  queryKey: RECENT_ACTIVITY_QUERY_KEY,
});

export function useRecentActivity() {
  const { data, isLoading, isError } = useApiRead(recentActivityQueryOptions);
  return { items: data ?? [], isLoading, isError };
}
