/** `GET /api/imports`: the user's imports and restores, newest first, for Past imports. */
import type { ImportList } from '@contract/imports';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';
import { IMPORTS_QUERY_KEY } from './import-reads';

export const importsQueryOptions = queryOptions<ImportList | null>({
  queryKey: IMPORTS_QUERY_KEY,
});

export function useImports() {
  const { data, isLoading, isError } = useApiRead(importsQueryOptions);
  return { imports: data ?? [], isLoading, isError };
}
