/**
 * What the first screen needs, asked for all at once as the app's chunk arrives: the session, the
 * page's code and, for a signed-in page, the shell's, and the page's first reads. Otherwise each
 * waits for the one before (session, then shell, then page, then the page's data), and on a slow
 * phone each step is a round trip. The reads start at once when the page's HTML says the server
 * found a session (it then preloads `/api/user`, decision 015), else once the session is known to
 * be there; a signed-out visitor asks for no data, and the public pages never fetch the shell
 * (decision 005).
 *
 * The first render waits for all of it (main.tsx), the reads for at most FIRST_READS_WAIT_MS once
 * the session is known: the page then draws once, with its data, instead of a spinner, then its
 * skeletons, then itself, which on a phone are full renders before the largest paint. A slower
 * read still gets its skeleton. Later screens are not held: their data is asked for when they
 * open.
 */
import { FIRST_READS_WAIT_MS } from '@contract/pages';
import { userQueryOptions } from '@web/features/accounts/api/get-user';
import { preloadAhead } from '@web/lib/lazy-component';
import { queryClient } from '@web/lib/query-client';
import { AppShell } from './layout';
import { pageAt } from './router';

/** Whether the server's HTML for this page preloads the session, i.e. it found one. */
function htmlFoundSession() {
  return document.querySelector('link[rel="preload"][href="/api/user"]') !== null;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the first screen's downloads; settles when the first render should happen. */
export function prepareFirstScreen(path: string): Promise<void> {
  const { page, isSignedInPage, data } = pageAt(path);
  const session = queryClient.prefetchQuery(userQueryOptions);
  const code = preloadAhead(page, ...(isSignedInPage ? [AppShell] : []));
  const readAll = () =>
    Promise.all(data.map((queryKey) => queryClient.prefetchQuery({ queryKey })));
  const reads = htmlFoundSession() ? readAll() : null;
  const dataReady = session.then(() => {
    if (!queryClient.getQueryData(userQueryOptions.queryKey)) return;
    return Promise.race([reads ?? readAll(), delay(FIRST_READS_WAIT_MS)]);
  });
  return Promise.all([code, dataReady]).then(() => undefined);
}
