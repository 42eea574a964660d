/**
 * `PATCH /api/vehicles/{vehicleId}/{collection}/{id}` with `{isCompleted}` (001 §4, §7): the
 * record dialog's completion toggle. On success the record data is refreshed and 'Record
 * updated' shows; a failure toasts 'Failed to update record'.
 */
import { type RecordType, toggledCompletion } from '@contract/records';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';
import { RECORD_CHANGE_TOASTS } from '../lib/record-texts';
import { RECORD_PATHS } from './record-paths';

export type CompletionToggle = {
  type: RecordType;
  id: number;
  vehicleId: number;
  /** The record's status as shown ('Completed' or 'Pending'). */
  status: string;
};

export async function toggleRecordCompletion({ status, ...record }: CompletionToggle) {
  await apiRequest('PATCH', RECORD_PATHS.completion(record), {
    isCompleted: toggledCompletion(status),
  });
}

export function useToggleRecordCompletion({ onToggled }: { onToggled?: () => void } = {}) {
  return useMutation({
    mutationFn: toggleRecordCompletion,
    onSuccess: async () => {
      toast({ title: RECORD_CHANGE_TOASTS.recordUpdated });
      onToggled?.();
      await refreshRecordData();
    },
    onError: (error) => {
      // A record gone meanwhile (404): the lists are stale, and reading them again shows it.
      if (error instanceof ApiError && error.status === 404) void refreshRecordData();
      toast({
        variant: 'destructive',
        title: RECORD_CHANGE_TOASTS.recordUpdateFailed,
        description: errorMessage(error, RECORD_CHANGE_TOASTS.recordUpdateFailed),
      });
    },
  });
}
