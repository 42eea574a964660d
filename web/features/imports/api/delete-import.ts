/**
 * `DELETE /api/imports/{id}`: the undo of an applied import or restore (exactly the rows it
 * added go), or a preview discarded. Answers what was removed; the garage's reads are refreshed.
 */
import type { ImportPreview, ImportResult } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { importQueryKey, refreshImportedData } from './import-reads';

export async function deleteImport(id: number) {
  const response = await apiRequest('DELETE', `/api/imports/${id}`);
  return (await readJson<ImportResult>(response))!;
}

export function useDeleteImport({
  onDeleted,
}: {
  onDeleted?: (result: ImportResult) => void;
} = {}) {
  return useMutation({
    mutationFn: deleteImport,
    onSuccess: async (result, id) => {
      // Undone it is, whatever it was: a discarded preview cannot be read again.
      queryClient.setQueryData<ImportPreview>(importQueryKey(id), (shown) =>
        shown ? { ...shown, status: 'undone' } : shown,
      );
      onDeleted?.(result);
      await refreshImportedData();
    },
  });
}
