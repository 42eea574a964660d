/**
 * `POST /api/vehicles/{id}/schedules` and `PATCH /api/schedules/{id}` (decision 054): one hook
 * for adding and editing a schedule, as records have one for both. The caller runs the toasts,
 * places the server's field messages (D11) and hands a 402 to the upgrade dialog.
 */
import type { Schedule, SchedulePayload } from '@contract/schedules';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';
import { refreshSchedules } from './schedule-reads';

export type ScheduleSave = {
  vehicleId: number;
  /** The schedule being edited; none when adding one. */
  id?: number;
  payload: SchedulePayload;
};

export async function saveSchedule({ vehicleId, id, payload }: ScheduleSave) {
  const response =
    id === undefined
      ? await apiRequest('POST', `/api/vehicles/${vehicleId}/schedules`, payload)
      : await apiRequest('PATCH', `/api/schedules/${id}`, payload);
  return readJson<Schedule>(response);
}

export function useSaveSchedule() {
  return useMutation({ mutationFn: saveSchedule, onSuccess: () => void refreshSchedules() });
}
