/** `PUT /api/vehicles/{id}` (001 §7, §8): saves the edit form; toasts 'Vehicle updated'. */
import { VEHICLE_TOASTS, type Vehicle, type VehicleInput } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';

export async function updateVehicle({
  id,
  input,
}: {
  id: number;
  input: Partial<VehicleInput>;
}): Promise<Vehicle | null> {
  const response = await apiRequest('PUT', `/api/vehicles/${id}`, input);
  return readJson<Vehicle>(response);
}

export function useUpdateVehicle({
  onUpdated,
}: {
  onUpdated?: (vehicle: Vehicle | null) => void;
} = {}) {
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: async (vehicle) => {
      toast(VEHICLE_TOASTS.updated);
      onUpdated?.(vehicle);
      await refreshRecordData();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.updateFailed,
        description: errorMessage(error, VEHICLE_TOASTS.updateFailed),
      });
    },
  });
}
