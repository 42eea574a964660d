/**
 * The phone's Back button closes the open dialog or sheet instead of leaving the page (decision
 * 038). Each open modal holds one history entry of its own, pushed with the page's URL (so the
 * router sees no change) and a marker in its state; Back pops the top modal's entry and asks it
 * to close; a modal closed by its own buttons takes its entry back off (`history.back()`), so
 * a later Back leaves the page as it did before.
 *
 * History moves are asynchronous: while a `history.back()` of ours is on its way, further
 * entries wait for it (a dialog that closes as another opens, e.g. a record's details handing
 * over to its edit form), else the late Back would pop the new entry instead.
 */
import { useEffect, useId, useRef, useState } from 'react';

const MARKER = 'modalEntry';

type OpenModal = {
  id: string;
  isOpen: boolean;
  hasEntry: boolean;
  /** Back asked the modal to close; answers false when it stays open (a save, a question). */
  onBack: () => boolean;
};

/** The modals holding an entry, in the entries' order: the last one is the current entry. */
const entries: OpenModal[] = [];
const waitingPushes: OpenModal[] = [];
let pendingBacks = 0;
let isSettling = false;
/** A settle asked for while our own move was on its way: it runs once the move has landed. */
let settlesAfterMove = false;
let isListening = false;
/** What waits for the history to hold still (afterModalHistory). */
const afterMoves: (() => void)[] = [];

function currentMarker(): unknown {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as Record<string, unknown>)[MARKER] : null;
}

function pushEntry(modal: OpenModal) {
  // Entries of modals that closed in this same moment go first, else they would stay stranded
  // under the new one (a record's details handing over to its edit form).
  if (isSettling) settle();
  if (pendingBacks > 0) {
    if (!waitingPushes.includes(modal)) waitingPushes.push(modal);
    return;
  }
  const state: unknown = window.history.state;
  const base = state && typeof state === 'object' ? state : {};
  window.history.pushState({ ...base, [MARKER]: modal.id }, '');
  modal.hasEntry = true;
  entries.push(modal);
}

/**
 * After modals closed by their own buttons (several at once: a question and the form it
 * discarded), their entries on top of the history go in one move. Entries under an entry the
 * app pushed since (a navigation) are left to it.
 */
function settle() {
  isSettling = false;
  if (pendingBacks > 0) {
    settlesAfterMove = true;
    return;
  }
  if (entries.length === 0) return;
  if (currentMarker() !== entries.at(-1)?.id) {
    for (const modal of entries.splice(0)) modal.hasEntry = false;
    return;
  }
  let closed = 0;
  while (closed < entries.length && !entries[entries.length - 1 - closed]!.isOpen) closed += 1;
  if (closed === 0) return;
  for (const modal of entries.splice(entries.length - closed)) modal.hasEntry = false;
  pendingBacks += 1;
  window.history.go(-closed);
}

function onPopState() {
  if (pendingBacks > 0) {
    // Our own move has landed: the entries that waited for it go on now.
    pendingBacks -= 1;
    if (pendingBacks === 0 && settlesAfterMove) {
      settlesAfterMove = false;
      settle();
    }
    if (pendingBacks === 0) {
      for (const modal of waitingPushes.splice(0)) if (modal.isOpen) pushEntry(modal);
    }
    if (pendingBacks === 0) for (const run of afterMoves.splice(0)) run();
    return;
  }
  // Back (or a jump further back) left these modals' entries: each is asked to close, top first.
  const marker = currentMarker();
  const kept = entries.findIndex((modal) => modal.id === marker) + 1;
  const left = entries.splice(kept).reverse();
  for (const modal of left) {
    modal.hasEntry = false;
    // A modal that stays open gets its entry again at once, before any question it opens pushes
    // its own, so the entries keep the modals' order.
    if (modal.isOpen && !modal.onBack()) pushEntry(modal);
  }
}

/**
 * Runs `run` once the entries of modals just closed are off the history: a navigation of its own
 * made sooner (a drawer's link to a section) would be undone by their late Back.
 */
export function afterModalHistory(run: () => void) {
  if (isSettling) settle();
  if (pendingBacks > 0) afterMoves.push(run);
  else run();
}

/**
 * Gives the modal a history entry while `isOpen`; Back calls `requestClose`, which answers
 * whether the modal is closing.
 */
export function useBackCloses(isOpen: boolean, requestClose: () => boolean) {
  const id = useId();
  const requestCloseRef = useRef(requestClose);
  const modalRef = useRef<OpenModal | null>(null);
  const [, setBackCount] = useState(0);

  useEffect(() => {
    requestCloseRef.current = requestClose;
  });

  useEffect(() => {
    if (!isOpen) return;
    if (!isListening) {
      window.addEventListener('popstate', onPopState);
      isListening = true;
    }
    const modal: OpenModal = {
      id,
      isOpen: true,
      hasEntry: false,
      onBack: () => {
        setBackCount((count) => count + 1);
        return requestCloseRef.current();
      },
    };
    modalRef.current = modal;
    pushEntry(modal);
    return () => {
      modalRef.current = null;
      modal.isOpen = false;
      const waiting = waitingPushes.indexOf(modal);
      if (waiting >= 0) waitingPushes.splice(waiting, 1);
      // Closed by its own buttons (or gone with its page): its entry is taken back once every
      // modal closing in the same moment has said so.
      if (modal.hasEntry && !isSettling) {
        isSettling = true;
        queueMicrotask(settle);
      }
    };
  }, [isOpen, id]);

  // The owner refused a close that Back asked for (without saying so): the entry comes back.
  useEffect(() => {
    const modal = modalRef.current;
    if (isOpen && modal && !modal.hasEntry) pushEntry(modal);
  });
}
