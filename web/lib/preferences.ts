/**
 * `GET /api/user/preferences` (decision 050): the user's units and currency, and the money
 * formatter every amount of a signed-in page goes through (D49). A first read of every signed-in
 * page (the shell's, `contract/pages.ts`), preloaded with it, and the signed-in pages are drawn
 * once it has come, so no figure is drawn in dollars to be redrawn in euros. Read once and kept
 * like the session; a save puts its answer here, so every figure follows at once.
 */
import { DEFAULT_PREFERENCES, type Preferences } from '@contract/units';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchJson } from './api-client';
import { formatMoney } from './money';

export const PREFERENCES_PATH = '/api/user/preferences';

/**
 * The path as a query key (`pathToQueryKey`): the shell's first read of every signed-in page is
 * warmed under it, so this query finds it there.
 */
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

/** The user's currency (ISO 4217): amounts are stored as entered in it and never converted. */
export function useCurrency(): string {
  return usePreferences().preferences?.currency ?? DEFAULT_PREFERENCES.currency;
}

/** Amounts in the user's currency: `money.format(1234.5)` is `€1,234.50` for a euro user. */
export type Money = {
  currency: string;
  format: (value: unknown) => string;
};

/** The one way a signed-in page writes an amount (D3, D49), called where the amount is drawn. */
export function useMoney(): Money {
  const currency = useCurrency();
  return useMemo(
    () => ({ currency, format: (value: unknown) => formatMoney(value, currency) }),
    [currency],
  );
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
