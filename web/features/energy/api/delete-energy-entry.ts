/** `DELETE /api/energy/{id}` (decision 050): the entry goes with its odometer reading and receipt. */
import { ENERGY_MESSAGES } from '@contract/energy';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { refreshVehicleEnergy } from './energy-reads';

export type EnergyEntryDeletion = { id: number; vehicleId: number };

export async function deleteEnergyEntry({ id }: EnergyEntryDeletion) {
  await apiRequest('DELETE', `/api/energy/${id}`);
}

export function useDeleteEnergyEntry({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation({
    mutationFn: deleteEnergyEntry,
    onSuccess: async (_, { vehicleId }) => {
      toast({ title: ENERGY_MESSAGES.deleted });
      onDeleted?.();
      await refreshVehicleEnergy(vehicleId);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Not deleted',
        description: errorMessage(error, 'The entry could not be deleted.'),
      });
    },
  });
}
