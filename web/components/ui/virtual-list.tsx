/**
 * A long list that keeps only the items near the viewport in the page (decision 057): items of
 * any height, measured once drawn, positioned in a box as tall as the whole list, so the page's
 * scroll bar, Back and a link to a position behave as with every item drawn. The window scrolls
 * (the app shell has no scrolling box of its own). Each item says its place in the whole list
 * (`aria-posinset` of `aria-setsize`) to screen readers; Tab moves through the drawn items, and
 * as the focused one scrolls into view the next ones are drawn. `onNearEnd` asks for more when
 * the last items come near.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Items drawn beyond each edge of the viewport: a fast scroll or Tab never meets a gap. */
const OVERSCAN = 6;
/** How close to the last loaded item `onNearEnd` is called. */
const NEAR_END = 10;

export type VirtualListProps<Item> = {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** How many items the whole list holds, loaded or not. */
  setSize?: number;
  /** A first guess of an item's height in pixels, before it is measured. */
  estimateSize?: number;
  /** The space between two items, in pixels. */
  gap?: number;
  onNearEnd?: () => void;
};

export function VirtualList<Item>({
  items,
  itemKey,
  renderItem,
  label,
  setSize,
  estimateSize = 150,
  gap = 12,
  onNearEnd,
}: VirtualListProps<Item>) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: what is above it (filters, headings) changes it.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - scrollMargin) > 0.5) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN,
    gap,
    scrollMargin,
    getItemKey: (index) => itemKey(items[index] as Item),
  });
  const drawn = virtualizer.getVirtualItems();
  const lastDrawn = drawn.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd && items.length > 0 && lastDrawn >= items.length - NEAR_END) onNearEnd();
  }, [lastDrawn, items.length, onNearEnd]);

  return (
    <ul
      ref={listRef}
      aria-label={label}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {drawn.map((row) => (
        <li
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          aria-posinset={row.index + 1}
          aria-setsize={setSize ?? items.length}
          className="absolute top-0 left-0 w-full"
          style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
        >
          {renderItem(items[row.index] as Item)}
        </li>
      ))}
    </ul>
  );
}
