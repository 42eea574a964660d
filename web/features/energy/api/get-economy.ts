/**
 * `GET /api/vehicles/{id}/economy` (decision 050): the vehicle's whole history per energy (spans,
 * averages, totals) and its cost per distance, in the user's units; read again when they change.
 */
import type { Economy } from '@contract/energy';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { ENERGY_KEYS } from './energy-reads';

export function economyQueryOptions(vehicleId: number) {
  const queryKey = ENERGY_KEYS.economy(vehicleId);
  return queryOptions<Economy>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<Economy>(queryKeyToPath(queryKey), signal),
  });
}

export function useEconomy(vehicleId: number) {
  const { data, isLoading, isError } = useApiRead(economyQueryOptions(vehicleId));
  return { economy: data ?? null, isLoading, isError };
}
