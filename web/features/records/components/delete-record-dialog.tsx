/**
 * The record delete confirmation (001 §2, §8): 'Confirm Deletion', 'Are you sure you want to
 * delete this {type} record?', 'This action cannot be undone.'; deleting toasts 'Success' /
 * '{Type} record deleted successfully.'.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { useDeleteRecord } from '../api/delete-record';
import { RECORD_DIALOG_TEXTS } from '../lib/record-texts';

export type DeleteRecordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: { type: RecordType; id: number };
  onDeleted?: () => void;
};

export function DeleteRecordDialog({
  open,
  onOpenChange,
  record,
  onDeleted,
}: DeleteRecordDialogProps) {
  const kind = RECORD_KINDS[record.type];
  const deletion = useDeleteRecord({
    onDeleted: () => {
      onOpenChange(false);
      onDeleted?.();
    },
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => (deletion.isPending ? undefined : onOpenChange(next))}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{RECORD_DIALOG_TEXTS.confirmDeletionTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {RECORD_DIALOG_TEXTS.confirmDeletion(kind)} {RECORD_DIALOG_TEXTS.cannotBeUndone}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletion.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={deletion.isPending}
            onClick={() => deletion.mutate({ type: record.type, id: record.id })}
          >
            {deletion.isPending ? 'Deleting...' : RECORD_DIALOG_TEXTS.delete}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
