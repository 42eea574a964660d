/**
 * `GET /api/records` (001 §3, §7): every record of the user in one list, newest first, undated
 * last: the /records page needs this one call whatever the number of records.
 */
import type { UnifiedRecord } from '@contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const RECORDS_QUERY_KEY = ['/api/records'] as const;

export const recordsQueryOptions = queryOptions<UnifiedRecord[] | null>({
  queryKey: RECORDS_QUERY_KEY,
});

export function useRecords() {
  const { data, isLoading } = useQuery(recordsQueryOptions);
  return { records: data ?? [], isLoading, hasFailed: !isLoading && data === null };
}
