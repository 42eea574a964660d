import { describe, expect, it } from 'vitest';
import { pagedListOf, pagePath } from './use-paged-list';

describe('pagePath', () => {
  it('adds the query given and the cursor after the first page, encoded', () => {
    expect(pagePath('/api/vehicles/3/records/page', {}, null)).toBe('/api/vehicles/3/records/page');
    expect(pagePath('/api/list', { type: 'repair', limit: undefined }, null)).toBe(
      '/api/list?type=repair',
    );
    expect(pagePath('/api/list', { type: 'repair' }, '2025-01-01~repair~7')).toBe(
      '/api/list?type=repair&cursor=2025-01-01%7Erepair%7E7',
    );
  });
});

describe('pagedListOf', () => {
  const read = (overrides: Partial<Parameters<typeof pagedListOf>[0]> = {}) => {
    const asked: number[] = [];
    const list = pagedListOf({
      data: {
        pages: [
          { items: [1, 2], nextCursor: 'a' },
          { items: [3], nextCursor: null },
        ],
        pageParams: [null, 'a'],
      },
      isLoading: false,
      isError: false,
      hasNextPage: true,
      isFetchingNextPage: false,
      fetchNextPage: async () => asked.push(1),
      ...overrides,
    });
    return { list, asked };
  };

  it("joins the pages' items in order and keeps the first page", () => {
    const { list } = read();
    expect(list.items).toEqual([1, 2, 3]);
    expect(list.firstPage).toEqual({ items: [1, 2], nextCursor: 'a' });
  });

  it('asks for the next page once: not while one is coming, nor after the last', () => {
    const ready = read();
    ready.list.loadMore();
    expect(ready.asked).toHaveLength(1);
    const coming = read({ isFetchingNextPage: true });
    coming.list.loadMore();
    expect(coming.asked).toHaveLength(0);
    const ended = read({ hasNextPage: false });
    ended.list.loadMore();
    expect(ended.asked).toHaveLength(0);
  });
});
