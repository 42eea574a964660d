/**
 * `GET /api/user/export/records.csv` and `…/energy.csv` (decision 055): one kind of the
 * account's rows as a CSV spreadsheet, saved as `garage-ledger-<kind>-YYYY-MM-DD.csv`.
 */
import {
  SPREADSHEET_TEXTS,
  SPREADSHEETS,
  type SpreadsheetKind,
  spreadsheetFileName,
} from '@contract/backup';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { saveFile } from '@web/lib/download-file';
import { currentToday } from '@web/lib/today';

export async function downloadSpreadsheet(kind: SpreadsheetKind): Promise<void> {
  const response = await apiRequest('GET', SPREADSHEETS[kind].path);
  saveFile(await response.blob(), spreadsheetFileName(kind, currentToday()));
}

export function useDownloadSpreadsheet() {
  return useMutation({
    mutationFn: downloadSpreadsheet,
    onError: () => {
      toast({
        variant: 'destructive',
        title: SPREADSHEET_TEXTS.failed,
        description: SPREADSHEET_TEXTS.failedDescription,
      });
    },
  });
}
