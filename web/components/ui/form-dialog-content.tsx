/**
 * The panel of a dialog that saves: its title and description, and, while a save runs, no way
 * to close it (no corner X, no Escape, no click outside), so a request in flight never loses
 * the dialog that shows its progress and its error. Back is refused then too (the dialog's guard
 * hears of the save, decision 038).
 */
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { ModalGuardContext } from '@web/components/ui/modal-root';
import { type ReactNode, useContext, useEffect } from 'react';

export type FormDialogContentProps = {
  title: ReactNode;
  description: ReactNode;
  isBusy: boolean;
  className?: string;
  children: ReactNode;
};

export function FormDialogContent({
  title,
  description,
  isBusy,
  className = 'max-w-2xl',
  children,
}: FormDialogContentProps) {
  const guard = useContext(ModalGuardContext);
  useEffect(() => {
    guard?.setBusy(isBusy);
  }, [guard, isBusy]);
  const keepOpenWhileBusy = (event: Event) => {
    if (isBusy) event.preventDefault();
  };
  return (
    <DialogContent
      className={className}
      showCloseButton={!isBusy}
      onEscapeKeyDown={keepOpenWhileBusy}
      onInteractOutside={keepOpenWhileBusy}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
    </DialogContent>
  );
}
