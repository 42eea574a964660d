/** `GET /api/vehicles/{id}/images` (001 §7): the vehicle's images, primary first. */
import type { VehicleImage } from '@contract/vehicles';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';
import { VEHICLES_QUERY_KEY } from './get-vehicles';

export function vehicleImagesQueryOptions(vehicleId: number) {
  return queryOptions<VehicleImage[] | null>({
    queryKey: [...VEHICLES_QUERY_KEY, vehicleId, 'images'],
  });
}

export function useVehicleImages(vehicleId: number) {
  const { data, isLoading, isError } = useApiRead(vehicleImagesQueryOptions(vehicleId));
  return { images: data ?? [], isLoading, isError };
}
