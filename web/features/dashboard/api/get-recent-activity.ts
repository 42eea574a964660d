/** `GET /api/recent-activity` (D19): the 10 newest events of the user's garage; null on failure. */
import type { ActivityItem } from '@contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const RECENT_ACTIVITY_QUERY_KEY = ['/api/recent-activity'] as const;

export const recentActivityQueryOptions = queryOptions<ActivityItem[] | null>({
  queryKey: RECENT_ACTIVITY_QUERY_KEY,
});

export function useRecentActivity() {
  const { data, isLoading } = useQuery(recentActivityQueryOptions);
  return { items: data ?? [], isLoading, hasFailed: !isLoading && data === null };
}
