/**
 * `GET /api/subscription/status` (D12, D36): what the user's plan allows. Read by every feature
 * that adds something (vehicles, records) and by the upgrade dialog, so it lives here
 * (decision 004). 001 §4: before adding, the status is fetched fresh; when that fails the cached
 * status is used; when there is none the add is allowed. A failed read is logged, never blocking.
 */
import type { SubscriptionStatus } from '@contract/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client';

export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription/status'] as const;

export const subscriptionStatusQueryOptions = queryOptions<SubscriptionStatus | null>({
  queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
});

export function useSubscriptionStatus() {
  const { data, isLoading } = useQuery(subscriptionStatusQueryOptions);
  return { status: data ?? null, isLoading };
}

/** The status read fresh from the server, else the cached one, else null (001 §4). */
export async function fetchFreshSubscriptionStatus(): Promise<SubscriptionStatus | null> {
  const cached = queryClient.getQueryData(subscriptionStatusQueryOptions.queryKey) ?? null;
  try {
    const fresh = await queryClient.fetchQuery({ ...subscriptionStatusQueryOptions, staleTime: 0 });
    if (fresh) return fresh;
    console.warn('Subscription status unavailable; using the cached status');
    // The default read answers null on failure and would overwrite the cache: put it back.
    if (cached) queryClient.setQueryData(SUBSCRIPTION_STATUS_QUERY_KEY, cached);
    return cached;
  } catch (error) {
    console.warn('Subscription status could not be read', error);
    return cached;
  }
}

/** May the user add a vehicle? Unknown status allows it (001 §4); the server still enforces D12. */
export async function canAddVehicleNow(): Promise<boolean> {
  const status = await fetchFreshSubscriptionStatus();
  return status?.canAddVehicle ?? true;
}

/** May the user add a record? Same rules as vehicles. */
export async function canAddRecordNow(): Promise<boolean> {
  const status = await fetchFreshSubscriptionStatus();
  return status?.canAddRecord ?? true;
}
