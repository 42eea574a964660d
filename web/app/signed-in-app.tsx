/**
 * Every page but the landing page (decision 010): the query cache, the session read through it,
 * the signed-in shell around the app's pages and the router. Loaded as its own chunk, so the
 * landing page's first download carries none of it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { AppLayout } from './layout';
import { AppRouter } from './router';

/** Called by the entry, through app.tsx, once this chunk is here: importing it starts nothing. */
export { startFirstScreen } from './first-screen';

export function SignedInApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout>
        <AppRouter />
      </AppLayout>
    </QueryClientProvider>
  );
}
