/**
 * The question before an applied import or restore is undone: how many entries go (the server's
 * count of what it added), and that the user's own entries stay. It stays open while the undo
 * runs, and its failure is said inside it.
 */
import { type ImportKind, IMPORT_TEXTS as TEXTS } from '@contract/imports';
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
import { FailureNote } from './failure-note';

export function UndoImportDialog({
  open,
  onOpenChange,
  kind,
  entries,
  isPending,
  failure,
  onUndo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ImportKind;
  entries: number;
  isPending: boolean;
  failure: string | null;
  onUndo: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXTS.undoTitle(kind)}</AlertDialogTitle>
          <AlertDialogDescription>{TEXTS.undoDescription(entries, kind)}</AlertDialogDescription>
        </AlertDialogHeader>
        <FailureNote message={failure} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{TEXTS.cancel}</AlertDialogCancel>
          <Button variant="destructive" disabled={isPending} onClick={onUndo}>
            {isPending ? TEXTS.undoing : TEXTS.undoAction(kind)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
