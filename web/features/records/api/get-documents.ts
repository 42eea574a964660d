/** `GET /api/documents` (001 §7, D27): the user's stored documents, for the Documents view. */
import type { StoredDocument } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { useApiRead } from '@web/lib/use-api-read';

export const documentsQueryOptions = queryOptions<StoredDocument[] | null>({
  queryKey: ['/api/documents'],
});

export function useDocuments(enabled = true) {
  const { data, isLoading, isError } = useApiRead({ ...documentsQueryOptions, enabled });
  return { documents: data ?? [], isLoading, isError };
}
