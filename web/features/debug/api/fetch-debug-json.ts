/**
 * The debug pages' read (001 §2, §8, D17): the raw answer of a record call, kept with its HTTP
 * status so a failure can be shown as 'Error {status}: {statusText}', or 'Failed to fetch:
 * {status}' when the status has no text (a network failure is status 0).
 */
import { useQuery } from '@tanstack/react-query';

export type DebugRead =
  | { ok: true; data: unknown }
  | { ok: false; status: number; statusText: string };

export async function fetchDebugJson(path: string): Promise<DebugRead> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { ok: false, status: 0, statusText: '' };
  }
  if (!response.ok) return { ok: false, status: response.status, statusText: response.statusText };
  try {
    return { ok: true, data: await response.json() };
  } catch {
    return { ok: false, status: response.status, statusText: 'The answer is not JSON' };
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
