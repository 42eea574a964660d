/**
 * `POST /api/imports/{id}/apply`: everything the preview shows added in one go; answers what was
 * added. The garage's reads are refreshed, the import's own (now applied) among them. The
 * caller handles a refusal: 409 names the choice still to make, 402 the plan's limit, 410 a
 * preview past its hours.
 */
import { IMPORT_MESSAGES, type ImportResult } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { importQueryKey, refreshImportedData } from './import-reads';

export async function applyImport(id: number) {
  const response = await apiRequest('POST', `/api/imports/${id}/apply`);
  return (await readJson<ImportResult>(response))!;
}

export function useApplyImport() {
  return useMutation({
    mutationFn: applyImport,
    onSuccess: async (_, id) => {
      toast({ title: IMPORT_MESSAGES.applied });
      await Promise.all([
        refreshImportedData(),
        // Read again, it answers what was added.
        queryClient.invalidateQueries({ queryKey: importQueryKey(id) }),
      ]);
    },
  });
}
