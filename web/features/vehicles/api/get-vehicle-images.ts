/** `GET /api/vehicles/{id}/images` (001 §7): the vehicle's images, primary first. */
import type { VehicleImage } from '@contract/vehicles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VEHICLES_QUERY_KEY } from './get-vehicles';

export function vehicleImagesQueryOptions(vehicleId: number) {
  return queryOptions<VehicleImage[] | null>({
    queryKey: [...VEHICLES_QUERY_KEY, vehicleId, 'images'],
  });
}

export function useVehicleImages(vehicleId: number) {
  const { data, isLoading } = useQuery(vehicleImagesQueryOptions(vehicleId));
  return { images: data ?? [], isLoading, hasFailed: !isLoading && data === null };
}
