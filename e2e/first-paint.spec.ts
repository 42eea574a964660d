/**
 * A page paints before its code arrives (decision 040): with every script held back, a
 * signed-in page shows the shell's outline (the sidebar on a desktop, the top bar and tab bar on
 * a phone) and a public page a neutral skeleton; once the scripts come, the app replaces it.
 */

import { DASHBOARD_TEXTS } from '@contract/dashboard';
import { AUTH_HEADINGS } from '@contract/page-headings';
import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { signUp } from './scene';

/** Holds every script back until the returned function is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a signed-in page paints the shell before its code, then the app replaces it', async ({
  page,
}, testInfo) => {
  const { account } = await signUp(page.request);
  const release = await holdScripts(page);
  // 'commit': the page's load waits for its scripts, which are held.
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const skeleton = page.getByTestId('boot-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.getByRole('status')).toHaveText('Loading Garage Ledger…');
  // The page's own greeting and line under it (decision 058), before any of its code.
  await expect(skeleton.getByText(`Welcome, ${account.firstName}`)).toBeVisible();
  await expect(skeleton.getByText(DASHBOARD_TEXTS.subtitle)).toBeVisible();
  const isPhone = testInfo.project.name === 'phone';
  await expect(skeleton.locator('.gl-side')).toBeVisible({ visible: !isPhone });
  await expect(skeleton.locator('.gl-tabs')).toBeVisible({ visible: isPhone });
  // Nothing of the app has run.
  expect(await page.evaluate(() => document.querySelectorAll('#root nav').length)).toBe(0);
  await saveScreenshot(page, 'first-paint-shell', testInfo.project.name);

  release();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  await saveScreenshot(page, 'first-paint-shell-after', testInfo.project.name);
});

test('a public page paints a neutral skeleton before its code', async ({ page }, testInfo) => {
  const release = await holdScripts(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const skeleton = page.getByTestId('boot-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toContainText('Garage Ledger');
  await expect(skeleton.getByText(AUTH_HEADINGS.login.title)).toBeVisible();
  await expect(skeleton.getByText(AUTH_HEADINGS.login.description)).toBeVisible();
  await expect(skeleton.locator('.gl-side')).toBeHidden();
  await expect(skeleton.locator('.gl-tabs')).toHaveCount(0);
  await saveScreenshot(page, 'first-paint-public', testInfo.project.name);

  release();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(AUTH_HEADINGS.login.title);
  await saveScreenshot(page, 'first-paint-public-after', testInfo.project.name);
});

test('the skeleton of a user who chose dark is dark: no light flash before the app', async ({
  page,
}) => {
  await signUp(page.request);
  const saved = await page.request.patch('/api/user/theme', { data: { theme: 'dark' } });
  expect(saved.status(), await saved.text()).toBe(200);
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const skeleton = page.getByTestId('boot-skeleton');
  await expect(skeleton).toBeVisible();
  // The skeleton's surface in the dark theme's background, as the server marked <html> dark.
  const lightness = await skeleton.evaluate((element) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(element).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [red, green, blue] = probe.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 2.55;
  });
  expect(lightness).toBeLessThan(20);
  release();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
});
