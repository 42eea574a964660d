/**
 * `GET /api/user/preferences` (decision 050): the user's units and currency. Read by every
 * feature that shows a distance, a quantity or an economy figure (fuel and energy, the vehicle
 * form, Account Settings), so it lives here like the other shared reads (decision 004). Read
 * once and kept like the session; a save puts its answer here, so every figure follows at once.
 */
import { DEFAULT_PREFERENCES, type Preferences } from '@contract/units';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from './api-client';

export const PREFERENCES_PATH = '/api/user/preferences';

/** The path as a query key (`pathToQueryKey`), so a page could list it among its first reads. */
export const PREFERENCES_QUERY_KEY = ['/api/user', 'preferences'] as const;

export const preferencesQueryOptions = queryOptions<Preferences>({
  queryKey: PREFERENCES_QUERY_KEY,
  queryFn: ({ signal }) => fetchJson<Preferences>(PREFERENCES_PATH, signal),
  // As the session read (000 §4): once more after a moment, for a server restarting.
  retry: 1,
  retryDelay: 500,
});

/**
 * The user's preferences: null while the first read runs (a figure is not drawn in miles to be
 * redrawn in kilometres a moment later), the spec's defaults when it failed (D49: miles and
 * dollars are what the app showed before anyone chose).
 */
export function usePreferences(): { preferences: Preferences | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(preferencesQueryOptions);
  return { preferences: data ?? (isLoading ? null : DEFAULT_PREFERENCES), isLoading };
}

/**
 * After the units change: the reads the server answers in the user's units (a vehicle's
 * economy, `/api/vehicles/{id}/economy…`) are read again. What the web converts itself (entries,
 * readings) follows from the new preferences at once.
 */
export function refreshFiguresInUserUnits(client: QueryClient) {
  return client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === '/api/vehicles' && queryKey[2] === 'economy',
  });
}
