/**
 * 000 §2: the landing page and /auth are for signed-out visitors; a signed-in user opening
 * either goes straight to the dashboard.
 */
import { SessionSpinner } from '@web/app/session-spinner';
import { useUser } from '@web/features/accounts/api/get-user';
import type * as React from 'react';
import { Redirect } from 'wouter';

export function PublicOnly({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <SessionSpinner />;
  if (user) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
