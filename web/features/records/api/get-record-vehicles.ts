/**
 * `GET /api/vehicles` (001 §7) for the record forms' vehicle picker and the /records vehicle
 * filter. The same path, so the same cached list, as My Vehicles reads.
 */
import type { Vehicle } from '@contract/vehicles';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const recordVehiclesQueryOptions = queryOptions<Vehicle[] | null>({
  queryKey: ['/api/vehicles'],
});

export function useRecordVehicles() {
  const { data, isLoading } = useQuery(recordVehiclesQueryOptions);
  return { vehicles: data ?? [], isLoading };
}
