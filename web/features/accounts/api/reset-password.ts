/**
 * `POST /api/password-reset/confirm` (decision 054): the link's token and the new password. Every
 * session of the account ends, this browser's too, so the session's data goes with it.
 */
import { ACCOUNT_TOASTS, type PasswordResetConfirmInput } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { clearSessionData } from '@web/lib/query-client';

export async function resetPassword(input: PasswordResetConfirmInput): Promise<void> {
  await apiRequest('POST', '/api/password-reset/confirm', input);
}

export function useResetPassword({ onReset }: { onReset?: () => void } = {}) {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      clearSessionData();
      onReset?.();
      toast({
        title: ACCOUNT_TOASTS.passwordReset,
        description: ACCOUNT_TOASTS.passwordResetDescription,
      });
    },
  });
}
