/**
 * A long list that keeps only the items near the viewport in the page (decision 057): items of
 * any height, measured once drawn, positioned in a box as tall as the whole list, so the page's
 * scroll bar, Back and a link to a position behave as with every item drawn. The window scrolls
 * (the app shell has no scrolling box of its own). Each item says its place in the whole list
 * (`aria-posinset` of `aria-setsize`) to screen readers; Tab moves through the drawn items, and
 * as the focused one scrolls into view the next ones are drawn. `onNearEnd` asks for more when
 * the last items come near. With `columns`, items sit side by side in rows (a grid, each row as
 * tall as its tallest item), each still a list item of its own.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

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
  /** Items side by side in each row; 1 (the default) is a plain list. */
  columns?: number;
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
  columns = 1,
}: VirtualListProps<Item>) {
  const listRef = useRef<HTMLElement>(null);
  // Where the list starts in the page: what is above it (filters, headings) changes it.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - scrollMargin) > 0.5) setScrollMargin(top);
  });
  // The virtualizer places rows; a row holds `columns` items, the last one maybe fewer.
  const rowCount = Math.ceil(items.length / columns);
  const itemsOfRow = (row: number) => items.slice(row * columns, (row + 1) * columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN,
    gap,
    scrollMargin,
    getItemKey: (row) => itemKey(items[row * columns] as Item),
  });
  const drawn = virtualizer.getVirtualItems();
  const lastDrawn = Math.min(((drawn.at(-1)?.index ?? -1) + 1) * columns, items.length) - 1;
  useEffect(() => {
    if (onNearEnd && items.length > 0 && lastDrawn >= items.length - NEAR_END) onNearEnd();
  }, [lastDrawn, items.length, onNearEnd]);
  const listAttributes = {
    'aria-label': label,
    className: 'relative',
    style: { height: virtualizer.getTotalSize() },
  };
  const rowStyle = (start: number) => ({ transform: `translateY(${start - scrollMargin}px)` });

  if (columns > 1) {
    // A row is a box of its own to be measured, and a <ul> may hold nothing but <li>s: the items
    // are ARIA list items of a `list`, and the rows, without a role, leave each the list's own.
    return (
      // biome-ignore lint/a11y/useSemanticElements: a <ul> cannot hold the rows' boxes
      <div ref={listRef as RefObject<HTMLDivElement>} role="list" {...listAttributes}>
        {drawn.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 grid w-full"
            style={{
              ...rowStyle(row.start),
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              columnGap: gap,
            }}
          >
            {itemsOfRow(row.index).map((item, column) => (
              // biome-ignore lint/a11y/useSemanticElements: its list is a <div> (see above)
              <div
                key={itemKey(item)}
                role="listitem"
                aria-posinset={row.index * columns + column + 1}
                aria-setsize={setSize ?? items.length}
                className="grid"
              >
                {renderItem(item)}
              </div>
            ))}
          </div>
        ))}
      </div>
    );
  }

  return (
    <ul ref={listRef as RefObject<HTMLUListElement>} {...listAttributes}>
      {drawn.map((row) => (
        <li
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          aria-posinset={row.index + 1}
          aria-setsize={setSize ?? items.length}
          className="absolute top-0 left-0 w-full"
          style={rowStyle(row.start)}
        >
          {renderItem(items[row.index] as Item)}
        </li>
      ))}
    </ul>
  );
}
