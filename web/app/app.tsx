/**
 * The root: the landing page on its own (no query cache, no signed-in code: decision 010),
 * every other path through the app with its data cache, and the one toaster for both.
 */
import { ToasterOnDemand } from '@web/components/ui/toaster-on-demand';
import { useScrollOnNavigation } from '@web/lib/use-scroll-on-navigation';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { LandingRoute } from './landing-route';
import { lazyPage, PageLoading } from './lazy-page';

const SignedInApp = lazyPage(() => import('./signed-in-app'), 'SignedInApp');

export function App() {
  const [path] = useLocation();
  useScrollOnNavigation(path);
  return (
    <>
      {path === '/' ? (
        <LandingRoute />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <SignedInApp />
        </Suspense>
      )}
      <ToasterOnDemand />
    </>
  );
}
