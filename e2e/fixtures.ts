/**
 * The `test` every browser spec uses: the server's address as baseURL, and a page that fails
 * the test on any console error or uncaught exception of the app (CSP violations included),
 * because a broken page often still renders; what is not the app's is `isAnswerTheAppHandles`.
 */

import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

type Fixtures = { consoleErrors: string[] };

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function destructures
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const appOrigin = new URL(baseURL ?? '').origin;
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (isAnswerTheAppHandles(message.text(), message.location().url, appOrigin)) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Chromium's own line for an HTTP answer that is not a success: "… a status of 404 (Not Found)". */
const FAILED_ANSWER = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/**
 * Which console errors are not the app's. Every uncaught exception and every `console.error` of
 * the app's scripts fails the test; so does a network line the app caused by mistake. But
 * Chromium logs a line of its own, located at the resource's address, for every answer that is
 * not a success, and most of these a test provokes on purpose and the app answers on screen,
 * which the test asserts: a wrong password (401), a page or record that is not there (404), a
 * conflict (409), a refused file (413, 415), a limit reached (403, 429). Those 4xx answers to the
 * app's own origin are network, not app errors. Still counted: 400 (the app sent what the
 * contract refuses, which its forms should have stopped), every 5xx, a failed connection
 * (net::ERR_…), and any answer from another origin; a test provoking one of these forgives it by
 * name (`forgiveHttpErrors`).
 */
export function isAnswerTheAppHandles(text: string, location: string, appOrigin: string): boolean {
  const status = Number(FAILED_ANSWER.exec(text)?.[1]);
  return status > 400 && status < 500 && location.startsWith(`${appOrigin}/`);
}

const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

/**
 * Screenshots are for people to look at, and CI keeps nothing it writes: there they are taken
 * only when E2E_SCREENSHOTS=1 asks. A full-page screenshot costs one to three seconds of a busy
 * two-core machine, a tenth of the browser suite in all.
 */
const isTakingScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Saves a full-page screenshot under e2e/screenshots/ (ignored by git) for people to look at. */
export async function saveScreenshot(page: Page, name: string, projectName: string) {
  if (!isTakingScreenshots) return;
  await settleAnimations(page);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${projectName}.png`),
    fullPage: true,
  });
}

/**
 * Lets entrances, fades and overlays finish, so a screenshot or an accessibility check sees the
 * settled page: axe judges a panel still fading in by its half-transparent colours. Endless
 * loops (spinners, pulsing skeletons) are left running.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Chooses `option` in the dropdown list already open, with the keyboard (focus and Enter). A
 * click races the list's scrolling: scrolling an option into view shows the list's scroll-up
 * arrow a frame later, which moves every row down under a pointer already pressed.
 */
export async function chooseInOpenList(page: Page, option: string | RegExp) {
  const choice = page.getByRole('option', {
    name: option,
    ...(typeof option === 'string' ? { exact: true } : {}),
  });
  await choice.focus();
  await page.keyboard.press('Enter');
}

/**
 * Picks `option` in the dropdown labelled `label` inside `scope`: opened with a click, chosen with
 * the keyboard (focus and Enter), which never races the list's own scrolling.
 */
export async function pick(page: Page, scope: Locator, label: string, option: string | RegExp) {
  const trigger = scope.getByRole('combobox', { name: label, exact: true });
  await trigger.click();
  await chooseInOpenList(page, option);
  await expect(trigger).toHaveText(option);
  // The select hands focus back to its trigger a tick after it closes; typing elsewhere before
  // then would lose keystrokes to that hand-back.
  await expect(trigger).toBeFocused();
}

/**
 * Presses End until `last` is drawn, holding `text`. A virtual list draws the items near the viewport at an
 * estimated height and measures them once drawn, so the page's end can move down a little as
 * the last ones are measured; a reader who pressed End then presses it again.
 */
export async function pressEndUntilVisible(page: Page, last: Locator, text: string) {
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(last).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
