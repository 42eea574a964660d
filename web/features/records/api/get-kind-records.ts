/**
 * `GET /api/maintenance`, `/api/repairs`, `/api/modifications` (001 §7): every record of one
 * kind with its vehicleName, with the retries of D30.
 */
import type { RecordItem, RecordType } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { LIST_RETRIES, LIST_RETRY_DELAY_MS, RECORD_PATHS, retryUpTo } from './record-paths';

export function kindRecordsQueryOptions(type: RecordType) {
  const queryKey = RECORD_PATHS.userList(type);
  return queryOptions<RecordItem[]>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<RecordItem[]>(queryKeyToPath(queryKey), signal),
    retry: retryUpTo(LIST_RETRIES[type]),
    retryDelay: LIST_RETRY_DELAY_MS,
  });
}

export function useKindRecords(type: RecordType) {
  const { data, isLoading, isError } = useApiRead(kindRecordsQueryOptions(type));
  return { records: data ?? [], isLoading, isError };
}
