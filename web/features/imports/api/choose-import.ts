/**
 * `PATCH /api/imports/{id}`: a choice replaces the file's reading (confirming an uncertain one is
 * sending its value) or places one of its vehicles; the answer is the new preview, kept in the
 * cache at once. Choices made in quick succession are sent in turn.
 */
import type { ImportChoices, ImportPreview } from '@contract/imports';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { importQueryKey } from './import-reads';

export async function chooseImport({ id, choices }: { id: number; choices: ImportChoices }) {
  const response = await apiRequest('PATCH', `/api/imports/${id}`, choices);
  return (await readJson<ImportPreview>(response))!;
}

export function useChooseImport() {
  return useMutation({
    mutationFn: chooseImport,
    // One after the other: each answer is the whole preview, so the last choice's must come last.
    scope: { id: 'import-choices' },
    onSuccess: (preview) => queryClient.setQueryData(importQueryKey(preview.id), preview),
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'The preview was not updated',
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
}
