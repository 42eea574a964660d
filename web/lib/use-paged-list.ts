/**
 * Lists that page (decision 057): a list read a page at a time with `useInfiniteQuery`, each
 * page asking with the previous page's `nextCursor`. While a changed filter's first page loads,
 * the previous answer stays on screen rather than a skeleton. `loadMore` asks once for the next
 * page however often it is called, so a scroll that calls it on every frame costs one request.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { fetchJson } from './api-client';

export type PageOf<Item> = { items: Item[]; nextCursor: string | null };

export type PageParams = Record<string, string | number | undefined>;

/** `path` with the filters (those given) and the cursor (when there is one) as its query. */
export function pagePath(path: string, params: PageParams, cursor: string | null): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  if (cursor !== null) search.set('cursor', cursor);
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/**
 * The pages of `path` under `queryKey`; the key must hold every filter of `params`. `retries`
 * sets how a failed page is asked again (D30), where a list's kind says so.
 */
export function pagedListOptions<Page extends PageOf<unknown>>(
  queryKey: QueryKey,
  path: string,
  params: PageParams,
  {
    showPreviousWhileLoading = true,
    ...retries
  }: Pick<UseInfiniteQueryOptions, 'retry' | 'retryDelay'> & {
    /**
     * Whether a changed filter's previous answer stays on screen while its first page loads: right
     * for a search being typed, wrong for a tab, whose cards would belong to the tab just left.
     */
    showPreviousWhileLoading?: boolean;
  } = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchJson<Page>(pagePath(path, params, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Page) => page.nextCursor,
    placeholderData: showPreviousWhileLoading ? keepPreviousData : undefined,
    ...retries,
  });
}

/** What of an infinite query's result a paged list reads. */
type InfiniteRead<Page> = {
  data?: InfiniteData<Page> | undefined;
  isLoading: boolean;
  isError: boolean;
  isFetching?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** What a list component draws from a paged list: the items loaded, and the next on demand. */
export type LoadedPages<Item> = {
  items: readonly Item[];
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
};

/** A paged list as its component reads it: the pages' items in order, and the next on demand. */
export function pagedListOf<Page extends PageOf<unknown>>(query: InfiniteRead<Page>) {
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items) as Page['items'],
    /** The first page: what a list says of itself as a whole (its counts, its total). */
    firstPage: pages[0],
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetching) {
        void query.fetchNextPage();
      }
    },
  };
}

export function usePagedList<Page extends PageOf<unknown>>(
  options: ReturnType<typeof pagedListOptions<Page>>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return pagedListOf(useInfiniteQuery({ ...options, enabled }));
}
