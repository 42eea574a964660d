/**
 * What every modal root (Dialog, AlertDialog, Sheet) shares: it is always controlled (an
 * uncontrolled use keeps its state here), Back closes it (modal-history), and a close asked by
 * its X, Escape, a click outside or Back goes through its guard first: nothing closes while a
 * save runs (FormDialogContent says so) and a form with unsaved input asks before it is thrown
 * away (useDiscardQuestion). A close the owner makes itself (after a save) is never asked about.
 */
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useBackCloses } from './modal-history';

/** Answers true when it is asking first: `close` then runs only once the user agrees. */
export type AskBeforeClose = (close: () => void) => boolean;

export type ModalGuard = {
  setBusy: (isBusy: boolean) => void;
  setAskBeforeClose: (ask: AskBeforeClose | null) => void;
};

export const ModalGuardContext = createContext<ModalGuard | null>(null);

export type ModalRootProps = {
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
};

export function useModalRoot({ open, defaultOpen, onOpenChange }: ModalRootProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? ownOpen;
  const isBusy = useRef(false);
  const askBeforeClose = useRef<AskBeforeClose | null>(null);

  const change = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  /** Answers whether the modal is closing now. */
  const requestClose = (): boolean => {
    if (isBusy.current) return false;
    const close = () => change(false);
    if (askBeforeClose.current?.(close)) return false;
    close();
    return true;
  };
  useBackCloses(isOpen, requestClose);

  const setBusy = useCallback((busy: boolean) => {
    isBusy.current = busy;
  }, []);
  const setAskBeforeClose = useCallback((ask: AskBeforeClose | null) => {
    askBeforeClose.current = ask;
  }, []);
  const guard = useMemo<ModalGuard>(
    () => ({ setBusy, setAskBeforeClose }),
    [setBusy, setAskBeforeClose],
  );

  return {
    open: isOpen,
    onOpenChange: (next: boolean) => {
      if (next) change(true);
      else requestClose();
    },
    guard,
  };
}

/**
 * A Radix root (Dialog, AlertDialog, Dialog as a sheet) made a modal root of the app: controlled
 * through useModalRoot, its guard handed to what it holds.
 */
export function withModalRoot<P extends ModalRootProps & { children?: ReactNode }>(
  Root: ComponentType<P>,
  slot: string,
) {
  return function ModalRoot({ open, defaultOpen, onOpenChange, children, ...props }: P) {
    const root = useModalRoot({ open, defaultOpen, onOpenChange });
    const rootProps = { ...props, open: root.open, onOpenChange: root.onOpenChange } as P;
    return (
      <Root data-slot={slot} {...rootProps}>
        <ModalGuardContext value={root.guard}>{children}</ModalGuardContext>
      </Root>
    );
  };
}
