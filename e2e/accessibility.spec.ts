/**
 * Issue 10, accessibility: axe on every route of the web app, signed out and signed in (a full
 * garage, and an empty one for the empty states), at both widths (both projects run this spec),
 * and in the open states users meet on those routes (menus, the bell's panel, dialogs). Zero
 * serious or critical violations of WCAG 2.0/2.1 A and AA.
 *
 * The routes are read from the contract's table of pages, which the router draws from (decision
 * 023), so a route added there is checked here without anyone remembering to list it. Each route is visited once per pass; a redirect to a page the
 * pass already checked is not checked twice.
 */
import type { Locator, Page } from '@playwright/test';
import { PAGES } from '../contract/pages';
import { forgiveHttpErrors } from './accounts-helpers';
import { seriousViolations } from './axe';
import { expect, settleAnimations, test } from './fixtures';
import { recordCard } from './records-helpers';
import { pdfFile, seedFullGarage, signUp } from './scene';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** An id no garage holds: the pages' "not found" states. */
const UNKNOWN_ID = '999999999';

/**
 * Every path the app answers: `/` (shown by the app's root before the router, web/app/app.tsx),
 * each pattern of the contract's table of pages (contract/pages.ts), and a path no route matches
 * (the router's fallback). Pages open to anyone show the same to every user; the others show
 * the signed-in user's garage (or send a visitor to /auth).
 */
function appPaths() {
  const isOpen = (page: (typeof PAGES)[number]) => page.guard === 'open';
  const publicPaths = ['/', ...PAGES.filter(isOpen).map((page) => page.pattern), '/no/such/page'];
  const garagePaths = PAGES.filter((page) => !isOpen(page)).map((page) => page.pattern);
  return { publicPaths, garagePaths, all: [...publicPaths, ...garagePaths] };
}

/**
 * Routes checked elsewhere, each with where.
 * - /api-reference: e2e/api-reference.spec.ts runs axe on it at both widths, with operations'
 *   details open (the page draws them only when opened); its shell is the one checked here.
 * - /account/imports/:id: e2e/imports.spec.ts runs axe on an import's preview at both widths and
 *   in both themes; its id is an import's, which no vehicle id stands for.
 */
const CHECKED_ELSEWHERE = ['/api-reference', '/account/imports/:id'];

const PATHS = withoutCheckedElsewhere(appPaths());

function withoutCheckedElsewhere(paths: ReturnType<typeof appPaths>) {
  const keep = (list: string[]) => list.filter((entry) => !CHECKED_ELSEWHERE.includes(entry));
  return {
    publicPaths: keep(paths.publicPaths),
    garagePaths: keep(paths.garagePaths),
    all: keep(paths.all),
  };
}

function fill(routePath: string, vehicleId: string) {
  return routePath.replace(/:id\b/g, vehicleId);
}

/**
 * Waits until the page shows its content: no session or page spinner, no skeleton, no region
 * still busy (a page's code loading included), a level-one heading in view, and every image
 * loaded. While a page's code loads, React keeps the page before it in the document, hidden:
 * only a visible heading counts.
 */
async function waitForContent(page: Page) {
  await page.waitForFunction(() => {
    const isBusy = document.querySelector(
      '[data-slot="skeleton"], [data-slot="spinner"], [aria-busy="true"]',
    );
    const heading = [...document.querySelectorAll('h1')].some((h1) => h1.checkVisibility());
    const images = [...document.images].every((image) => image.complete);
    return !isBusy && heading && images;
  });
  await settleAnimations(page);
}

/**
 * Opens a path as a link inside the app does (the router follows history.pushState): the page
 * drawn is the one a visit draws, without loading and starting the whole app again each time.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

/** Collects the serious and critical violations of the page as it is now, one line each. */
class ViolationLog {
  readonly lines: string[] = [];
  checked = 0;

  async check(page: Page, where: string) {
    const started = Date.now();
    const violations = await seriousViolations(page, WCAG_TAGS);
    this.checked += 1;
    if (process.env.A11Y_DEBUG) console.log(`${where}: ${Date.now() - started} ms`);
    this.lines.push(...violations.map((violation) => `${where}: ${violation}`));
  }
}

/**
 * Visits every path once and checks what it shows; a path that lands on a page this pass has
 * checked already (a redirect to /auth, /dashboard, /records…) is not checked again. The first
 * path is loaded, the others opened from inside the app.
 */
