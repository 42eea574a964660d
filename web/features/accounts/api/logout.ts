/**
 * `POST /api/logout` (000 §4): clears the user and refreshes the session's data groups, and does
 * so on the client even when the server call fails.
 */
import { ACCOUNT_TOASTS } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { queryClient, refreshSessionData } from '@web/lib/query-client';
import { USER_QUERY_KEY } from './get-user';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast({ title: ACCOUNT_TOASTS.loggedOut, description: ACCOUNT_TOASTS.loggedOutDescription });
    },
    onError: () => {
      toast({ title: ACCOUNT_TOASTS.logoutFailed, variant: 'destructive' });
    },
    onSettled: async () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
      await refreshSessionData();
    },
  });
}
