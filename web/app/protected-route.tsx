/**
 * 000 §2: a protected page shows a spinner while the session loads, sends a signed-out visitor
 * to /auth, and otherwise renders.
 */
import { useUser } from '@web/features/accounts/api/get-user';
import type * as React from 'react';
import { Redirect } from 'wouter';
import { SessionSpinner } from './session-spinner';

export function ProtectedRoute({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <SessionSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
