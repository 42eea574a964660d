/**
 * `GET /api/user/notifications` (decision 054): where and when reminders go, whether this server
 * sends mail, and the newest deliveries with their errors.
 */
import type { NotificationSettings } from '@contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@web/lib/api-client';

export const NOTIFICATION_SETTINGS_PATH = '/api/user/notifications';

/** The path as a query key (`pathToQueryKey`). */
export const NOTIFICATION_SETTINGS_QUERY_KEY = ['/api/user', 'notifications'] as const;

export const notificationSettingsQueryOptions = queryOptions<NotificationSettings>({
  queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => fetchJson<NotificationSettings>(NOTIFICATION_SETTINGS_PATH, signal),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}
