/**
 * `GET /api/vehicles` (001 §7) for the preview's "where each vehicle goes" and the links after an
 * import. The same path, so the same cached list, as My Vehicles reads.
 */
import type { Vehicle } from '@contract/vehicles';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const importVehiclesQueryOptions = queryOptions<Vehicle[] | null>({
  queryKey: ['/api/vehicles'],
});

export function useImportVehicles() {
  const { data, isLoading, isError } = useApiRead(importVehiclesQueryOptions);
  return { vehicles: data ?? [], isLoading, isError };
}
