/** `DELETE /api/vehicle-images/{id}` (001 §7, §8): 'Image deleted'; the primary passes on. */
import { VEHICLE_TOASTS } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';

export async function deleteVehicleImage(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/vehicle-images/${id}`);
}

export function useDeleteVehicleImage() {
  return useMutation({
    mutationFn: deleteVehicleImage,
    onSuccess: async () => {
      toast({ title: VEHICLE_TOASTS.imageDeleted });
      await refreshRecordData();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.errorDeleting,
        description: errorMessage(error, VEHICLE_TOASTS.deleteImageFailed),
      });
    },
  });
}
