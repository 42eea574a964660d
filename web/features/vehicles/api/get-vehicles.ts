/**
 * `GET /api/vehicles` (001 §7, D20): every vehicle of the user with the figures its card shows,
 * in one call whatever the size of the garage.
 */
import type { Vehicle } from '@contract/vehicles';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const VEHICLES_QUERY_KEY = ['/api/vehicles'] as const;

export const vehiclesQueryOptions = queryOptions<Vehicle[] | null>({
  queryKey: VEHICLES_QUERY_KEY,
});

export function useVehicles() {
  const { data, isLoading, isError } = useApiRead(vehiclesQueryOptions);
  return { vehicles: data ?? [], isLoading, isError };
}