async function checkPaths(
  page: Page,
  log: ViolationLog,
  pass: string,
  paths: string[],
  vehicleId: string,
) {
  const seen = new Set<string>();
  for (const [index, routePath] of paths.entries()) {
    const visited = fill(routePath, vehicleId);
    if (index === 0) await page.goto(visited);
    else await openInApp(page, visited);
    await waitForContent(page);
    const landed = await page.evaluate(() => `${location.pathname}${location.search}`);
    if (seen.has(landed)) continue;
    seen.add(landed);
    await log.check(page, `${pass} ${visited}${landed === visited ? '' : ` → ${landed}`}`);
  }
}

/** Opens an overlay with `open`, checks the page with it open, and closes it with Escape. */
async function checkOpen(
  page: Page,
  log: ViolationLog,
  where: string,
  open: () => Promise<unknown>,
  overlay: Locator,
) {
  await open();
  await expect(overlay).toBeVisible();
  await settleAnimations(page);
  await log.check(page, where);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
}

/** Opens `path`, then the dialog its button `button` opens, and checks the page with it open. */
async function checkDialogAt(
  page: Page,
  log: ViolationLog,
  pass: string,
  path: string,
  button: string,
  dialog: string,
) {
  await page.goto(path);
  await waitForContent(page);
  await checkOpen(
    page,
    log,
    `${pass} ${path}, ${dialog} dialog open`,
    () => page.getByRole('button', { name: button }).first().click(),
    page.getByRole('dialog', { name: dialog }),
  );
}

test.describe.configure({ mode: 'parallel' });
// Each test walks many pages and runs axe on each: a page takes about a second on an idle
// machine, several on two busy cores.
test.beforeEach(() => test.setTimeout(240_000));

test('signed out: every route has no serious accessibility violations', async ({
  page,
  isMobile,
}) => {
  const log = new ViolationLog();
  await checkPaths(page, log, 'signed out', PATHS.all, UNKNOWN_ID);

  await page.goto('/auth?tab=register');
  await waitForContent(page);
  await log.check(page, 'signed out /auth?tab=register');

  if (isMobile) {
    // Phones keep the public header's links in a drawer.
    await page.goto('/');
    await waitForContent(page);
    await checkOpen(
      page,
      log,
      'signed out / with the menu drawer open',
      () => page.getByRole('button', { name: 'Open menu' }).click(),
      page.getByRole('dialog'),
    );
  }
  expect(log.lines, `${log.checked} pages checked`).toEqual([]);
});

test('signed in, a full garage: every garage page has no serious accessibility violations', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  const civic = await seedFullGarage(page.request);
  const log = new ViolationLog();
  await checkPaths(page, log, 'full garage', PATHS.garagePaths, String(civic.id));
  expect(log.lines, `${log.checked} pages checked`).toEqual([]);
});

test('signed in: the public pages inside the shell have no serious accessibility violations', async ({
  page,
}) => {
  await signUp(page.request, { firstName: 'Grace' });
  const log = new ViolationLog();
  await checkPaths(page, log, 'signed in', PATHS.publicPaths, UNKNOWN_ID);
  expect(log.lines, `${log.checked} pages checked`).toEqual([]);

  // The check itself must see what it is there to catch: a picture with no text and grey on grey.
  await page.evaluate(() => {
    const broken = document.createElement('div');
    broken.innerHTML =
      '<img src="/favicon.svg" width="10" height="10"><p style="color:#bbb;background:#ccc">Faint</p>';
    document.body.append(broken);
  });
  const found = await seriousViolations(page, WCAG_TAGS);
  expect(found.map((line) => line.split(' ')[0])).toEqual(
    expect.arrayContaining(['image-alt', 'color-contrast']),
  );
});

