/**
 * Every page but the landing page (decision 010): the query cache, the session read through it,
 * the signed-in shell around the app's pages and the router. Loaded as its own chunk, so the
 * landing page's first download carries none of it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { AppLayout } from './layout';
import { AppRouter } from './router';
import { isShellPath } from './shell/navigation';

/**
 * The chunks a signed-in page needs after the session read, asked for alongside it: otherwise
 * each waits for the one before (session, then shell, then page, then the page's data), and on a
 * slow phone each step is a round trip. A signed-out visitor wastes only these downloads.
 */
const PAGE_CHUNKS: [RegExp, () => Promise<unknown>][] = [
  [/^\/(dashboard|home)$/, () => import('./routes/dashboard-page')],
  [/^\/vehicles$/, () => import('./routes/vehicles-page')],
  [/^\/vehicles\/[^/]+$/, () => import('./routes/vehicle-detail-page')],
  [/^\/vehicles\/[^/]+\/edit$/, () => import('./routes/vehicle-edit-page')],
  [/^\/records$/, () => import('./routes/records-page')],
  [/^\/expenses$/, () => import('./routes/expenses-page')],
  [/^\/account$/, () => import('./routes/account-page')],
];

function preloadSignedInPage(path: string) {
  const loadPage = PAGE_CHUNKS.find(([pattern]) => pattern.test(path))?.[1];
  if (!loadPage || !isShellPath(path)) return;
  void import('./shell/app-shell');
  void loadPage();
}

preloadSignedInPage(window.location.pathname);

export function SignedInApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout>
        <AppRouter />
      </AppLayout>
    </QueryClientProvider>
  );
}
