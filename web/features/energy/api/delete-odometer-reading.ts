/** `DELETE /api/odometer/{id}` (decision 050): a reading entered alone goes. */
import { ODOMETER_MESSAGES } from '@contract/odometer';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { refreshVehicleEnergy } from './energy-reads';

export type OdometerReadingDeletion = { id: number; vehicleId: number };

export async function deleteOdometerReading({ id }: OdometerReadingDeletion) {
  await apiRequest('DELETE', `/api/odometer/${id}`);
}

export function useDeleteOdometerReading({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation({
    mutationFn: deleteOdometerReading,
    onSuccess: async (_, { vehicleId }) => {
      toast({ title: ODOMETER_MESSAGES.deleted });
      onDeleted?.();
      await refreshVehicleEnergy(vehicleId);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Not deleted',
        description: errorMessage(error, 'The reading could not be deleted.'),
      });
    },
  });
}
