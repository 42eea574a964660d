/**
 * The debug pages' read (001 §2, §8, D17): the raw answer of a record call, kept with its HTTP
 * status so a failure can be shown as 'Error {status}: {statusText}', or 'Failed to fetch:
 * {status}' when the status has no text (a network failure is status 0).
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, fetchJson, NOT_JSON_MESSAGE } from '@web/lib/api-client';

export type DebugRead =
  | { ok: true; data: unknown }
  | { ok: false; status: number; statusText: string };

export async function fetchDebugJson(path: string): Promise<DebugRead> {
  try {
    return { ok: true, data: await fetchJson<unknown>(path) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, status: 0, statusText: '' };
    // A 2xx fails only when its answer is not JSON; the page says so in place of a status text.
    const isAnswered = error.status >= 200 && error.status < 300;
    return {
      ok: false,
      status: error.status,
      statusText: isAnswered ? NOT_JSON_MESSAGE : error.statusText,
    };
  }
}

/** Reads `path` (null: nothing to read yet); always fresh, since these pages inspect the data. */
export function useDebugJson(path: string | null) {
  return useQuery({
    queryKey: ['debug', path],
    queryFn: () => fetchDebugJson(path!),
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
