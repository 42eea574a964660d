/**
 * The API reference page (/api-reference): it lists the real operations of the API document,
 * grouped by tag, with their fields and answers; visitors see the public header and footer, a
 * signed-in user the shell; no serious accessibility violations at desktop and phone widths.
 */

import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { signUp } from './scene';

/** The card of one operation, found by its heading ("GET /api/vehicles"). */
/** The machine running the suite is shared: the first paint of a page may take a while. */
const FIRST_PAINT = { timeout: 30_000 };

function operation(page: Page, method: string, path: string) {
  return page.getByRole('article', { name: `${method} ${path}`, exact: true });
}

/** Opens the fields and answers of an operation's card. */
async function openDetails(card: ReturnType<typeof operation>) {
  await card.getByText('Fields and answers').click();
  await expect(card.getByRole('heading', { name: 'Answers' })).toBeVisible();
}

test('lists the operations of the API with their fields and answers', async ({
  page,
}, testInfo) => {
  // Every operation of the API on one page: axe has a long page to read.
  test.setTimeout(180_000);
  await page.goto('/api-reference');
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible(
    FIRST_PAINT,
  );
  await expect(page).toHaveTitle('Garage Ledger — API Reference');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  const vehicles = operation(page, 'GET', '/api/vehicles');
  await expect(vehicles).toBeVisible(FIRST_PAINT);
  await expect(vehicles).toContainText('Lists the vehicles of the garage.');
  await expect(vehicles).toContainText('Signed in');
  await openDetails(vehicles);
  await expect(vehicles.getByRole('cell', { name: 'make', exact: true })).toBeVisible();
  await expect(vehicles).toContainText('always present');

  const addVehicle = operation(page, 'POST', '/api/vehicles');
  await openDetails(addVehicle);
  // Required in the body; the answer's fields say whether they are always present.
  await expect(addVehicle.getByRole('cell', { name: 'make (required)' })).toBeVisible();
  await expect(addVehicle).toContainText('402');

  const upload = operation(page, 'POST', '/api/vehicle-images');
  await expect(upload).toContainText('multipart/form-data');
  await openDetails(upload);
  await expect(upload.getByRole('cell', { name: 'image (required)' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 3, name: 'Vehicle images' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'api-reference', testInfo.project.name);
});

test('is linked from Account Settings and shown inside the shell to a signed-in user @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Data' }).click(FIRST_PAINT);
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole('button', { name: /^Notifications/ }).first()).toBeVisible(
    FIRST_PAINT,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  await expect(operation(page, 'GET', '/api/vehicles')).toBeVisible(FIRST_PAINT);
  // The shell's navigation, not the public footer.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await expect(page.locator('main')).toHaveCount(1);
});

test('says so when the API document cannot be loaded @desktop-only', async ({
  page,
  consoleErrors,
}) => {
  await page.route('**/api/openapi.json', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/api-reference');
  await expect(page.getByRole('alert')).toContainText(
    'The API reference could not be loaded',
    FIRST_PAINT,
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The browser logs the refused fetches; they are what this test is about.
  const expected = consoleErrors.filter((error) => error.includes('status of 503'));
  expect(expected.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((error) => !expected.includes(error)),
  );
});
