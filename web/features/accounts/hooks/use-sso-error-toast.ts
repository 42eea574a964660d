/**
 * D10: single sign-on comes back to `/auth?error=sso_unavailable|sso_failed|email_in_use` when it
 * could not sign the user in. Say why in a destructive toast, once, and take the parameter out of
 * the address so a reload or a shared link does not repeat it.
 */
import { SSO_ERRORS, type SsoError } from '@contract/accounts';
import { toast } from '@web/components/ui/use-toast';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

function isSsoError(value: string | null): value is SsoError {
  return value !== null && Object.hasOwn(SSO_ERRORS, value);
}

export function useSsoErrorToast() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const error = params.get('error');
    if (error === null) return;
    if (isSsoError(error) && shownFor.current !== search) {
      shownFor.current = search;
      toast({ variant: 'destructive', ...SSO_ERRORS[error] });
    }
    params.delete('error');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);
}
