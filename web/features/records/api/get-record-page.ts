/**
 * `GET /api/records/page` (decision 057): the unified records a page at a time, searched and
 * filtered by the server, with the type filter's counts and the garage's total. Its keys sit under
 * `/api/records`, so every write that refreshes the records (RECORD_DATA_GROUPS) refreshes them.
 */
import type { RecordPage, RecordPageStatus } from '@contract/record-pages';
import type { RecordType, UnifiedRecord } from '@contract/records';
import { useQueryClient } from '@tanstack/react-query';
import { pagedListOptions, usePagedList } from '@web/lib/use-paged-list';
import { useMemo, useSyncExternalStore } from 'react';

export const RECORD_PAGE_PATH = '/api/records/page';
const RECORD_PAGES_KEY = ['/api/records', 'page'] as const;

export type RecordPageFilters = {
  q?: string;
  type?: RecordType;
  vehicleId?: number;
  status?: RecordPageStatus;
};

export function recordPageOptions(filters: RecordPageFilters) {
  const params = {
    q: filters.q?.trim() || undefined,
    type: filters.type,
    vehicleId: filters.vehicleId,
    status: filters.status,
  };
  return pagedListOptions<RecordPage>([...RECORD_PAGES_KEY, params], RECORD_PAGE_PATH, params);
}

export function useRecordPages(filters: RecordPageFilters, options: { enabled?: boolean } = {}) {
  return usePagedList(recordPageOptions(filters), options);
}

/**
 * Every record the pages on screen have loaded, once each: the record dialogs show the current
 * version of the record opened, whichever list it was opened from.
 */
export function useLoadedRecords(): UnifiedRecord[] {
  const cache = useQueryClient().getQueryCache();
  const version = useSyncExternalStore(
    (changed) => cache.subscribe(changed),
    () =>
      cache
        .findAll({ queryKey: RECORD_PAGES_KEY })
        .map((query) => query.state.dataUpdatedAt)
        .join(),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes with every page loaded
  return useMemo(() => {
    const byKey = new Map<string, UnifiedRecord>();
    for (const query of cache.findAll({ queryKey: RECORD_PAGES_KEY })) {
      const data = query.state.data as { pages: RecordPage[] } | undefined;
      for (const page of data?.pages ?? []) {
        for (const record of page.items) byKey.set(`${record.type}-${record.id}`, record);
      }
    }
    return [...byKey.values()];
  }, [cache, version]);
}
