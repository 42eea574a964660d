/**
 * `GET /api/vehicles/{id}/energy` (decision 050): a vehicle's fill-ups and charges, newest first,
 * in cursor pages ("Load more" asks for the next).
 */
import type { EnergyEntryPage } from '@contract/energy';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { ENERGY_KEYS, pagedPath } from './energy-reads';

export function energyEntriesQueryOptions(vehicleId: number) {
  const queryKey = ENERGY_KEYS.entries(vehicleId);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchJson<EnergyEntryPage>(pagedPath(queryKeyToPath(queryKey), pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: EnergyEntryPage) => page.nextCursor,
  });
}

export function useEnergyEntries(vehicleId: number) {
  const query = useInfiniteQuery(energyEntriesQueryOptions(vehicleId));
  return {
    entries: query.data?.pages.flatMap((page) => page.items) ?? [],
    pages: query.data?.pages.map((page) => page.items) ?? [],
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
