/**
 * `/` for a first-time visitor (000 §2, decision 010): the landing page's first download is
 * React, the router and the page itself. The session is asked with a plain fetch rather than
 * through the query cache, so TanStack Query, zod and the signed-in app stay out of it; a
 * signed-in user still goes straight to the dashboard.
 */
import type { User } from '@contract/accounts';
import { probeSessionUser } from '@web/features/accounts/api/fetch-session-user';
import { lazyComponent } from '@web/lib/lazy-component';
import { Suspense, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { PageLoading } from './lazy-page';
import { SessionSpinner } from './session-spinner';

const LandingPage = lazyComponent(() => import('./routes/landing-page'), 'LandingPage');

type Session = { state: 'loading' } | { state: 'known'; user: User | null };

export function LandingRoute() {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    // The page's chunk downloads while the session is asked, not after.
    void LandingPage.preload();
    void probeSessionUser().then((user) => {
      if (isCurrent) setSession({ state: 'known', user });
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  if (session.state === 'loading') return <SessionSpinner />;
  if (session.user) return <Redirect to="/dashboard" replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <LandingPage />
    </Suspense>
  );
}
