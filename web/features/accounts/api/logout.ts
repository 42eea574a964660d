/**
 * `POST /api/logout` (000 §4): clears the user and drops the data of the session, and does so
 * on the client even when the server call fails.
 */
import { ACCOUNT_TOASTS } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { clearSessionData } from '@web/lib/query-client';

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
    onSettled: () => clearSessionData(),
  });
}
