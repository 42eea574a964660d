/**
 * `GET /api/user` on its own, without the query cache: the landing page asks it before anything
 * else loads, so it must not bring TanStack Query (or zod) into the page's first download.
 */
import type { User } from '@contract/accounts';
import { ApiError, fetchJson } from '@web/lib/api-client';

/** 000 §4: the session read is retried once, after 500 ms. */
export const SESSION_FETCH_RETRY_DELAY_MS = 500;

export const SESSION_PATH = '/api/user';

/**
 * Unlike the default read, a failure other than "signed out" throws here, so the one retry has
 * something to retry: a server restarting (502, 504) or a dropped connection. Only 401 means
 * signed out.
 */
export async function fetchSessionUser(): Promise<User | null> {
  try {
    return await fetchJson<User>(SESSION_PATH);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session with its one retry (000 §4); a read that fails twice counts as signed out. */
export async function probeSessionUser(): Promise<User | null> {
  try {
    return await fetchSessionUser();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, SESSION_FETCH_RETRY_DELAY_MS));
    return fetchSessionUser().catch(() => null);
  }
}
