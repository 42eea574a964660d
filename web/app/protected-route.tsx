/**
 * 000 §2: a protected page shows a spinner while the session loads, sends a signed-out visitor
 * to /auth, and otherwise renders.
 */
import { Spinner } from '@web/components/ui/spinner';
import { useUser } from '@web/features/accounts/api/get-user';
import type * as React from 'react';
import { Redirect } from 'wouter';

export function SessionSpinner() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-primary">
      <Spinner size="lg" label="Loading your session" />
    </div>
  );
}

export function ProtectedRoute({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <SessionSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
