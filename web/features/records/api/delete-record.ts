/**
 * `DELETE /api/{collection}/{id}` (001 §7, §8): 'Success' / '{Type} record deleted
 * successfully.' and a refresh; a failure shows 'Error' with the server's message, or 'Failed to
 * delete the {type} record.'.
 */
import { RECORD_KINDS, RECORD_TOASTS, type RecordType } from '@contract/records';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';
import { RECORD_CHANGE_TOASTS } from '../lib/record-texts';
import { RECORD_PATHS } from './record-paths';

export type RecordDeletion = { type: RecordType; id: number };

export async function deleteRecord(record: RecordDeletion) {
  await apiRequest('DELETE', RECORD_PATHS.remove(record));
}

export function useDeleteRecord({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation({
    mutationFn: deleteRecord,
    onSuccess: async (_, { type }) => {
      toast({
        title: RECORD_CHANGE_TOASTS.deletedTitle,
        description: RECORD_TOASTS.deleted(RECORD_KINDS[type]),
      });
      onDeleted?.();
      await refreshRecordData();
    },
    onError: (error, { type }) => {
      const kind = RECORD_KINDS[type];
      toast({
        variant: 'destructive',
        title: RECORD_CHANGE_TOASTS.errorTitle,
        description:
          error instanceof ApiError
            ? error.serverMessage || RECORD_CHANGE_TOASTS.deleteFailed(kind)
            : RECORD_CHANGE_TOASTS.deleteUnexpected(kind),
      });
    },
  });
}
