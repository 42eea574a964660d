/**
 * `GET /api/imports/{id}`: an import's preview, or what it added once applied. A failure throws
 * rather than answering null, so the page can say why (an import that is gone, a preview past
 * its hours: the server's sentence).
 */
import type { ImportPreview } from '@contract/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { importQueryKey } from './import-reads';

export function importQueryOptions(id: number) {
  const queryKey = importQueryKey(id);
  return queryOptions<ImportPreview>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<ImportPreview>(queryKeyToPath(queryKey), signal),
  });
}

/** `id` null: the address names no import, and nothing is asked. */
export function useImport(id: number | null) {
  return useQuery({ ...importQueryOptions(id ?? 0), enabled: id !== null });
}
