/**
 * The keys of the import reads (query keys are API paths, convention 6) and what an apply or an
 * undo refreshes: an import may add to any vehicle, so every read of the garage is asked again
 * (vehicles and everything under them, records, fill-ups, the dashboard, the expenses, the
 * documents, the plan's counts), and the list of imports.
 */
import { queryClient, refreshRecordData } from '@web/lib/query-client';

export const IMPORTS_QUERY_KEY = ['/api/imports'] as const;

export const importQueryKey = (id: number) => [...IMPORTS_QUERY_KEY, id] as const;

/** Reads that an import changes beyond the record groups every record write refreshes. */
const IMPORTED_DATA_GROUPS = ['/api/documents', '/api/expenses'] as const;

/**
 * The garage's reads and the list of imports; each call refreshes the import it changed itself
 * (a discarded preview can no longer be read, so its page must not ask for it again).
 */
export async function refreshImportedData() {
  await Promise.all([
    refreshRecordData(),
    ...IMPORTED_DATA_GROUPS.map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
    queryClient.invalidateQueries({ queryKey: IMPORTS_QUERY_KEY, exact: true }),
  ]);
}
