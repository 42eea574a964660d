/**
 * `PATCH /api/user/notifications`: any of the settings. The answer replaces the cached settings
 * (a webhook saved without a secret comes back with the one the server made).
 */
import {
  NOTIFICATION_MESSAGES,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@contract/notifications';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, fieldErrors, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import {
  NOTIFICATION_SETTINGS_PATH,
  NOTIFICATION_SETTINGS_QUERY_KEY,
} from './get-notification-settings';

export async function saveNotificationSettings(
  change: NotificationSettingsUpdate,
): Promise<NotificationSettings | null> {
  const response = await apiRequest('PATCH', NOTIFICATION_SETTINGS_PATH, change);
  return readJson<NotificationSettings>(response);
}

export function useSaveNotificationSettings({
  onSaved,
  onFieldErrors,
}: {
  onSaved?: (saved: NotificationSettings) => void;
  /** The server's message for each wrong field (`ntfy.url`, `dueSoonDays`…). */
  onFieldErrors?: (errors: Record<string, string>) => void;
} = {}) {
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: async (saved) => {
      if (saved) {
        queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, saved);
        onSaved?.(saved);
      } else {
        await queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY });
      }
      toast({ title: NOTIFICATION_MESSAGES.saved });
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      if (Object.keys(errors).length > 0) onFieldErrors?.(errors);
      toast({
        variant: 'destructive',
        title: 'Notification settings not saved',
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
