/**
 * `GET /api/user`: the session (000 §4). Fetched once at start with one retry after 500 ms; null
 * when signed out (the default read answers null on 401).
 */
import { SESSION_FETCH_RETRY_DELAY_MS, type User } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const USER_QUERY_KEY = ['/api/user'] as const;

export const userQueryOptions = queryOptions<User | null>({
  queryKey: USER_QUERY_KEY,
  retry: 1,
  retryDelay: SESSION_FETCH_RETRY_DELAY_MS,
});

/** The session's three states: loading, signed in (`user`), signed out (`user` null). */
export function useUser() {
  const { data, isLoading } = useQuery(userQueryOptions);
  return { user: data ?? null, isLoading };
}
