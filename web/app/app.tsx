/**
 * The root: the landing page on its own (no query cache, no signed-in code: decision 010),
 * every other path through the app with its data cache, and the one toaster for both.
 */
import { ToasterOnDemand } from '@web/components/ui/toaster-on-demand';
import { lazyComponent } from '@web/lib/lazy-component';
import { useScrollOnNavigation } from '@web/lib/use-scroll-on-navigation';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { LandingRoute } from './landing-route';
import { PageLoading } from './lazy-page';

const SignedInApp = lazyComponent(() => import('./signed-in-app'), 'SignedInApp');

let firstScreen: Promise<void> | undefined;

/**
 * Starts the first screen's downloads, once per load (decision 024): the signed-in app's code,
 * then through it (first-screen.ts) the session, the page's and the shell's code and the page's
 * first reads. Called by the entry (main.tsx) before the first render, which awaits the code: a
 * lazy component rendered before its code is here shows its fallback, and React then holds the
 * page back for up to 300 ms after the code arrives. The landing page fetches its own; when it
 * sends the visitor on, `App` calls this for the page it sends to. Importing starts nothing.
 */
export function startFirstScreen(path: string): Promise<void> {
  if (path === '/') return Promise.resolve();
  firstScreen ??= SignedInApp.preload()
    .then(() => import('./signed-in-app'))
    .then((app) => app.startFirstScreen(path))
    .catch((error: unknown) => {
      firstScreen = undefined;
      throw error;
    });
  return firstScreen;
}

export function App() {
  const [path] = useLocation();
  useScrollOnNavigation(path);
  useEffect(() => {
    void startFirstScreen(path).catch(() => undefined);
  }, [path]);
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
