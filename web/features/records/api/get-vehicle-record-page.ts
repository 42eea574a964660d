/**
 * `GET /api/vehicles/{id}/records/page`: one vehicle's records a page at a time, for the vehicle
 * page's tabs (every kind, or one), with each tab's count and total cost over the whole vehicle.
 * The key sits under the vehicle's path, so every record write (RECORD_DATA_GROUPS) refreshes it.
 * D30's retries follow the kind; the tab of every kind retries as maintenance does.
 */
import type { VehicleRecordPage } from '@contract/record-pages';
import type { RecordType } from '@contract/records';
import { pagedListOptions, usePagedList } from '@web/lib/use-paged-list';
import { LIST_RETRIES, LIST_RETRY_DELAY_MS, retryUpTo } from './record-paths';

/** A tab of the vehicle's records: every kind, or one. */
export type VehicleRecordTab = RecordType | 'all';

export function vehicleRecordPageQueryOptions(vehicleId: number, tab: VehicleRecordTab) {
  return pagedListOptions<VehicleRecordPage>(
    ['/api/vehicles', vehicleId, 'records', 'page', tab],
    `/api/vehicles/${vehicleId}/records/page`,
    // The list's own page size: the first page of every kind is a first read of the vehicle
    // page (contract/pages.ts), preloaded with the HTML by exactly this path.
    { type: tab === 'all' ? undefined : tab },
    {
      retry: retryUpTo(LIST_RETRIES[tab === 'all' ? 'maintenance' : tab]),
      retryDelay: LIST_RETRY_DELAY_MS,
      // A tab shows its own cards or a skeleton, never the tab just left's.
      showPreviousWhileLoading: false,
    },
  );
}

export function useVehicleRecordPage(vehicleId: number, tab: VehicleRecordTab) {
  const list = usePagedList(vehicleRecordPageQueryOptions(vehicleId, tab));
  return {
    ...list,
    /** Each tab's count and total cost, from the newest answer of the first page. */
    counts: list.firstPage?.counts ?? null,
    totalCosts: list.firstPage?.totalCosts ?? null,
  };
}
