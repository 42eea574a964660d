/**
 * `DELETE /api/vehicles/{id}` (001 §7, §8): the vehicle goes with its records, images and files
 * (D22); toasts 'Vehicle deleted' and refreshes the data groups (D32). Failure toasts are left
 * to the caller, since the list and the detail page word them differently (001 §8).
 */
import { VEHICLE_TOASTS, type Vehicle, vehicleTitle } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { queryClient, refreshRecordData } from '@web/lib/query-client';
import { VEHICLES_QUERY_KEY } from './get-vehicles';

export async function deleteVehicle(vehicle: Pick<Vehicle, 'id'>): Promise<void> {
  await apiRequest('DELETE', `/api/vehicles/${vehicle.id}`);
}

export function useDeleteVehicle({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation({
    mutationFn: (vehicle: Pick<Vehicle, 'id' | 'year' | 'make' | 'model'>) =>
      deleteVehicle(vehicle),
    onSuccess: async (_, vehicle) => {
      toast({
        title: VEHICLE_TOASTS.deleted,
        description: VEHICLE_TOASTS.deletedText(vehicleTitle(vehicle)),
      });
      // The deleted vehicle's own reads would only answer 404 now.
      queryClient.removeQueries({ queryKey: [...VEHICLES_QUERY_KEY, vehicle.id] });
      onDeleted?.();
      await refreshRecordData();
    },
  });
}
