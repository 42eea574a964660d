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

export function useRecords() {
  const { data, isLoading, isError } = useApiRead(recordsQueryOptions);
  return { records: data ?? [], isLoading, isError };
}
