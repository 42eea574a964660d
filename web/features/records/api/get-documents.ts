/** `GET /api/documents` (001 §7, D27): the user's stored documents, for the Documents view. */
import type { StoredDocument } from '@contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const documentsQueryOptions = queryOptions<StoredDocument[] | null>({
  queryKey: ['/api/documents'],
});

export function useDocuments(enabled = true) {
  const { data, isLoading } = useQuery({ ...documentsQueryOptions, enabled });
  return { documents: data ?? [], isLoading, hasFailed: !isLoading && data === null };
}
