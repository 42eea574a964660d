/**
 * `POST /api/login` (000 §4, §8): on success the answered user becomes the session, the session's
 * data groups are refreshed and 'Login successful' greets the user by first name or username;
 * on failure a destructive 'Login failed' toast carries the reason (D11).
 */
import { ACCOUNT_TOASTS, displayName, type LoginInput, type User } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { queryClient, refreshSessionData } from '@web/lib/query-client';
import { authFailureDescription, readUser } from './auth-failure';
import { USER_QUERY_KEY } from './get-user';

export async function login(input: LoginInput): Promise<User> {
  const response = await apiRequest('POST', '/api/login', input);
  return readUser(response);
}

export function useLogin({ onSignedIn }: { onSignedIn?: (user: User) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      // The cache changes and the navigation happen in one tick, so the next render already sees
      // the signed-in user on the new page (no detour through a redirect).
      queryClient.setQueryData(USER_QUERY_KEY, user);
      onSignedIn?.(user);
      await refreshSessionData();
      toast({
        title: ACCOUNT_TOASTS.loginSuccess,
        description: ACCOUNT_TOASTS.loginWelcome(displayName(user)),
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: ACCOUNT_TOASTS.loginFailed,
        description: authFailureDescription(error, {
          prefix: ACCOUNT_TOASTS.loginFailedPrefix,
          noConnection: ACCOUNT_TOASTS.noConnection,
        }),
      });
    },
  });
}
