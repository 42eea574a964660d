/**
 * A popup whose code (Radix Menu or Select with Floating UI: 30–40 KB gzipped) is downloaded when
 * it is first opened rather than with the page (decisions 010, 017). Until then a button of the
 * same name and look stands in for the popup's trigger, and opens it the way Radix's own trigger
 * would:
 * - a menu: on a primary pointer press, and on Enter, Space or Arrow Down;
 * - a listbox (a select): on a primary mouse press, on the click that ends a touch or a pen's
 *   press (so that a finger scrolling the page opens nothing), and on Enter, Space, Arrow Up or
 *   Arrow Down.
 * Pointing at it, focusing it or pressing on it fetches the code ahead. Once opened, the caller
 * renders the real popup, controlled by `isOpen`, with the stand-in as its Suspense fallback;
 * Radix then returns focus to its own trigger when the popup closes.
 */
import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { useRef, useState } from 'react';
import { preloadAhead } from './lazy-component';

export type PopupKind = 'menu' | 'listbox';

const OPENING_KEYS: Record<PopupKind, readonly string[]> = {
  menu: ['Enter', ' ', 'ArrowDown'],
  listbox: ['Enter', ' ', 'ArrowUp', 'ArrowDown'],
};

export function usePopupOnDemand(popup: { preload: () => Promise<void> }, kind: PopupKind) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const pointerType = useRef('mouse');
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
    onPointerDown: (event: PointerEvent) => {
      pointerType.current = event.pointerType;
      fetchAhead();
      if (event.button !== 0 || event.ctrlKey) return;
      if (kind === 'menu') open();
      else if (event.pointerType === 'mouse') {
        // As Radix's select trigger: the press opens the list and keeps focus off the button.
        event.preventDefault();
        open();
      }
    },
    onClick: (_event: MouseEvent) => {
      if (kind === 'listbox' && pointerType.current !== 'mouse') open();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (OPENING_KEYS[kind].includes(event.key)) {
        event.preventDefault();
        open();
      }
    },
  };
  return { hasOpened, isOpen, setIsOpen, standInProps };
}
