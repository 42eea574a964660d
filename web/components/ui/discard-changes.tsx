/**
 * A form with unsaved input asks before it is thrown away (decision 038). In a dialog, its X,
 * Escape, a click outside, Back and the form's Cancel ask 'Discard changes?'; on a page, a link
 * out asks the same, and a reload or a full page leave gets the browser's own question
 * (`beforeunload`). A save's own close or navigation asks nothing: the form says it has nothing
 * unsaved while its save runs.
 */
import { AlertDialogQuestion, type QuestionTexts } from '@web/components/ui/alert-dialog';
import { type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { type AskBeforeClose, ModalGuardContext } from './modal-root';

export const DISCARD_TEXTS: QuestionTexts = {
  title: 'Discard changes?',
  description: 'Your changes have not been saved.',
  cancel: 'Keep editing',
  action: 'Discard',
};

/** The link a click would follow inside the app, or null (new tab, download, another site). */
function appLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return null;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}

export function useDiscardQuestion(hasUnsavedInput: boolean): {
  /** Runs `discard` at once when nothing is unsaved, else once the user agrees. */
  confirmDiscard: (discard: () => void) => void;
  discardQuestion: ReactNode;
} {
  const guard = useContext(ModalGuardContext);
  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const isUnsaved = useRef(hasUnsavedInput);
  useEffect(() => {
    isUnsaved.current = hasUnsavedInput;
  });

  const ask = useCallback<AskBeforeClose>((close) => {
    if (!isUnsaved.current) return false;
    setPendingDiscard(() => close);
    return true;
  }, []);

  // In a dialog: every way of closing it asks first.
  useEffect(() => {
    if (!guard) return;
    guard.setAskBeforeClose(ask);
    return () => guard.setAskBeforeClose(null);
  }, [guard, ask]);

  // On a page: a link out asks first, a reload or a full leave gets the browser's question.
  useEffect(() => {
    if (guard || !hasUnsavedInput) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const href = appLinkOf(event);
      if (href === null) return;
      // Caught before the router's own handler sees the click.
      event.preventDefault();
      event.stopPropagation();
      setPendingDiscard(() => () => navigate(href));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [guard, hasUnsavedInput]);

  const confirmDiscard = useCallback(
    (discard: () => void) => {
      if (!ask(discard)) discard();
    },
    [ask],
  );

  const discardQuestion = (
    <AlertDialogQuestion
      open={pendingDiscard !== null}
      onOpenChange={(open) => {
        if (!open) setPendingDiscard(null);
      }}
      texts={DISCARD_TEXTS}
      onAction={() => {
        const discard = pendingDiscard;
        setPendingDiscard(null);
        discard?.();
      }}
    />
  );

  return { confirmDiscard, discardQuestion };
}
