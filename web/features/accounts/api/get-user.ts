/**
 * `GET /api/user`: the session (000 §4). Fetched once at start with one retry after 500 ms; null
 * when signed out.
 */
import type { User } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@web/lib/query-client';
import { fetchSessionUser, SESSION_FETCH_RETRY_DELAY_MS } from './fetch-session-user';

export { fetchSessionUser, SESSION_FETCH_RETRY_DELAY_MS };

export const USER_QUERY_KEY = SESSION_QUERY_KEY;

export const userQueryOptions = queryOptions<User | null>({
  queryKey: USER_QUERY_KEY,
  queryFn: fetchSessionUser,
  retry: 1,
  retryDelay: SESSION_FETCH_RETRY_DELAY_MS,
});

/** The session's three states: loading, signed in (`user`), signed out (`user` null). */
export function useUser() {
  const { data, isLoading } = useQuery(userQueryOptions);
  return { user: data ?? null, isLoading };
}
