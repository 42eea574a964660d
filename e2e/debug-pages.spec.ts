/**
 * The maintenance debug pages (001 §2, §8, D16, D17): the cards and the raw JSON of the user's
 * own maintenance records, `/direct-maintenance` for one vehicle, their empty and failure texts,
 * and no way to see someone else's records.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Vehicle } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expect, saveScreenshot, test } from './fixtures';
import { postCreated, signUp } from './scene';

async function premiumGarage(request: APIRequestContext) {
  await signUp(request, { plan: 'premium' });
  const civic = (await postCreated(request, '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
  })) as Vehicle;
  const bronco = (await postCreated(request, '/api/vehicles', {
    year: 2022,
    make: 'Ford',
    model: 'Bronco',
  })) as Vehicle;
  const oil = await postCreated(request, '/api/maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    description: '5W-30 synthetic',
    cost: '89.5',
    date: '2026-03-04',
    location: 'Main Street Garage',
    technician: 'Sam',
    isCompleted: true,
  });
  await postCreated(request, '/api/maintenance', {
    vehicleId: bronco.id,
    category: 'Tire Rotation',
    title: 'Tire Rotation',
    isCompleted: false,
  });
  return { civic, bronco, oil };
}

test('lists every maintenance record as a card with its raw JSON', async ({ page }, testInfo) => {
  const { civic, oil } = await premiumGarage(page.request);
  for (const path of ['/debug/maintenance', '/raw-maintenance']) {
    await page.goto(path);
    const cards = page.getByTestId('debug-maintenance-card');
    await expect(cards).toHaveCount(2);
    const oilCard = cards.filter({ hasText: 'Oil Change' });
    for (const text of [
      '5W-30 synthetic',
      'Mar 4, 2026',
      '$89.50',
      'Main Street Garage',
      'Sam',
      'Completed',
      String(oil.id),
      String(civic.id),
    ]) {
      await expect(oilCard).toContainText(text);
    }
    const tire = cards.filter({ hasText: 'Tire Rotation' });
    await expect(tire).toContainText('Pending');
    await expect(tire).toContainText('Not scheduled');
    await expect(tire).toContainText('Not specified');
    await expect(page.getByTestId('raw-json')).toContainText(`"id": ${oil.id}`);
  }
  await saveScreenshot(page, 'debug-maintenance', testInfo.project.name);
});

test('/direct-maintenance shows one vehicle: the one asked for, else the first added', async ({
  page,
}) => {
  const { civic, bronco } = await premiumGarage(page.request);
  await page.goto(`/direct-maintenance?vehicleId=${bronco.id}`);
  await expect(page.getByTestId('debug-vehicle-id')).toHaveText(`Vehicle ID ${bronco.id}`);
  await expect(page.getByTestId('debug-maintenance-card')).toHaveText([/Tire Rotation/]);

  await page.goto('/direct-maintenance');
  await expect(page.getByTestId('debug-vehicle-id')).toHaveText(`Vehicle ID ${civic.id}`);
  await expect(page.getByTestId('debug-maintenance-card')).toHaveText([/Oil Change/]);
});

test('the empty text, and someone else’s vehicle answers 404 like a missing one', async ({
  page,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  const other = await playwright.request.newContext({ baseURL });
  const theirs = await premiumGarage(other);
  await other.dispose();

  await signUp(page.request);
  await page.goto('/debug/maintenance');
  await expect(page.getByText('No maintenance records found.')).toBeVisible();
  await expect(page.getByTestId('debug-maintenance-card')).toHaveCount(0);

  await page.goto(`/direct-maintenance?vehicleId=${theirs.civic.id}`);
  await expect(page.getByRole('alert')).toHaveText('Error 404: Not Found');
  await expect(page.getByText('Oil Change')).toHaveCount(0);
  forgiveHttpErrors(consoleErrors, 404);
});

test('a signed-out visitor is sent to sign in', async ({ page }) => {
  await page.goto('/raw-maintenance');
  await expect(page).toHaveURL(/\/auth/);
});

test('/records-fixed: the simple records list, its search and its no-match text', async ({
  page,
}, testInfo) => {
  await premiumGarage(page.request);
  await page.goto('/records-fixed');
  await expect(page.getByRole('heading', { level: 1, name: 'Records' })).toBeVisible();
  const cards = page.getByTestId('record-card');
  await expect(cards).toHaveCount(2);
  const search = page.getByRole('searchbox', { name: 'Search records' });
  await expect(search).toHaveAttribute('placeholder', 'Search records...');
  await search.fill('synthetic');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Oil Change');
  await saveScreenshot(page, 'records-fixed', testInfo.project.name);
  await search.fill('no such record');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No records match your search.')).toBeVisible();
});
