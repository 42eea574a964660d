import { expect, saveScreenshot, test } from './fixtures';

test('the landing page shows the hero with its call to action', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Garage Ledger');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Digitize your car records');
  await expect(page.getByRole('link', { name: /Start Your Garage/ }).first()).toHaveAttribute(
    'href',
    '/auth?tab=register',
  );
  await saveScreenshot(page, 'landing', testInfo.project.name);
});

test('an unknown path shows the 404 page, also on reload', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await saveScreenshot(page, 'not-found', testInfo.project.name);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the health check answers with the database', { tag: '@desktop-only' }, async ({
  request,
}) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    status: 'ok',
    database: 'ok',
    reminders: { failingUsers: 0 },
  });
});
