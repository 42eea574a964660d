/**
 * A popup whose code (Radix Menu or Select with Floating UI: 30–40 KB gzipped) is downloaded when
 * it is first opened rather than with the page (decisions 010, 017). Until then a button of the
 * same name and look stands in for the popup's trigger. It opens the popup when a press on it
 * ends (a click, whatever the pointer) and on the keys Radix's own trigger opens on: Enter,
 * Space and Arrow Down for a menu, and Arrow Up too for a listbox (a select). Radix opens on the
 * press itself, but the stand-in is replaced by Radix's trigger as the popup opens, and a press
 * that began on one button would end on another. Pointing at it, focusing it or pressing on it
 * fetches the code ahead. Once opened, the caller renders the real popup, controlled by
 * `isOpen`, with the stand-in as its Suspense fallback; from then on Radix's trigger opens it,
 * and Radix returns focus to that trigger when the popup closes.
 */
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { preloadAhead } from './lazy-component';

export type PopupKind = 'menu' | 'listbox';

const OPENING_KEYS: Record<PopupKind, readonly string[]> = {
  menu: ['Enter', ' ', 'ArrowDown'],
  listbox: ['Enter', ' ', 'ArrowUp', 'ArrowDown'],
};

export function usePopupOnDemand(popup: { preload: () => Promise<void> }, kind: PopupKind) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const fetchAhead = () => void preloadAhead(popup);
  const standInProps = {
    'aria-expanded': false,
    ...(kind === 'menu'
      ? { 'aria-haspopup': 'menu' as const }
      : { role: 'combobox' as const, 'aria-autocomplete': 'none' as const }),
    onPointerEnter: fetchAhead,
    onFocus: fetchAhead,
    onPointerDown: fetchAhead,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (OPENING_KEYS[kind].includes(event.key)) {
        event.preventDefault();
        open();
      }
    },
  };
  return { hasOpened, isOpen, setIsOpen, standInProps };
}
