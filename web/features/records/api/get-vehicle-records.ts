/**
 * `GET /api/vehicles/{id}/{collection}` (001 §7): one vehicle's records of one kind, for the
 * edit form (the vehicle page's tabs read theirs a page at a time). D30: maintenance retries 3 times, the others once,
 * 1 s apart.
 */
import type { RecordItem, RecordType } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { LIST_RETRIES, LIST_RETRY_DELAY_MS, RECORD_PATHS, retryUpTo } from './record-paths';

export function vehicleRecordsQueryOptions(type: RecordType, vehicleId: number) {
  const queryKey = RECORD_PATHS.vehicleList(type, vehicleId);
  return queryOptions<RecordItem[]>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<RecordItem[]>(queryKeyToPath(queryKey), signal),
    retry: retryUpTo(LIST_RETRIES[type]),
    retryDelay: LIST_RETRY_DELAY_MS,
  });
}

export function useVehicleRecords(type: RecordType, vehicleId: number | null) {
  const { data, isLoading, isRefreshing, isError } = useApiRead({
    ...vehicleRecordsQueryOptions(type, vehicleId ?? 0),
    enabled: vehicleId !== null,
  });
  return { records: data ?? [], isLoading, isRefreshing, isError };
}
