/**
 * `DELETE /api/imports/{id}`: the undo of an applied import or restore (exactly the rows it
 * added go), or a preview discarded. Answers what was removed; the garage's reads are refreshed.
 */
import type { ImportResult } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '@web/lib/api-client';
import { refreshImportedData } from './import-reads';

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
    onSuccess: async (result) => {
      onDeleted?.(result);
      await refreshImportedData();
    },
  });
}
