/**
 * `POST /api/vehicles/{id}/energy` and `PATCH /api/energy/{id}` (decision 050): one hook for
 * logging and editing an entry, as records have one for both. The form runs the toasts and places
 * the server's field messages (D11 `errors`).
 */
import type { EnergyEntry, EnergyEntryPayload } from '@contract/energy';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';

export type EnergyEntrySave = {
  vehicleId: number;
  /** The entry being edited; none when logging a new one. */
  id?: number;
  payload: EnergyEntryPayload;
};

export async function saveEnergyEntry({ vehicleId, id, payload }: EnergyEntrySave) {
  const response =
    id === undefined
      ? await apiRequest('POST', `/api/vehicles/${vehicleId}/energy`, payload)
      : await apiRequest('PATCH', `/api/energy/${id}`, payload);
  return readJson<EnergyEntry>(response);
}

export function useSaveEnergyEntry() {
  return useMutation({ mutationFn: saveEnergyEntry });
}
