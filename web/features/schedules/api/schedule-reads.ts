/**
 * The key of a vehicle's schedules (query keys are API paths, convention 6) and what a schedule
 * write refreshes: a schedule's next occurrence is among the upcoming items, a completion adds a
 * maintenance record and may move the vehicle's mileage, and a schedule counts as a record on a
 * limited plan (D50), so every group a record write refreshes is read again, the vehicle's
 * schedules with it (they sit under its path).
 */
import { refreshRecordData } from '@web/lib/query-client';

export const SCHEDULE_KEYS = {
  vehicle: (vehicleId: number) => ['/api/vehicles', vehicleId, 'schedules'] as const,
};

export function refreshSchedules() {
  return refreshRecordData();
}
