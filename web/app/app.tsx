/**
 * The root: the landing page on its own (no query cache, no signed-in code: decision 010),
 * every other path through the app with its data cache, and the one toaster for both.
 */
import { ToasterOnDemand } from '@web/components/ui/toaster-on-demand';
import { lazyComponent } from '@web/lib/lazy-component';
import { useScrollOnNavigation } from '@web/lib/use-scroll-on-navigation';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { LandingRoute } from './landing-route';
import { PageLoading } from './lazy-page';

const SignedInApp = lazyComponent(() => import('./signed-in-app'), 'SignedInApp');

/**
 * Fetches the code the first screen starts with, for main.tsx to await before the first render:
 * the signed-in app's, and through it the page's and the shell's (first-screen.ts, which also
 * asks for the session and the page's first reads). A lazy component rendered before its code is
 * here shows its fallback, and React then holds the page back for up to 300 ms after the code
 * arrives. The landing page fetches its own.
 */
export function preloadFirstScreen(path: string): Promise<void> {
  if (path === '/') return Promise.resolve();
  return SignedInApp.preload()
    .then(() => import('./signed-in-app'))
    .then((app) => app.firstScreenReady);
}

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
