/**
 * `DELETE /api/schedules/{id}` (decision 054): the schedule goes; the maintenance records that
 * completed it stay. Toasts the server's answer, or its reason for refusing.
 */
import { SCHEDULE_MESSAGES } from '@contract/schedules';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { refreshSchedules } from './schedule-reads';

export function useDeleteSchedule({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useMutation({
    mutationFn: ({ id }: { id: number }) => apiRequest('DELETE', `/api/schedules/${id}`),
    onSuccess: async () => {
      toast({ title: SCHEDULE_MESSAGES.deleted });
      onDeleted?.();
      await refreshSchedules();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Not deleted',
        description: errorMessage(error, 'The schedule could not be deleted.'),
      });
    },
  });
}
