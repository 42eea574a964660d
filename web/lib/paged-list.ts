/**
 * A list read a page at a time (contract/schemas/paging.ts) through an infinite query: its pages'
 * items in order, whether another page follows, and the next page on demand. One shape for every
 * paged list on the web, whatever its items.
 */
import type { InfiniteData } from '@tanstack/react-query';

/** What a page of any list holds: its items, and the cursor of the next page (null at the end). */
export type ListPage<Item> = { items: Item[]; nextCursor: string | null };

/** The path of a page: the list's path with its query and, after the first page, the cursor. */
export function pagePath(
  path: string,
  query: Record<string, string | number | undefined>,
  cursor: string | null,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  if (cursor !== null) params.set('cursor', cursor);
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** What of an infinite query's result a paged list reads. */
type InfiniteRead<Page> = {
  data?: InfiniteData<Page> | undefined;
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export function pagedListOf<Page extends ListPage<unknown>>(query: InfiniteRead<Page>) {
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items) as Page['items'],
    /** The first page, for what every page answers alike (a list's totals). */
    firstPage: pages[0] ?? null,
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
