/** `DELETE /api/user/calendar-token` (decision 054): the feed is turned off, its link stops working. */
import { CALENDAR_SETTINGS_TEXTS } from '@contract/calendar';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { CALENDAR_TOKEN_QUERY_KEY } from './get-calendar-token';

export async function deleteCalendarToken(): Promise<void> {
  try {
    await apiRequest('DELETE', '/api/user/calendar-token');
  } catch (error) {
    // Already off (from another tab, say): what the user asked for is so.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteCalendarToken({ onDeleted }: { onDeleted: () => void }) {
  return useMutation({
    mutationFn: deleteCalendarToken,
    onSuccess: () => {
      queryClient.setQueryData(CALENDAR_TOKEN_QUERY_KEY, { createdAt: null });
      onDeleted();
      toast({ title: CALENDAR_SETTINGS_TEXTS.turnedOff });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: CALENDAR_SETTINGS_TEXTS.failed,
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
