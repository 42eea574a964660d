/**
 * `GET /api/documents/page` (D27, decision 057): the Documents view's entries a page at a time,
 * searched and filtered by the server, with how many the filters leave and the user's total.
 * Its keys sit under `/api/documents`, which every record write refreshes (RECORD_DATA_GROUPS):
 * a record's files are entries of the view.
 */
import type { DocumentFilterType, DocumentPage } from '@contract/document-pages';
import { pagedListOptions, usePagedList } from '@web/lib/use-paged-list';

export const DOCUMENT_PAGE_PATH = '/api/documents/page';
const DOCUMENT_PAGES_KEY = ['/api/documents', 'page'] as const;

export type DocumentPageFilters = {
  q?: string;
  type?: DocumentFilterType;
  vehicleId?: number;
};

export function documentPageOptions(filters: DocumentPageFilters) {
  const params = {
    q: filters.q?.trim() || undefined,
    type: filters.type,
    vehicleId: filters.vehicleId,
  };
  return pagedListOptions<DocumentPage>(
    [...DOCUMENT_PAGES_KEY, params],
    DOCUMENT_PAGE_PATH,
    params,
  );
}

export function useDocumentPages(filters: DocumentPageFilters) {
  return usePagedList(documentPageOptions(filters));
}
