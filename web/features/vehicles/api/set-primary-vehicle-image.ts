/** `PUT /api/vehicle-images/{id}/primary` (001 §7, §8): 'Primary image updated'. */
import { VEHICLE_TOASTS } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';

export async function setPrimaryVehicleImage(id: number): Promise<void> {
  await apiRequest('PUT', `/api/vehicle-images/${id}/primary`);
}

export function useSetPrimaryVehicleImage() {
  return useMutation({
    mutationFn: setPrimaryVehicleImage,
    onSuccess: async () => {
      toast({ title: VEHICLE_TOASTS.primaryUpdated });
      await refreshRecordData();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.errorPrimary,
        description: errorMessage(error, VEHICLE_TOASTS.primaryFailed),
      });
    },
  });
}
