/** `PUT /api/vehicle-images/{id}` (001 §7, §8): caption and primary flag; 'Image updated'. */
import { VEHICLE_TOASTS, type VehicleImage } from '@contract/vehicles';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';

export type VehicleImageChange = { id: number; caption?: string | null; isPrimary?: boolean };

export async function updateVehicleImage({ id, ...change }: VehicleImageChange) {
  const response = await apiRequest('PUT', `/api/vehicle-images/${id}`, change);
  return readJson<VehicleImage>(response);
}

export function useUpdateVehicleImage() {
  return useMutation({
    mutationFn: updateVehicleImage,
    onSuccess: async () => {
      toast(VEHICLE_TOASTS.imageUpdated);
      await refreshRecordData();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.errorUploading,
        description: errorMessage(error, VEHICLE_TOASTS.uploadImageFailed),
      });
    },
  });
}
