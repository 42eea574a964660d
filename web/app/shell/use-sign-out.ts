/**
 * Logout from the shell (000 §4): the session ends (on the client even when the call fails, and
 * useLogout toasts either way), then the visitor lands on /auth. The shell unmounts as soon as
 * the user is cleared, so the navigation waits on the promise rather than a mutate callback.
 */
import { useLogout } from '@web/features/accounts/api/logout';
import { useLocation } from 'wouter';

export function useSignOut() {
  const logout = useLogout();
  const [, navigate] = useLocation();
  return {
    signOut: async () => {
      try {
        await logout.mutateAsync();
      } catch {
        // useLogout has shown 'Logout failed' and cleared the user anyway.
      }
      navigate('/auth');
    },
    isPending: logout.isPending,
  };
}
