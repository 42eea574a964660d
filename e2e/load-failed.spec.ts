/**
 * A list that cannot be loaded says so in its own words and offers Try again, which reads it
 * again: the vehicles, the records and the Documents view (one component, LoadFailed).
 */
import { forgiveHttpErrors } from './accounts-helpers';
import { expect, test } from './fixtures';
import { addRecord, addVehicle, signUp } from './scene';

const LISTS = [
  {
    path: '/vehicles',
    read: '**/api/vehicles',
    message: 'Your vehicles could not be loaded.',
    shown: (page: import('@playwright/test').Page) => page.getByText('2019 Honda Civic').first(),
  },
  {
    path: '/records',
    read: '**/api/records/page*',
    message: 'Your records could not be loaded.',
    shown: (page: import('@playwright/test').Page) =>
      page.getByTestId('record-card').filter({ hasText: 'Brake pads' }),
  },
  {
    path: '/records?type=document',
    read: '**/api/documents/page*',
    message: 'Your documents could not be loaded.',
    shown: (page: import('@playwright/test').Page) => page.getByTestId('documents-empty'),
  },
];

test('a list that cannot be loaded says so, and Try again reads it again', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'repair', {
    vehicleId: civic.id,
    category: 'Brakes',
    title: 'Brake pads',
    date: '2025-03-01',
  });

  for (const list of LISTS) {
    let isFailing = true;
    await page.route(list.read, async (route) => {
      if (isFailing) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"x"}',
        });
      } else {
        await route.continue();
      }
    });
    await page.goto(list.path);
    const alert = page.getByRole('alert').filter({ hasText: list.message });
    await expect(alert).toBeVisible({ timeout: 15_000 });

    isFailing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(list.shown(page)).toBeVisible();
    await expect(alert).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
  forgiveHttpErrors(consoleErrors, 500);
});
