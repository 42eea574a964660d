/**
 * `GET /api/vehicles` (001 §7) for the record forms' vehicle picker and the /records vehicle
 * filter. The same path, so the same cached list, as My Vehicles reads; each vehicle names the
 * unit its odometer shows (the form's odometer suffix).
 */
import type { Vehicle } from '@contract/vehicles';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const recordVehiclesQueryOptions = queryOptions<Vehicle[] | null>({
  queryKey: ['/api/vehicles'],
});

export function useRecordVehicles() {
  const { data, isLoading, isError } = useApiRead(recordVehiclesQueryOptions);
  return { vehicles: data ?? [], isLoading, isError };
}
