/**
 * Decision 035, light and dark: the system's theme by default, a choice in Account Settings kept
 * with the user (another browser finds it at its next sign-in), and no flash of the other theme:
 * the page is dark from its HTML and inline script alone, with none of the app's scripts run.
 * Saves the dark screenshots of the main pages and of an open dialog.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, saveScreenshot, settleAnimations, test } from './fixtures';
import { seedFullGarage, signUp } from './scene';

/** The page's background as one 0–255 lightness (the mean of its sRGB channels). */
async function backgroundLightness(page: Page) {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return (red + green + blue) / 3;
  });
}

async function expectDark(page: Page) {
  await expect.poll(() => backgroundLightness(page)).toBeLessThan(60);
}

async function expectLight(page: Page) {
  await expect.poll(() => backgroundLightness(page)).toBeGreaterThan(200);
}

/**
 * Serves the app's scripts empty, so the page shows only what its HTML, its CSS and the inline
 * theme script make of it: what a user sees before the app has run.
 */
async function withoutAppScripts(context: BrowserContext) {
  await context.route('**/assets/*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
}

test.describe('under a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('every page follows the system by default, the landing page and dialogs too', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectDark(page);
    await saveScreenshot(page, 'dark-landing', project);

    const { user } = await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
    expect(user.theme).toBe('system');
    const civic = await seedFullGarage(page.request);

    const pages: [string, string, string | RegExp][] = [
      ['/dashboard', 'dark-dashboard', 'Welcome, Grace'],
      [`/vehicles/${civic.id}`, 'dark-vehicle', /2019 Honda Civic/],
      ['/records', 'dark-records', 'Records'],
      ['/expenses', 'dark-expenses', 'Expenses'],
      ['/account', 'dark-account', 'Account Settings'],
    ];
    for (const [path, name, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await expectDark(page);
      await settleAnimations(page);
      await saveScreenshot(page, name, project);
    }
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();

    await page.goto('/vehicles');
    await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Add Vehicle' })).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'dark-dialog', project);
  });

  test('the page is dark before any of the app runs', async ({ page, context }) => {
    await withoutAppScripts(context);
    await page.goto('/auth');
    await expectDark(page);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});

test.describe('under a light system', () => {
  test.use({ colorScheme: 'light' });

  test('Dark chosen in Account Settings stays with the user, in this browser and the next', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { account } = await signUp(page.request);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expectLight(page);

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expectDark(page);
    await expect
      .poll(async () => (await (await page.request.get('/api/user')).json()).theme)
      .toBe('dark');

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectDark(page);

    // The HTML itself says dark: no light first paint before the app has read the user.
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toMatch(/<html data-theme="dark" class="dark"/);

    // Signed out, this browser keeps the last choice it knew.
    await page.context().clearCookies();
    await page.goto('/');
    await expectDark(page);

    // Another browser, light like this one, signing in: dark from its first paint, before the
    // app runs.
    const other = await browser.newContext({ baseURL, colorScheme: 'light' });
    try {
      const login = await other.request.post('/api/login', {
        data: { email: account.email, password: account.password },
      });
      expect(login.status()).toBe(200);
      await withoutAppScripts(other);
      const fresh = await other.newPage();
      await fresh.goto('/dashboard');
      await expect(fresh.locator('html')).toHaveClass(/\bdark\b/);
      await expectDark(fresh);
      await other.unrouteAll();
      await fresh.reload();
      await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
      await expectDark(fresh);

      // Back to Light: light everywhere again.
      await fresh.goto('/account');
      await expect(fresh.getByRole('radio', { name: 'Dark' })).toBeChecked();
      await fresh.getByRole('radio', { name: 'Light' }).check();
      await expectLight(fresh);
      await expect
        .poll(async () => (await (await other.request.get('/api/user')).json()).theme)
        .toBe('light');
    } finally {
      await other.close();
    }
  });
});
