/** `DELETE /api/odometer/{id}` (decision 050): a reading entered alone goes. */
import { ODOMETER_MESSAGES } from '@contract/odometer';
import { useVehicleRowDeletion } from './energy-reads';

export function useDeleteOdometerReading(options: { onDeleted?: () => void } = {}) {
  return useVehicleRowDeletion(
    {
      path: '/api/odometer',
      deleted: ODOMETER_MESSAGES.deleted,
      failure: 'The reading could not be deleted.',
    },
    options,
  );
}
