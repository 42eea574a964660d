/**
 * A self-hosted server that sells nothing (PLAN_LIMITS at its default, auto, and no payment
 * link; docs/decisions/034): a new user meets no plan wall. A second vehicle and a second record
 * go in as the first did, and Account Settings › Plan says that this server has no plan limits.
 * The shared server of the other specs sells Premium, and its free plan keeps the spec's limits
 * (payments.spec.ts, records.spec.ts).
 */

import { EXTRA_SERVER_FIXTURE, type ExtraServer, startExtraServer } from './extra-server';
import { expect, saveScreenshot, test as shared } from './fixtures';
import { addRecord, addVehicle, signUp } from './scene';

const test = shared.extend<object, { selfHosted: ExtraServer }>({
  selfHosted: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const server = await startExtraServer({});
      await use(server);
      await server.stop();
    },
    EXTRA_SERVER_FIXTURE,
  ],
  baseURL: async ({ selfHosted }, use) => use(selfHosted.url),
});

test('no payment link, no plan wall: a second vehicle and record, and the plan card says why', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUp(page.request, { plan: 'free' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'maintenance', { vehicleId: civic.id, category: 'Oil Change' });

  // The second vehicle: the Add Vehicle form, never the upgrade dialog.
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const addVehicleDialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await expect(addVehicleDialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(addVehicleDialog).toBeHidden();
  await addVehicle(page.request, { year: 2021, make: 'Mazda', model: 'MX-5' });

  // The second record: the Add New Record dialog, never the upgrade dialog.
  await page.goto('/records');
  await page.getByRole('button', { name: 'Add Maintenance' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Record' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await addRecord(page.request, 'repair', { vehicleId: civic.id, category: 'Engine' });

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Plan' }).click();
  const plan = page.getByTestId('plan-settings');
  await expect(page.getByTestId('plan-period')).toHaveText(
    'This server has no plan limits: everything is included.',
  );
  await expect(plan).toContainText('All included');
  await expect(plan).not.toContainText('$0');
  await expect(page.getByTestId('plan-vehicles')).toHaveText('2 vehicles · unlimited');
  await expect(page.getByTestId('plan-records')).toHaveText('2 records · unlimited');
  await expect(plan.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await saveScreenshot(page, 'account-plan-self-hosted', testInfo.project.name);
});
