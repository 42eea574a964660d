/**
 * `GET /api/vehicles` (001 §7) for the record forms' vehicle picker and the /records vehicle
 * filter. The same path, so the same cached list, as My Vehicles reads. Also the unit a record's
 * odometer is in (decision 050: its vehicle's), from that list.
 */
import type { DistanceUnit } from '@contract/units';
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

/**
 * The odometer unit of one vehicle (null while the list is read). Every page that lists records
 * reads the list already, so this adds no read.
 */
export function useOdometerUnitOf(vehicleId: number): DistanceUnit | null {
  const { data } = useApiRead({
    ...recordVehiclesQueryOptions,
    select: (vehicles) =>
      vehicles?.find((vehicle) => vehicle.id === vehicleId)?.odometerUnit ?? null,
  });
  return data ?? null;
}
