/**
 * `PATCH /api/user/preferences` (decision 050): units and currency, and the time zone (decision
 * 066). The answer replaces the
 * cached preferences, so every figure on screen follows at once; the figures the server computes
 * in the user's units are read again.
 */
import { type Preferences, UNIT_MESSAGES } from '@contract/units';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import {
  PREFERENCES_PATH,
  PREFERENCES_QUERY_KEY,
  refreshFiguresInUserUnits,
} from '@web/lib/preferences';
import { queryClient } from '@web/lib/query-client';

export type PreferencesChange = Partial<Omit<Preferences, 'theme'>>;

export async function savePreferences(change: PreferencesChange): Promise<Preferences | null> {
  const response = await apiRequest('PATCH', PREFERENCES_PATH, change);
  return readJson<Preferences>(response);
}

export const PREFERENCES_TOASTS = {
  saveFailed: 'Preferences not saved',
} as const;

export function useSavePreferences({ onSaved }: { onSaved?: (saved: Preferences) => void } = {}) {
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: async (saved) => {
      const before = queryClient.getQueryData<Preferences>(PREFERENCES_QUERY_KEY);
      if (saved) {
        queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved);
        onSaved?.(saved);
      } else {
        await queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY });
      }
      toast({ title: UNIT_MESSAGES.preferencesSaved });
      // Decision 066: another zone is another today for every answer the server judged.
      if (saved && before && saved.timeZone !== before.timeZone) {
        await queryClient.invalidateQueries();
      } else {
        await refreshFiguresInUserUnits(queryClient);
      }
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: PREFERENCES_TOASTS.saveFailed,
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
