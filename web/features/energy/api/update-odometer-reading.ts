/**
 * `PATCH /api/odometer/{id}` (decision 050): fix a reading (its date or figure; the entry or
 * record it came with is fixed too) or confirm a flagged one as right.
 */
import type { OdometerReading, OdometerReadingUpdatePayload } from '@contract/odometer';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';

export type OdometerReadingUpdate = { id: number; payload: OdometerReadingUpdatePayload };

export async function updateOdometerReading({ id, payload }: OdometerReadingUpdate) {
  const response = await apiRequest('PATCH', `/api/odometer/${id}`, payload);
  return readJson<OdometerReading>(response);
}

export function useUpdateOdometerReading() {
  return useMutation({ mutationFn: updateOdometerReading });
}
