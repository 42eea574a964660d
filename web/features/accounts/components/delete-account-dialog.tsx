/**
 * The confirmation before deleting an account (000 §2, §4): 'Are you absolutely sure?', a box to
 * tick, and a confirm button that stays disabled until it is ticked. Cancel closes the dialog and
 * clears the box; the confirm button reads 'Deleting...' while the call runs.
 */
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useDeleteAccount } from '../api/delete-account';

export function DeleteAccountDialog({
  isExternallyManaged,
  onDeleted,
}: {
  isExternallyManaged: boolean;
  onDeleted: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isUnderstood, setIsUnderstood] = useState(false);
  const deletion = useDeleteAccount({ onDeleted });

  const setOpen = (open: boolean) => {
    if (deletion.isPending) return;
    setIsOpen(open);
    if (!open) setIsUnderstood(false);
  };

  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <div className="mx-auto mb-2 flex size-11 items-center justify-center rounded-full bg-danger-soft text-destructive sm:mx-0">
            <TriangleAlert className="size-5" aria-hidden="true" />
          </div>
          <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
          <AlertDialogDescription>
            {isExternallyManaged
              ? 'This permanently deletes your Garage Ledger account with all its vehicles, records and documents. Your sign-in provider account stays active.'
              : 'This permanently deletes your account with all its vehicles, records and documents. This action cannot be undone.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/50 p-4">
          <Checkbox
            id="confirm-account-deletion"
            checked={isUnderstood}
            disabled={deletion.isPending}
            onCheckedChange={(checked) => setIsUnderstood(checked === true)}
          />
          <Label htmlFor="confirm-account-deletion" className="cursor-pointer leading-snug">
            I understand this action is permanent
          </Label>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletion.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={!isUnderstood || deletion.isPending}
            onClick={() =>
              deletion.mutate(undefined, {
                onSettled: () => {
                  setIsOpen(false);
                  setIsUnderstood(false);
                },
              })
            }
          >
            {deletion.isPending ? 'Deleting...' : 'Delete Account'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
