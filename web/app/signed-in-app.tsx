/**
 * Every page but the landing page (decision 010): the query cache, the session read through it,
 * the signed-in shell around the app's pages and the router. Loaded as its own chunk, so the
 * landing page's first download carries none of it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { userQueryOptions } from '@web/features/accounts/api/get-user';
import { preloadAhead } from '@web/lib/lazy-component';
import { queryClient } from '@web/lib/query-client';
import { AppLayout, AppShell } from './layout';
import { AppRouter, pageAt } from './router';

/**
 * What the first screen needs, asked for all at once as this chunk arrives: the session, the
 * page's code and, for a signed-in page, the shell's, then, once the session is known to be
 * there, the page's first reads. Otherwise each waits for the one before (session, then shell,
 * then page, then the page's data), and on a slow phone each step is a round trip. A visitor of
 * a signed-in page who turns out signed out wastes only the code's downloads, and asks for no
 * data; the public pages never fetch the shell (decision 005).
 */
function prepareFirstScreen(path: string) {
  const { page, isSignedInPage, data } = pageAt(path);
  const session = queryClient.prefetchQuery(userQueryOptions);
  void preloadAhead(page, ...(isSignedInPage ? [AppShell] : []));
  if (data.length === 0) return;
  void session.then(() => {
    if (!queryClient.getQueryData(userQueryOptions.queryKey)) return;
    for (const queryKey of data) void queryClient.prefetchQuery({ queryKey });
  });
}

prepareFirstScreen(window.location.pathname);

export function SignedInApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout>
        <AppRouter />
      </AppLayout>
    </QueryClientProvider>
  );
}
