/**
 * `PATCH /api/user/profile` (000 §2, §4, D44): changes the e-mail; the answered user replaces the
 * cached one so every screen shows the new address at once.
 */
import { ACCOUNT_TOASTS, type ProfileInput, type User } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { USER_QUERY_KEY } from './get-user';

export async function updateProfile(input: ProfileInput): Promise<User | null> {
  const response = await apiRequest('PATCH', '/api/user/profile', input);
  return readJson<User>(response);
}

export function useUpdateProfile({ onUpdated }: { onUpdated?: (user: User) => void } = {}) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      if (user) {
        queryClient.setQueryData(USER_QUERY_KEY, user);
        onUpdated?.(user);
      } else {
        await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
      toast({
        title: ACCOUNT_TOASTS.profileUpdated,
        description: ACCOUNT_TOASTS.profileUpdatedDescription,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: ACCOUNT_TOASTS.updateFailed,
        description: errorMessage(error, 'Your profile could not be updated.'),
      });
    },
  });
}
