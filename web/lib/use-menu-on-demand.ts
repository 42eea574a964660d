/**
 * A dropdown menu whose code (Radix Menu, Floating UI: about 30 KB) is downloaded when it is
 * first opened rather than with the page (decision 010). Until then a button of the same name
 * and look stands in for the menu's trigger, and opens it the way Radix's trigger would: on a
 * primary pointer press, and on Enter, Space or Arrow Down. Pointing at it fetches the code
 * ahead. Once opened, the caller renders the real menu, controlled by `isOpen`, with the stand-in
 * as its Suspense fallback.
 */
import type { KeyboardEvent, PointerEvent } from 'react';
import { useState } from 'react';
import { preloadAhead } from './lazy-component';

const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

export function useMenuOnDemand(menu: { preload: () => Promise<void> }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const standInProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => void preloadAhead(menu),
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) open();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (OPENING_KEYS.includes(event.key)) {
        event.preventDefault();
        open();
      }
    },
  };
  return { hasOpened, isOpen, setIsOpen, standInProps };
}
