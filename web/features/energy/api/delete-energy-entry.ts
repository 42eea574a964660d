/** `DELETE /api/energy/{id}` (decision 050): the entry goes with its odometer reading and receipt. */
import { ENERGY_MESSAGES } from '@contract/energy';
import { useVehicleRowDeletion } from './energy-reads';

export function useDeleteEnergyEntry(options: { onDeleted?: () => void } = {}) {
  return useVehicleRowDeletion(
    {
      path: '/api/energy',
      deleted: ENERGY_MESSAGES.deleted,
      failure: 'The entry could not be deleted.',
    },
    options,
  );
}
