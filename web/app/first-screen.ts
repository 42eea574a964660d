/**
 * What the first screen needs, asked for all at once as the app's chunk arrives: the session, the
 * page's code and, for a signed-in page, the shell's, and the page's first reads. Otherwise each
 * waits for the one before (session, then shell, then page, then the page's data), and on a slow
 * phone each step is a round trip. The reads start at once when the page's HTML says the server
 * found a session (its session hint, session-hint.ts, decision 024), else once the session is
 * known to be there; a signed-out visitor asks for no data, and the public pages never fetch the
 * shell (decision 005).
 *
 * Nothing starts on import: the entry calls `startFirstScreen` (through app.tsx), once.
 *
 * The first render waits for the code (main.tsx): a lazy component rendered before its code is
 * here shows its fallback, and React then holds the page back for up to 300 ms after the code
 * arrives (decision 012). For a signed-in user it also waits for the session and the user's
 * units (decision 058): a signed-in page shows only a spinner without them, which would replace
 * the HTML's first paint (the page's heading, server/plugins/first-paint.ts) for a moment. It
 * does not wait for the page's data: its skeletons are drawn meanwhile, which splits the work of
 * the first screen into smaller tasks.
 */
import { userQueryOptions } from '@web/features/accounts/api/get-user';
import { preloadAhead } from '@web/lib/lazy-component';
import { preferencesQueryOptions } from '@web/lib/preferences';
import { queryClient } from '@web/lib/query-client';
import { AppShell } from './layout';
import { pageAt } from './router';
import { htmlSaysSignedIn } from './session-hint';

/** Starts the first screen's downloads; settles once the code it starts with is here. */
export function startFirstScreen(path: string): Promise<void> {
  const { page, isSignedInPage, data } = pageAt(path);
  const session = queryClient.prefetchQuery(userQueryOptions);
  const readAll = () => {
    for (const queryKey of data) void queryClient.prefetchQuery({ queryKey });
  };
  const code = preloadAhead(page, ...(isSignedInPage ? [AppShell] : []));
  if (htmlSaysSignedIn()) {
    readAll();
    if (isSignedInPage) {
      // prefetchQuery settles on failure too: a failed read is the page's to show.
      const units = queryClient.prefetchQuery(preferencesQueryOptions);
      return Promise.all([code, session, units]).then(() => undefined);
    }
  } else {
    void session.then(() => {
      if (queryClient.getQueryData(userQueryOptions.queryKey)) readAll();
    });
  }
  return code;
}
