/**
 * `GET /api/user/export` (000 §7, D21): the user's whole garage as one JSON document, saved by
 * the browser as `garage-ledger-export-YYYY-MM-DD.json` (local date), indented by 2 spaces.
 */
import { ACCOUNT_TOASTS } from '@contract/accounts';
import { EXPORT_FILE_PREFIX } from '@contract/product';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { toCalendarDate } from '@web/lib/format';

export function exportFileName(date = new Date()): string {
  return `${EXPORT_FILE_PREFIX}-${toCalendarDate(date)}.json`;
}

export async function fetchExport(): Promise<unknown> {
  const response = await apiRequest('GET', '/api/user/export');
  return response.json();
}

/** Hands a JSON document to the browser as a file download. */
function downloadJson(data: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function exportData(): Promise<void> {
  const data = await fetchExport();
  downloadJson(data, exportFileName());
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
