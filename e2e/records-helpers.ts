/** What the records browser tests share beyond the scene: the list as the API answers it, a record's card, and the days they date records on. */

import type { APIRequestContext, Page } from '@playwright/test';
import type { RecordItem } from '../contract/records';
import { expect } from './fixtures';

export { localDay as dayFromToday, shownDate as shownDay } from './dates';

export async function listRecords(request: APIRequestContext, collection: string) {
  const response = await request.get(`/api/${collection}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RecordItem[];
}

export function recordCard(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}
