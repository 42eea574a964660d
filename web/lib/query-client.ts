/**
 * The one QueryClient (000 §7): reads go through the default query function, no retries, no
 * refetch on focus, kept 5 minutes after their last use. Data stays fresh until a write
 * invalidates it; each write names the data groups it refreshes.
 */
import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn, forgetHeldAnswers, queryKeyToPath } from './api-client';

export const QUERY_CACHE_MS = 5 * 60 * 1000;

export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: QUERY_CACHE_MS,
      },
      mutations: { retry: false },
    },
  });
  // A read's held answer and its tag (api-client.ts) live as long as its query.
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') forgetHeldAnswers(queryKeyToPath(event.query.queryKey));
  });
  return client;
}

export const queryClient = createQueryClient();

/** 000 §4: the data refreshed after sign-in, registration and logout. */
export const SESSION_DATA_GROUPS = [
  '/api/records',
  '/api/upcoming-maintenance',
  '/api/vehicles',
] as const;

export async function refreshSessionData() {
  await Promise.all(
    SESSION_DATA_GROUPS.map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
  );
}

/**
 * 001 §4, D32: the data refreshed after a vehicle or record is saved or deleted. Keys are API
 * paths, so `/api/vehicles` also covers `/api/vehicles/{id}` and its images and records, and
 * `/api/documents` the Documents view's pages, whose entries are the records' files.
 */
export const RECORD_DATA_GROUPS = [
  '/api/vehicles',
  '/api/records',
  '/api/documents',
  '/api/maintenance',
  '/api/repairs',
  '/api/modifications',
  '/api/upcoming-maintenance',
  '/api/recent-activity',
  '/api/subscription/status',
] as const;

export async function refreshRecordData() {
  await Promise.all(
    RECORD_DATA_GROUPS.map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
  );
}

/** The session's query: `GET /api/user` (000 §4). */
export const SESSION_QUERY_KEY = ['/api/user'] as const;

/**
 * After logout or account deletion: the user is cleared and nothing of theirs stays cached, so
 * whoever signs in next on this browser never glimpses it (000 §4's refresh of the data groups).
 */
export function clearSessionData() {
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  forgetHeldAnswers();
  // Only the session itself stays: the user's own reads under its path (the preferences) go.
  queryClient.removeQueries({
    predicate: ({ queryKey }) => queryKey.length !== 1 || queryKey[0] !== SESSION_QUERY_KEY[0],
  });
}
