/**
 * `GET /api/{collection}/{id}`: one record as stored, for the edit form, which starts from exactly
 * what is stored (title included). Its key sits under the kind's list, so every write that
 * refreshes the kind's reads refreshes it too. D30: maintenance retries 3 times, the others once,
 * 1 s apart.
 */
import type { RecordItem, RecordType } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { LIST_RETRIES, LIST_RETRY_DELAY_MS, RECORD_PATHS, retryUpTo } from './record-paths';

export function recordQueryOptions(type: RecordType, id: number) {
  const queryKey = RECORD_PATHS.one(type, id);
  return queryOptions<RecordItem>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<RecordItem>(queryKeyToPath(queryKey), signal),
    retry: retryUpTo(LIST_RETRIES[type]),
    retryDelay: LIST_RETRY_DELAY_MS,
  });
}

export function useRecord(type: RecordType, id: number) {
  const { data, isLoading, isRefreshing, isError } = useApiRead(recordQueryOptions(type, id));
  return { record: data, isLoading, isRefreshing, isError };
}
