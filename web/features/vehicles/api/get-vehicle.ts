/** `GET /api/vehicles/{id}` (001 §7): one vehicle with its figures; null when missing or not yours. */
import type { Vehicle } from '@contract/vehicles';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';
import { VEHICLES_QUERY_KEY } from './get-vehicles';

export function vehicleQueryOptions(id: number) {
  return queryOptions<Vehicle | null>({ queryKey: [...VEHICLES_QUERY_KEY, id] });
}

export function useVehicle(id: number) {
  const { data, isLoading, isError } = useApiRead(vehicleQueryOptions(id));
  return { vehicle: data ?? null, isLoading, isError };
}