test('signed in, a full garage: menus, the bell and the dialogs have no serious accessibility violations', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedFullGarage(page.request);
  const log = new ViolationLog();

  await page.goto('/dashboard');
  await waitForContent(page);
  await checkOpen(
    page,
    log,
    'full garage /dashboard, avatar menu open',
    () => page.getByRole('button', { name: 'Open user menu' }).click(),
    page.getByRole('menu'),
  );
  await checkOpen(
    page,
    log,
    'full garage /dashboard, bell panel open',
    () => page.getByRole('button', { name: /^Notifications/ }).click(),
    page.getByRole('dialog', { name: 'Upcoming services' }),
  );
  await checkOpen(
    page,
    log,
    'full garage /dashboard, Customize dialog open',
    () => page.getByRole('button', { name: 'Customize' }).click(),
    page.getByRole('dialog', { name: 'Customize your dashboard' }),
  );

  await checkDialogAt(page, log, 'full garage', '/vehicles', 'Add Vehicle', 'Add Vehicle');
  await checkOpen(
    page,
    log,
    'full garage /vehicles, a vehicle’s actions menu open',
    () => page.getByRole('button', { name: 'Actions for 2019 Honda Civic' }).click(),
    page.getByRole('menu'),
  );

  await page.goto('/records');
  await waitForContent(page);
  await checkOpen(
    page,
    log,
    'full garage /records, record dialog open',
    () =>
      recordCard(page, 'Front brake pads')
        .getByRole('button', { name: 'Front brake pads', exact: true })
        .click(),
    page.getByRole('dialog', { name: 'Front brake pads' }),
  );

  // A toast raised from inside a modal dialog: the dialog hides the rest of the page from screen
  // readers (aria-hidden), so the toast's announcement must live outside the hidden part.
  await recordCard(page, 'Front brake pads')
    .getByRole('button', { name: 'Front brake pads', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Front brake pads' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Add Image').setInputFiles(pdfFile('not-a-photo.pdf'));
  // getByRole finds only what the accessibility tree exposes: nothing under aria-hidden.
  await expect(page.getByRole('status').filter({ hasText: 'Invalid file type' })).toHaveCount(1);
  await settleAnimations(page);
  await log.check(page, 'full garage /records, record dialog open with a toast');
  // Escape may go to the toast first: the dialog's own button closes it.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await checkOpen(
    page,
    log,
    'full garage /records, Add New Record dialog open',
    () => page.getByRole('button', { name: 'Add Repair' }).click(),
    page.getByRole('dialog', { name: 'Add New Record' }),
  );
  expect(log.lines, `${log.checked} pages and states checked`).toEqual([]);
});

test('signed in, an empty garage: every route and its empty states have no serious accessibility violations', async ({
  page,
  consoleErrors,
}) => {
  await signUp(page.request, { firstName: 'Grace' });
  const log = new ViolationLog();
  await checkPaths(page, log, 'empty garage', PATHS.garagePaths, UNKNOWN_ID);

  await page.goto('/dashboard');
  await waitForContent(page);
  await checkOpen(
    page,
    log,
    'empty garage /dashboard, bell panel open',
    () => page.getByRole('button', { name: /^Notifications/ }).click(),
    page.getByRole('dialog', { name: 'Upcoming services' }),
  );
  // The vehicle pages ask for a vehicle this garage does not hold: answered 404 on purpose.
  forgiveHttpErrors(consoleErrors, 404);
  expect(log.lines, `${log.checked} pages and states checked`).toEqual([]);
});

test.describe('dark (decision 035)', () => {
  test.use({ colorScheme: 'dark' });

  /** The main pages, the landing page and the sign-in page, with colour contrast judged in dark. */
  test('the main pages and a dialog have no serious accessibility violations in dark @desktop-only', async ({
    page,
  }) => {
    const log = new ViolationLog();
    await checkPaths(page, log, 'dark, signed out', ['/', '/auth'], UNKNOWN_ID);
    await page.goto('/auth?tab=register');
    await waitForContent(page);
    await log.check(page, 'dark, signed out /auth?tab=register');

    await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
    const civic = await seedFullGarage(page.request);
    const main = ['/dashboard', '/vehicles', '/vehicles/:id', '/records', '/expenses', '/account'];
    await checkPaths(page, log, 'dark, full garage', main, String(civic.id));
    await checkDialogAt(page, log, 'dark, full garage', '/records', 'Add Repair', 'Add New Record');
    expect(log.lines, `${log.checked} pages and states checked`).toEqual([]);

    // The check judges the dark tokens themselves: a hairline's colour as text on a card fails.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Faint';
      faint.style.cssText = 'color:var(--color-border);background:var(--color-card)';
      document.body.append(faint);
    });
    const found = await seriousViolations(page, WCAG_TAGS);
    expect(found.map((line) => line.split(' ')[0])).toContain('color-contrast');
  });
});
