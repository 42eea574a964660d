/**
 * `GET /api/vehicles/{id}/schedules` (decision 054): the vehicle's service schedules, each with
 * its next due point, the predicted date of its mileage and its state. Read when the Schedules
 * tab opens, never with the vehicle page.
 */
import type { Schedule } from '@contract/schedules';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { SCHEDULE_KEYS } from './schedule-reads';

export function vehicleSchedulesQueryOptions(vehicleId: number) {
  const queryKey = SCHEDULE_KEYS.vehicle(vehicleId);
  return queryOptions<Schedule[]>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<Schedule[]>(queryKeyToPath(queryKey), signal),
  });
}

export function useVehicleSchedules(vehicleId: number) {
  const { data, isLoading, isError } = useApiRead(vehicleSchedulesQueryOptions(vehicleId));
  return { schedules: data ?? [], isLoading, isError };
}
