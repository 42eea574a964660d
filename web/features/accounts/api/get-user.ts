/**
 * `GET /api/user`: the session (000 §4). Fetched once at start with one retry after 500 ms; null
 * when signed out.
 */
import type { User } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@web/lib/query-client';

/** 000 §4: the session read is retried once, after 500 ms. */
export const SESSION_FETCH_RETRY_DELAY_MS = 500;

export const USER_QUERY_KEY = SESSION_QUERY_KEY;

/**
 * Unlike the default read, a failure other than "signed out" throws here, so the one retry has
 * something to retry: a server restarting (502, 504) or a dropped connection. Only 401 means
 * signed out.
 */
export async function fetchSessionUser(): Promise<User | null> {
  const response = await fetch(USER_QUERY_KEY[0], {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as User;
}

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
