/**
 * D39: the application shell for a signed-in user on every path but `/` and `/auth`; everyone
 * else, and everyone while the session loads, sees the page alone (public pages bring their own
 * header and footer). Pages can ask `useIsInAppShell()` whether the shell surrounds them.
 */
import { useUser } from '@web/features/accounts/api/get-user';
import { lazyComponent } from '@web/lib/lazy-component';
import type * as React from 'react';
import { createContext, Suspense, useContext } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from './lazy-page';
import { isShellPath } from './shell/navigation';

// The shell is signed-in code: visitors of the public pages never download it.
export const AppShell = lazyComponent(() => import('./shell/app-shell'), 'AppShell');

const InAppShellContext = createContext(false);

/** True inside the signed-in shell: the page should not draw its own header, footer or main. */
export function useIsInAppShell(): boolean {
  return useContext(InAppShellContext);
}

export function AppLayout({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useUser();
  const [path] = useLocation();
  if (isLoading || !user || !isShellPath(path)) return <>{children}</>;
  return (
    <InAppShellContext.Provider value={true}>
      <Suspense fallback={<PageLoading />}>
        <AppShell user={user}>{children}</AppShell>
      </Suspense>
    </InAppShellContext.Provider>
  );
}
