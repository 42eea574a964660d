/**
 * `GET /api/vehicles/{id}/odometer` (decision 050): a vehicle's readings, newest first, in cursor
 * pages, with what they tell: the current mileage, recent driving and today's estimate (which
 * "Log fuel" prefills), all from the first page.
 */
import type { OdometerHistory } from '@contract/odometer';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { ENERGY_KEYS, pagedPath } from './energy-reads';

export function odometerHistoryQueryOptions(vehicleId: number) {
  const queryKey = ENERGY_KEYS.odometer(vehicleId);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchJson<OdometerHistory>(pagedPath(queryKeyToPath(queryKey), pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: OdometerHistory) => page.nextCursor,
  });
}

export function useOdometerHistory(vehicleId: number | null) {
  const query = useInfiniteQuery({
    ...odometerHistoryQueryOptions(vehicleId ?? 0),
    enabled: vehicleId !== null,
  });
  const first = query.data?.pages[0] ?? null;
  return {
    readings: query.data?.pages.flatMap((page) => page.items) ?? [],
    /** What the history tells, from its first page: unit, current, estimate, flagged count. */
    summary: first,
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
