/**
 * The record forms' create and update calls (001 §7), one hook for the three kinds: they go where
 * RECORD_PATHS says; a kind created on its vehicle (repairs) names the vehicle in the path only. The form runs
 * the toasts, since each kind words them its own way (001 §8).
 */
import type { RecordItem, RecordType } from '@contract/records';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';
import { RECORD_KINDS_ON_WEB } from '../lib/record-kinds';
import { RECORD_PATHS } from './record-paths';

export type RecordSave = {
  type: RecordType;
  /** The record being edited; none when adding. */
  id?: number;
  /** The record's vehicle as it is stored (the path of a repair's update names it). */
  storedVehicleId?: number;
  payload: Record<string, unknown>;
};

export async function saveRecord({ type, id, storedVehicleId, payload }: RecordSave) {
  const vehicleId = Number(payload.vehicleId);
  let response: Response;
  if (id === undefined) {
    const path = RECORD_PATHS.create(type, vehicleId);
    const body = RECORD_KINDS_ON_WEB[type].createsOnVehicle
      ? { ...payload, vehicleId: undefined }
      : payload;
    response = await apiRequest('POST', path, body);
  } else {
    const { method, path } = RECORD_PATHS.update({
      type,
      id,
      vehicleId: storedVehicleId ?? vehicleId,
    });
    response = await apiRequest(method, path, payload);
  }
  return readJson<RecordItem>(response);
}

export function useSaveRecord() {
  return useMutation({ mutationFn: saveRecord });
}
