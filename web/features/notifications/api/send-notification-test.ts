/**
 * `POST /api/user/notifications/test`: a test message through one channel, now. Its answer (where
 * it went, or why it did not get there) is toasted, and the deliveries are read again so that it
 * shows among them.
 */
import { CHANNEL_LABELS, type NotificationChannel } from '@contract/notifications';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from './get-notification-settings';

export async function sendNotificationTest(
  channel: NotificationChannel,
): Promise<{ message: string } | null> {
  const response = await apiRequest('POST', '/api/user/notifications/test', { channel });
  return readJson<{ message: string }>(response);
}

export function useSendNotificationTest() {
  return useMutation({
    mutationFn: sendNotificationTest,
    onSuccess: (answer, channel) => {
      toast({
        title: `${CHANNEL_LABELS[channel]} test sent`,
        description: answer?.message,
      });
    },
    onError: (error, channel) => {
      toast({
        variant: 'destructive',
        title: `${CHANNEL_LABELS[channel]} test not delivered`,
        description: errorMessage(error, 'Please try again.'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY }),
  });
}
