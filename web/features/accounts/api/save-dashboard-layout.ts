/**
 * `PUT /api/user/dashboard-layout` (D38): the dashboard's sections as the user arranged them.
 * A change shows at once (the cached user is updated before any call). Saves go one at a time
 * and the newest layout wins: while one is on its way, further changes wait and only the latest
 * is sent next, so quick successive moves can neither reach the server out of order nor bring
 * an older answer back onto the screen. When a save fails, the last layout the server accepted
 * comes back, with a toast.
 */
import type { User } from '@contract/accounts';
import { DASHBOARD_TEXTS, type DashboardLayout } from '@contract/dashboard';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { useCallback, useRef } from 'react';
import { USER_QUERY_KEY } from './get-user';

export async function saveDashboardLayout(sections: DashboardLayout): Promise<User | null> {
  const response = await apiRequest('PUT', '/api/user/dashboard-layout', { sections });
  return readJson<User>(response);
}

const cachedUser = () => queryClient.getQueryData<User | null>(USER_QUERY_KEY) ?? null;

/** A layout the user arranged; `hasArranged` false puts the width's default back (decision 037). */
type Arrangement = { sections: DashboardLayout; hasArranged: boolean };

function showLayout({ sections, hasArranged }: Arrangement) {
  const user = cachedUser();
  if (user) {
    queryClient.setQueryData(USER_QUERY_KEY, {
      ...user,
      dashboardLayout: sections,
      hasArrangedDashboard: hasArranged,
    });
  }
}

function arrangementOf(user: User | null): Arrangement | null {
  return user ? { sections: user.dashboardLayout, hasArranged: user.hasArrangedDashboard } : null;
}

export function useSaveDashboardLayout(): (sections: DashboardLayout) => void {
  const waiting = useRef<DashboardLayout | null>(null);
  const isSaving = useRef(false);
  /** The last layout the server holds: what a failed save falls back to. */
  const accepted = useRef<Arrangement | null>(null);

  const drain = useCallback(async () => {
    isSaving.current = true;
    while (waiting.current) {
      const sections = waiting.current;
      waiting.current = null;
      try {
        const user = await saveDashboardLayout(sections);
        accepted.current = arrangementOf(user) ?? { sections, hasArranged: true };
        // A newer change is already on screen; only the last answer may replace the user.
        if (!waiting.current && user) queryClient.setQueryData(USER_QUERY_KEY, user);
      } catch (error) {
        if (waiting.current) continue;
        if (accepted.current) showLayout(accepted.current);
        toast({
          variant: 'destructive',
          title: DASHBOARD_TEXTS.layoutSaveFailed,
          description: errorMessage(error, 'Please try again.'),
        });
      }
    }
    isSaving.current = false;
  }, []);

  return useCallback(
    (sections: DashboardLayout) => {
      if (!isSaving.current) accepted.current = arrangementOf(cachedUser());
      showLayout({ sections, hasArranged: true });
      waiting.current = sections;
      if (!isSaving.current) void drain();
    },
    [drain],
  );
}
