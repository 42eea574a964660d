/**
 * `PATCH /api/user/password` (000 §2, §4, D5): sends only the current and the new password (the
 * confirmation is the form's business). The server keeps this session and ends the others.
 */
import { ACCOUNT_TOASTS, type PasswordChangeInput } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';

export async function changePassword({
  currentPassword,
  newPassword,
}: PasswordChangeInput): Promise<void> {
  await apiRequest('PATCH', '/api/user/password', { currentPassword, newPassword });
}

export function useChangePassword({ onChanged }: { onChanged?: () => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      onChanged?.();
      toast({
        title: ACCOUNT_TOASTS.passwordUpdated,
        description: ACCOUNT_TOASTS.passwordUpdatedDescription,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: ACCOUNT_TOASTS.passwordChangeFailed,
        description: errorMessage(error, 'Your password could not be changed.'),
      });
    },
  });
}
