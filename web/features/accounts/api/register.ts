/**
 * `POST /api/register` (000 §3, §4, §8): always `authType: 'local'`. On success the new user is
 * signed in exactly as after a login and welcomed to Garage Ledger; on failure a destructive
 * 'Registration failed' toast carries the reason, and the server's field messages (a taken
 * e-mail, D11) are handed back so the form can show them under their fields. The device's time
 * zone goes with it as the account's first (decision 066), shown in Account Settings › Units.
 */
import { ACCOUNT_TOASTS, type RegisterForm, type User } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, fieldErrors } from '@web/lib/api-client';
import { queryClient, refreshSessionData } from '@web/lib/query-client';
import { browserTimeZone } from '@web/lib/today';
import { authFailureDescription, readUser } from './auth-failure';
import { USER_QUERY_KEY } from './get-user';

export type RegisterDetails = Omit<RegisterForm, 'confirmPassword'>;

export async function register(details: RegisterDetails): Promise<User> {
  const { firstName, lastName, email, password } = details;
  const response = await apiRequest('POST', '/api/register', {
    firstName,
    lastName,
    email,
    password,
    authType: 'local',
    timeZone: browserTimeZone(),
  });
  return readUser(response);
}

export function useRegister({
  onSignedIn,
  onFieldErrors,
}: {
  onSignedIn?: (user: User) => void;
  onFieldErrors?: (errors: Record<string, string>) => void;
} = {}) {
  return useMutation({
    mutationFn: register,
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      onSignedIn?.(user);
      await refreshSessionData();
      toast({
        title: ACCOUNT_TOASTS.registrationSuccess,
        description: ACCOUNT_TOASTS.registrationWelcome(user.firstName?.trim() || user.username),
      });
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      if (Object.keys(errors).length > 0) onFieldErrors?.(errors);
      toast({
        variant: 'destructive',
        title: ACCOUNT_TOASTS.registrationFailed,
        description: authFailureDescription(error, {
          prefix: ACCOUNT_TOASTS.registrationFailedPrefix,
          noConnection: ACCOUNT_TOASTS.registrationNoConnection,
        }),
      });
    },
  });
}
