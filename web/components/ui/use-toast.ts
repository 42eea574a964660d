/**
 * The toast store (000 §4/§9): a module-level reducer rather than a React context so any code,
 * including mutation callbacks outside components, can raise a toast with a plain `toast()` call.
 * Only one toast is visible at a time; a new one replaces the previous instead of stacking.
 */

import type { ToastActionElement, ToastProps } from '@web/components/ui/toast';
import type * as React from 'react';
import { useSyncExternalStore } from 'react';

/** One visible toast at a time (000 §9): a new toast replaces the one on screen. */
export const TOAST_LIMIT = 1;
/**
 * How long a dismissed toast stays in the store before it is removed. Deliberately huge: Radix
 * stops rendering a closed toast by itself, so removal is only housekeeping, and keeping the
 * entry meanwhile lets the closed state play out instead of the node vanishing mid-transition.
 */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays on screen before it closes itself (000 §9). */
export const TOAST_DURATION_MS = 5000;
/** How far a toast must be swiped to the right before it is dismissed (000 §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type State = { toasts: ToasterToast[] };

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

let count = 0;

function genId() {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

function cancelRemoval(toastId: string) {
  const timeout = removeTimeouts.get(toastId);
  if (timeout !== undefined) {
    clearTimeout(timeout);
    removeTimeouts.delete(toastId);
  }
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST': {
      const toasts = [action.toast, ...state.toasts].slice(0, TOAST_LIMIT);
      // Toasts pushed out by the limit are gone for good; their removal timers are moot.
      for (const dropped of state.toasts) {
        if (!toasts.includes(dropped)) cancelRemoval(dropped.id);
      }
      return { ...state, toasts };
    }
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      // A side effect in a reducer, kept here on purpose (as in the well-known pattern) so a
      // dismissal and its eventual removal can never get out of step.
      if (toastId === undefined) {
        for (const t of state.toasts) scheduleRemoval(t.id);
      } else {
        scheduleRemoval(toastId);
      }
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return memoryState;
}

export type ToastInput = Omit<ToasterToast, 'id'>;

/** Shows a toast, replacing any toast on screen; returns handles to close or change it. */
export function toast(props: ToastInput) {
  const id = genId();

  const update = (next: Partial<ToastInput>) =>
    dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });

  // The Toaster turns Radix's close (timeout, swipe, close button, Escape) into a dismissal.
  dispatch({ type: 'ADD_TOAST', toast: { ...props, id, open: true } });

  return { id, dismiss, update };
}

/** Dismisses one toast by id, or every toast when no id is given. */
function dismissToast(toastId?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export function useToast() {
  // useSyncExternalStore rather than useState + effect: no update can slip in between render
  // and subscription, and every subscriber sees the same snapshot.
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
