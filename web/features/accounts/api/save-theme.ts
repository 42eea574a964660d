/**
 * `PATCH /api/user/theme` (decision 035): light, dark or the system's, kept with the user. The
 * choice shows at once (the page and the cached user change before the call); only the newest
 * choice's answer is kept, and when it fails the last choice the server accepted comes back,
 * with a toast.
 */
import type { User } from '@contract/accounts';
import { APPEARANCE_TEXTS, type Theme } from '@contract/appearance';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { applyTheme } from '@web/lib/theme';
import { useCallback, useRef } from 'react';
import { USER_QUERY_KEY } from './get-user';

export async function saveTheme(theme: Theme): Promise<User | null> {
  const response = await apiRequest('PATCH', '/api/user/theme', { theme });
  return readJson<User>(response);
}

function showTheme(theme: Theme) {
  applyTheme(theme);
  const user = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
  if (user) queryClient.setQueryData(USER_QUERY_KEY, { ...user, theme });
}

export function useSaveTheme(): (theme: Theme) => void {
  const latest = useRef(0);
  return useCallback(async (theme: Theme) => {
    const before = queryClient.getQueryData<User | null>(USER_QUERY_KEY)?.theme;
    const call = ++latest.current;
    // A read of the user still under way would answer the old choice over the new one.
    void queryClient.cancelQueries({ queryKey: USER_QUERY_KEY });
    showTheme(theme);
    try {
      const user = await saveTheme(theme);
      if (call === latest.current && user) queryClient.setQueryData(USER_QUERY_KEY, user);
    } catch (error) {
      if (call !== latest.current) return;
      if (before) showTheme(before);
      toast({
        variant: 'destructive',
        title: APPEARANCE_TEXTS.saveFailed,
        description: errorMessage(error, 'Please try again.'),
      });
    }
  }, []);
}
