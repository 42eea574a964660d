/**
 * `DELETE /api/user` (000 §2, §4, D22): the server deletes everything of the user and ends the
 * session; the client then forgets the user and everything cached of theirs, and leaves.
 */
import { ACCOUNT_TOASTS } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { clearSessionData } from '@web/lib/query-client';

export async function deleteAccount(): Promise<void> {
  await apiRequest('DELETE', '/api/user');
}

export function useDeleteAccount({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Forget the user and leave in the same tick: the next render sees a signed-out visitor
      // on the new page rather than the protected page redirecting to /auth first.
      clearSessionData();
      onDeleted?.();
      toast({
        title: ACCOUNT_TOASTS.accountDeleted,
        description: ACCOUNT_TOASTS.accountDeletedDescription,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: ACCOUNT_TOASTS.accountDeletionFailed,
        description: errorMessage(error, 'Your account could not be deleted.'),
      });
    },
  });
}
