/**
 * `/vehicles/{id}/edit` (001 §2, §5, §8): the Back link, the edit form with the vehicle's stored
 * fields, a save that navigates fully to the vehicle's page, a failed save that keeps the input,
 * and the pages for an id that is not a number or a vehicle that is not yours.
 */

import type { APIRequestContext } from '@playwright/test';
import type { Vehicle } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { addVehicle, expectToast, signUp } from './scene';

async function readVehicle(request: APIRequestContext, id: number) {
  const response = await request.get(`/api/vehicles/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Vehicle;
}

test('edits every field, saves, and lands on the vehicle page with the stored values', async ({
  page,
}, testInfo) => {
  await signUp(page.request);
  const civic = await addVehicle(page.request, {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    trim: 'EX',
    mileage: 45000,
    purchasePrice: '12500',
    isProject: true,
  });

  await page.goto(`/vehicles/${civic.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Vehicle' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
    'href',
    `/vehicles/${civic.id}`,
  );
  const form = page.getByRole('form', { name: 'Edit vehicle' });
  await expect(form.getByRole('combobox', { name: 'Make', exact: true })).toHaveText('Honda');
  await expect(form.getByRole('combobox', { name: 'Model', exact: true })).toHaveText('Civic');
  await expect(form.getByLabel('Trim')).toHaveValue('EX');
  await expect(form.getByLabel('Mileage')).toHaveValue('45000');
  await expect(form.getByRole('switch')).toBeChecked();
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'vehicle-edit', testInfo.project.name);

  await form.getByLabel('Trim').fill('EX-L');
  await form.getByLabel('Mileage').fill('46,250');
  await form.getByLabel('Color').fill('Sonic Gray');
  await form.getByLabel('VIN').fill('2HGFC1F59KH000001');
  await form.getByLabel('License Plate').fill('GL 2019');
  await form.getByLabel('Current Value').fill('14,000');
  await form.getByLabel('Notes').fill('Bought from the original owner.\nService book complete.');
  await form.getByRole('switch').click();
  await form.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(new RegExp(`/vehicles/${civic.id}$`));
  const stored = await readVehicle(page.request, civic.id);
  expect(stored).toMatchObject({
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    trim: 'EX-L',
    mileage: 46250,
    color: 'Sonic Gray',
    vin: '2HGFC1F59KH000001',
    licensePlate: 'GL 2019',
    purchasePrice: 12500,
    currentValue: 14000,
    notes: 'Bought from the original owner.\nService book complete.',
    isProject: false,
  });
});

test('the form keeps its rules: a cleared model is required, and a failed save keeps the input', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request);
  const mustang = await addVehicle(page.request, { year: 1967, make: 'Ford', model: 'Mustang' });
  await page.goto(`/vehicles/${mustang.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit vehicle' });

  // 001 §2: a new make clears the model, which is then required (001 §5).
  await form.getByRole('combobox', { name: 'Make', exact: true }).click();
  await page.getByRole('option', { name: 'Chevrolet', exact: true }).focus();
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Model is required')).toBeVisible();
  await form.getByRole('combobox', { name: 'Model', exact: true }).click();
  await page.getByRole('option', { name: 'Camaro', exact: true }).focus();
  await page.keyboard.press('Enter');

  // The server fails once: the toast says so and nothing typed is lost.
  await page.route(`**/api/vehicles/${mustang.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Something went wrong on our side' }),
        })
      : route.fallback(),
  );
  await form.getByLabel('Trim').fill('SS 396');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Failed to update vehicle', 'Something went wrong on our side');
  forgiveHttpErrors(consoleErrors, 500);
  await expect(page).toHaveURL(new RegExp(`/vehicles/${mustang.id}/edit$`));
  await expect(form.getByLabel('Trim')).toHaveValue('SS 396');
  await expect(form.getByRole('combobox', { name: 'Model', exact: true })).toHaveText('Camaro');

  await page.unroute(`**/api/vehicles/${mustang.id}`);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${mustang.id}$`));
  expect(await readVehicle(page.request, mustang.id)).toMatchObject({
    make: 'Chevrolet',
    model: 'Camaro',
    trim: 'SS 396',
  });
});

test(
  'an id that is not a number, and a vehicle that is not yours',
  { tag: '@desktop-only' },
  async ({ page, playwright, baseURL, consoleErrors }, testInfo) => {
    await signUp(page.request);
    await page.goto('/vehicles/not-a-number/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Vehicle ID' })).toBeVisible();
    await expect(page.getByText('The vehicle ID provided is invalid.')).toBeVisible();
    await saveScreenshot(page, 'vehicle-edit-invalid-id', testInfo.project.name);

    // Another user, with a cookie jar of their own.
    const other = await playwright.request.newContext({ baseURL });
    await signUp(other);
    const theirs = await addVehicle(other, { year: 2020, make: 'Tesla', model: 'Model 3' });
    await other.dispose();

    await page.goto(`/vehicles/${theirs.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle not found' })).toBeVisible();
    await expect(
      page.getByText(
        "The vehicle you're looking for doesn't exist or you don't have access to it.",
      ),
    ).toBeVisible();
    forgiveHttpErrors(consoleErrors, 404);
    await page.getByRole('link', { name: 'Back to Vehicles' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
  },
);
