/**
 * 000 §2: a protected page shows a spinner while the session loads, sends a signed-out visitor
 * to /auth, and otherwise renders once the user's units and currency are known (D49: a shell
 * read, asked for with the session), so that no amount is drawn in dollars to be redrawn in
 * euros a moment later.
 */
import { useUser } from '@web/features/accounts/api/get-user';
import { usePreferences } from '@web/lib/preferences';
import type * as React from 'react';
import { Redirect } from 'wouter';
import { SessionSpinner } from './session-spinner';

export function ProtectedRoute({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <SessionSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  return <AfterPreferences>{children}</AfterPreferences>;
}

/** Only for a signed-in user: a visitor's read of the preferences would only be refused. */
function AfterPreferences({ children }: { children: React.ReactNode }) {
  const { isLoading } = usePreferences();
  if (isLoading) return <SessionSpinner />;
  return <>{children}</>;
}
