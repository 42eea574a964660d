/**
 * The one way a page learns that a read failed (decision 021). A read fails in one of two ways:
 * its query function threw (the reads that retry, built on `fetchJson`), or it is a default read,
 * which by 000 §7 answers null instead of throwing. `isError` covers both, so no page or hook
 * guesses failure from a null on its own.
 */
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';

export function useApiRead<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  const query = useQuery(options);
  return {
    /** The answer; null or undefined while loading, when disabled, or after a failure. */
    data: query.data,
    isLoading: query.isLoading,
    /** Asking again for an answer already held (a write made it stale): the held one is old. */
    isRefreshing: query.isFetching && !query.isLoading,
    isError: query.isError || query.data === null,
  };
}
