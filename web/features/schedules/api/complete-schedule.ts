/**
 * `POST /api/schedules/{id}/complete` (decision 054): what was done becomes a maintenance record
 * and the schedule moves on from it; the records, the upcoming items and the vehicle are read
 * again. The dialog runs the toasts and hands a 402 to the upgrade dialog.
 */
import type { ScheduleCompleted, ScheduleCompletion } from '@contract/schedules';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';
import { refreshSchedules } from './schedule-reads';

export async function completeSchedule({
  id,
  completion,
}: {
  id: number;
  completion: ScheduleCompletion;
}) {
  const response = await apiRequest('POST', `/api/schedules/${id}/complete`, completion);
  return readJson<ScheduleCompleted>(response);
}

export function useCompleteSchedule() {
  return useMutation({ mutationFn: completeSchedule, onSuccess: () => void refreshSchedules() });
}
