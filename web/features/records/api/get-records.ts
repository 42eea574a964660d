/**
 * `GET /api/records` (001 §3, §7): every record of the user in one list, newest first, undated
 * last: the /records page needs this one call whatever the number of records.
 */
import type { UnifiedRecord } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const RECORDS_QUERY_KEY = ['/api/records'] as const;

export const recordsQueryOptions = queryOptions<UnifiedRecord[] | null>({
  queryKey: RECORDS_QUERY_KEY,
});

/** `enabled` false reads nothing: the /records page reads the whole list for its Documents view only. */
export function useRecords(enabled = true) {
  const { data, isLoading, isError } = useApiRead({ ...recordsQueryOptions, enabled });
  return { records: data ?? [], isLoading, isError };
}
