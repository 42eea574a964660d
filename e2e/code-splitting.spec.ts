/**
 * Each route downloads only its own area's code (architecture convention 11): the public pages
 * never fetch the signed-in app, and signed-in pages never fetch the marketing pages. Judged
 * from the scripts the browser actually requests on a first load.
 */
import type { Page } from '@playwright/test';
import { PAGES, type PageGuard } from '../contract/pages';
import { expect, test } from './fixtures';
import { signUp } from './scene';

/** The chunks of the pages the contract's table guards so (decision 023), and `more`. */
function chunksOf(guards: PageGuard[], more: string[]) {
  const modules = PAGES.filter((page) => guards.includes(page.guard)).map((page) => page.module);
  return new RegExp(`/assets/(${[...new Set([...more, ...modules])].join('|')})-[\\w-]+\\.js$`);
}

/** Chunks that belong to the signed-in app: its shell and the pages behind the sign-in. */
const SIGNED_IN_CHUNKS = chunksOf(['signed-in'], ['app-shell']);
/** Chunks that belong to the public site: the landing page, its bar, the pages for anyone. */
const PUBLIC_CHUNKS = chunksOf(['public-only', 'open'], ['landing-page', 'public-header']);

/** Opens `path` in a fresh page load and answers the URLs of every script it requested. */
async function scriptsLoadedBy(page: Page, path: string, ready: () => Promise<void>) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  return scripts;
}

test('the landing page downloads none of the signed-in app', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, '/', () =>
    expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  );
  expect(scripts.some((url) => /landing-page-/.test(url))).toBe(true);
  expect(scripts.filter((url) => SIGNED_IN_CHUNKS.test(url))).toEqual([]);
});

test('a signed-in visit to / goes to the dashboard without downloading the landing page @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  const scripts = await scriptsLoadedBy(page, '/', () =>
    expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible(),
  );
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(scripts.some((url) => /dashboard-page-/.test(url))).toBe(true);
  expect(scripts.filter((url) => /landing-page-/.test(url))).toEqual([]);
});

test('the sign-in page downloads none of the signed-in app', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, '/auth', () =>
    expect(page.getByRole('tab', { name: 'Login' })).toBeVisible(),
  );
  expect(scripts.some((url) => /auth-page-/.test(url))).toBe(true);
  expect(scripts.filter((url) => SIGNED_IN_CHUNKS.test(url))).toEqual([]);
});

// A visitor of a legal page or of a missing one is shown the page alone: the shell's code and
// the signed-in pages' stay on the server.
for (const [route, chunk] of [
  ['/privacy-policy', /privacy-policy-page-/],
  ['/no/such/page', /not-found-page-/],
] as const) {
  test(`${route}, signed out, downloads none of the signed-in app`, async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, route, () =>
      expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    );
    expect(scripts.some((url) => chunk.test(url))).toBe(true);
    expect(scripts.filter((url) => SIGNED_IN_CHUNKS.test(url))).toEqual([]);
  });
}

for (const route of ['/dashboard', '/account', '/vehicles', '/vehicles/{id}', '/records']) {
  test(`${route} downloads none of the public site`, async ({ page }) => {
    await signUp(page.request);
    let path = route;
    if (route.includes('{id}')) {
      const created = await page.request.post('/api/vehicles', {
        data: { year: 2019, make: 'Honda', model: 'Civic' },
      });
      path = route.replace('{id}', String((await created.json()).id));
    }
    const scripts = await scriptsLoadedBy(page, path, () =>
      expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible(),
    );
    expect(scripts.some((url) => /app-shell-/.test(url))).toBe(true);
    expect(scripts.filter((url) => PUBLIC_CHUNKS.test(url))).toEqual([]);
  });
}
