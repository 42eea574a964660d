/**
 * `POST /api/user/calendar-token` (decision 054): a new secret feed link in place of any earlier
 * one, which stops working. The answer is the only time the link is seen: the caller keeps it on
 * screen, the cache keeps only its date.
 */
import { CALENDAR_SETTINGS_TEXTS, type CreatedCalendarToken } from '@contract/calendar';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { CALENDAR_TOKEN_QUERY_KEY } from './get-calendar-token';

export async function createCalendarToken(): Promise<CreatedCalendarToken> {
  const response = await apiRequest('POST', '/api/user/calendar-token');
  const created = await readJson<CreatedCalendarToken>(response);
  if (!created) throw new Error(CALENDAR_SETTINGS_TEXTS.failed);
  return created;
}

export function useCreateCalendarToken({
  onCreated,
}: {
  onCreated: (created: CreatedCalendarToken, isReplacement: boolean) => void;
}) {
  return useMutation({
    mutationFn: (_: { isReplacement: boolean }) => createCalendarToken(),
    onSuccess: (created, { isReplacement }) => {
      queryClient.setQueryData(CALENDAR_TOKEN_QUERY_KEY, { createdAt: created.createdAt });
      onCreated(created, isReplacement);
      toast({
        title: isReplacement ? CALENDAR_SETTINGS_TEXTS.replaced : CALENDAR_SETTINGS_TEXTS.created,
      });
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
