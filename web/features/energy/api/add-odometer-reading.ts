/** `POST /api/vehicles/{id}/odometer` (decision 050): a reading entered alone. */
import type { OdometerReading, OdometerReadingPayload } from '@contract/odometer';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';

export type OdometerReadingAddition = { vehicleId: number; payload: OdometerReadingPayload };

export async function addOdometerReading({ vehicleId, payload }: OdometerReadingAddition) {
  const response = await apiRequest('POST', `/api/vehicles/${vehicleId}/odometer`, payload);
  return readJson<OdometerReading>(response);
}

export function useAddOdometerReading() {
  return useMutation({ mutationFn: addOdometerReading });
}
