/**
 * `POST /api/user/restore/{id}/apply`: the backup's preview added in one go; answers what was
 * added. Every read of the garage is refreshed.
 */
import { IMPORT_MESSAGES, type ImportResult } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, readJson } from '@web/lib/api-client';
import { refreshImportedData } from './import-reads';

export async function applyRestore(id: number) {
  const response = await apiRequest('POST', `/api/user/restore/${id}/apply`);
  return (await readJson<ImportResult>(response))!;
}

export function useApplyRestore() {
  return useMutation({
    mutationFn: applyRestore,
    onSuccess: async () => {
      toast({ title: IMPORT_MESSAGES.restored });
      await refreshImportedData();
    },
  });
}
