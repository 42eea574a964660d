/**
 * `GET /api/user/export` (000 §7, D21): the user's whole garage as one JSON document, saved by
 * the browser as `garage-ledger-export-YYYY-MM-DD.json` (the user's day, decision 066), indented by 2 spaces.
 */
import { ACCOUNT_TOASTS } from '@contract/accounts';
import { EXPORT_FILE_PREFIX } from '@contract/product';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { saveFile } from '@web/lib/download-file';
import { toCalendarDate } from '@web/lib/format';
import { currentTimeZone, userNow } from '@web/lib/today';

export function exportFileName(date = userNow(currentTimeZone())): string {
  return `${EXPORT_FILE_PREFIX}-${toCalendarDate(date)}.json`;
}

export async function fetchExport(): Promise<unknown> {
  const response = await apiRequest('GET', '/api/user/export');
  return response.json();
}

export async function exportData(): Promise<void> {
  const data = await fetchExport();
  const json = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(json, exportFileName());
}

export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onSuccess: () => {
      toast({
        title: ACCOUNT_TOASTS.dataExported,
        description: ACCOUNT_TOASTS.dataExportedDescription,
      });
    },
    onError: () => {
      toast({
        variant: 'destructive',
        title: ACCOUNT_TOASTS.exportFailed,
        description: ACCOUNT_TOASTS.exportFailedDescription,
      });
    },
  });
}
