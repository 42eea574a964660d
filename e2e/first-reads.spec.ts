/**
 * A page's first reads, as the contract's table of pages lists them (decision 023), are exactly
 * what the page asks for as it first renders: the server preloads them with the HTML (decision
 * 015), so a read missing from the table waits for the page's code, and one the page no longer
 * makes is downloaded for nothing. Judged from the `/api/` GETs the browser sends for a first
 * load until the page settles, with the server's preloads taken out of the HTML so that only
 * the app's own reads are seen, each of them once. The session read is the app's, not the page's: the server
 * preloads it apart from the table.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { PAGES, pageAtPath } from '../contract/pages';
import { expect, test } from './fixtures';
import { fuellyMetricFile, previewImport } from './imports-helpers';
import { signUp } from './scene';

const SESSION_READ = '/api/user';

/**
 * Reads that follow from another read's answer, which the table cannot name ahead: the direct
 * maintenance view reads the first listed vehicle's maintenance once the list has come.
 */
const READS_FROM_ANSWERS: Record<string, (vehicleId: number) => string[]> = {
  '/direct-maintenance': (vehicleId) => [`/api/vehicles/${vehicleId}/maintenance`],
};

/**
 * The id a pattern's `:id` stands for, where it is not a vehicle's: an import's preview page
 * opens an import the user has previewed.
 */
const ID_OF_PATTERN: Record<string, (request: APIRequestContext) => Promise<number>> = {
  '/account/imports/:id': async (request) => (await previewImport(request, fuellyMetricFile())).id,
};

/** Opens `path` as a first load, without the HTML's preloaded reads, and answers what it read. */
async function readsOfFirstLoad(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<link rel="preload" as="fetch"[^>]*>/g, '');
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      return route.fulfill({ response, headers, body: html });
    },
  );
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      reads.push(url.pathname + url.search);
    }
  });
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return reads.filter((read) => read !== SESSION_READ);
}

/**
 * Pages that choose what to draw by the screen's width in code (useMediaQuery), and so could read
 * something else on a phone. The other pages differ by CSS alone: their reads are the desktop's.
 */
const DRAWN_BY_WIDTH = ['/dashboard', '/account'];

for (const { pattern } of PAGES.filter((entry) => entry.guard === 'signed-in')) {
  const tag = DRAWN_BY_WIDTH.includes(pattern) ? '' : ' @desktop-only';
  test(`${pattern} reads on its first render what the table of pages lists${tag}`, async ({
    page,
  }) => {
    await signUp(page.request);
    const created = await page.request.post('/api/vehicles', {
      data: { year: 2019, make: 'Honda', model: 'Civic' },
    });
    const vehicleId: number = (await created.json()).id;
    const id = (await ID_OF_PATTERN[pattern]?.(page.request)) ?? vehicleId;
    const path = pattern.replace(':id', String(id));
    const reads = await readsOfFirstLoad(page, path);
    const fromAnswers = READS_FROM_ANSWERS[pattern]?.(vehicleId) ?? [];
    // Each once: a read the first screen asks for ahead is the page's own, not a second one.
    expect(reads.sort()).toEqual([...pageAtPath(path).firstReads, ...fromAnswers].sort());
  });
}
