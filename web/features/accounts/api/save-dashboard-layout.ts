/**
 * `PUT /api/user/dashboard-layout` (D38): the dashboard's sections as the user arranged them.
 * The change shows at once (the cached user is updated before the call) and is undone, with a
 * toast, when the server refuses it; the server's answer then replaces the cached user.
 */
import type { User } from '@contract/accounts';
import { DASHBOARD_TEXTS, type DashboardLayout } from '@contract/dashboard';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { USER_QUERY_KEY } from './get-user';

export async function saveDashboardLayout(sections: DashboardLayout): Promise<User | null> {
  const response = await apiRequest('PUT', '/api/user/dashboard-layout', { sections });
  return readJson<User>(response);
}

export function useSaveDashboardLayout() {
  return useMutation({
    mutationFn: saveDashboardLayout,
    onMutate: async (sections) => {
      await queryClient.cancelQueries({ queryKey: USER_QUERY_KEY });
      const previous = queryClient.getQueryData<User | null>(USER_QUERY_KEY) ?? null;
      if (previous) {
        queryClient.setQueryData(USER_QUERY_KEY, { ...previous, dashboardLayout: sections });
      }
      return { previous };
    },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(USER_QUERY_KEY, user);
    },
    onError: (error, _sections, context) => {
      if (context?.previous) queryClient.setQueryData(USER_QUERY_KEY, context.previous);
      toast({
        variant: 'destructive',
        title: DASHBOARD_TEXTS.layoutSaveFailed,
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
