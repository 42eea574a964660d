/**
 * Imports on screen: a Fuelly export uploaded from Account Settings › Data, its preview (the app
 * and why, the readings and their evidence, the rows that cannot be read), one of its vehicles
 * placed in the user's own, Import, its fill-ups on that vehicle's Fuel & Energy tab, then Undo
 * from Past imports and the fill-ups gone; a file whose dates read either way, which asks before
 * Import and is cancelled; and the preview page at both widths and in both themes, with axe
 * (the accessibility spec leaves this page to this one, since it needs an import to show).
 */
import type { Locator, Page } from '@playwright/test';
import { importCountsSchema } from '../contract/schemas/imports';
import { expectNoSeriousViolations } from './axe';
import { expect, pick, saveScreenshot, settleAnimations, test } from './fixtures';
import { ambiguousDatesFile, fuellyMetricFile, previewImport } from './imports-helpers';
import { addVehicle, expectToast, type FilePayload, signUp } from './scene';

// Uploads, a preview, an import and its undo: several round trips on a shared machine.
test.describe.configure({ timeout: 60_000 });

/** Opens Account Settings on Data, uploads `file` as an import and waits for its preview page. */
async function uploadFromDataSettings(page: Page, file: FilePayload) {
  await page.goto('/account?section=data');
  const card = page.getByTestId('import-upload');
  await expect(card.getByTestId('import-apps')).toContainText('Fuelly');
  await card.getByLabel('Export files').setInputFiles(file);
  await expect(card.getByRole('list', { name: 'Chosen files' })).toHaveText(file.name);
  await card.getByRole('button', { name: 'Upload and preview' }).click();
  await expect(page).toHaveURL(/\/account\/imports\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your import' })).toBeVisible();
}

const count = (scope: Locator | Page, kind: string) => scope.getByTestId(`count-${kind}`);

test('a Fuelly export goes into a vehicle of the garage, its fill-ups show on it, and Undo takes them away @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const suzuki = await addVehicle(page.request, {
    year: 2014,
    make: 'Suzuki',
    model: 'SX4 Crossover',
    odometerUnit: 'km',
  });

  await uploadFromDataSettings(page, fuellyMetricFile());
  await expect(page.getByText('fuelly-metric.csv', { exact: true })).toBeVisible();
  const format = page.getByTestId('import-format');
  await expect(format).toContainText('This is a Fuelly export.');
  await expect(format).toContainText("Fuelly's header: car_name, fuelup_date, litres");
  const distance = page.getByTestId('reading-distanceUnit');
  await expect(distance.getByRole('combobox', { name: 'Distance unit' })).toHaveText('Kilometers');
  await expect(distance).toContainText('Fuelly\'s header names a column "km"');
  await expect(
    page.getByTestId('reading-volumeUnit').getByRole('combobox', { name: 'Volume unit' }),
  ).toHaveText('Liters');
  // Nothing is uncertain in this file: Import is there to press.
  await expect(page.locator('[data-needs-choice]')).toHaveCount(0);

  // Both of the file's vehicles would be new, with the four fill-ups that can be read.
  const counts = page.getByTestId('import-counts');
  await expect(count(counts, 'vehicles')).toHaveText('Vehicles2');
  await expect(count(counts, 'energy')).toHaveText('Fill-ups and charges4');
  const problems = page.getByTestId('import-problems');
  await problems.getByText("2 rows can't be read").click();
  await expect(problems.getByRole('listitem')).toHaveText([
    'fuelly-metric.csv, line 6Fuel quantity missing',
    'fuelly-metric.csv, line 7No date',
  ]);

  // My SX4 goes into the user's Suzuki: one vehicle fewer to create.
  const sx4 = page.getByTestId('import-vehicle').filter({ hasText: 'My SX4' });
  await expect(sx4).toContainText('3 fill-ups and charges');
  await pick(page, sx4, 'Where My SX4 goes', '2014 Suzuki SX4 Crossover');
  await expect(count(counts, 'vehicles')).toHaveText('Vehicles1');
  await expect(count(counts, 'energy')).toHaveText('Fill-ups and charges4');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Import complete');
  const result = page.getByTestId('import-result');
  await expect(count(result, 'vehicles')).toHaveText('Vehicles1');
  await expect(count(result, 'energy')).toHaveText('Fill-ups and charges4');
  await result.getByRole('link', { name: 'Open 2014 Suzuki SX4 Crossover' }).click();
  await expect(page).toHaveURL(`/vehicles/${suzuki.id}`);
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const tab = page.getByTestId('fuel-energy-tab');
  await expect(tab.getByTestId('energy-entry')).toHaveCount(3);
  await expect(tab.getByTestId('energy-entry').first()).toContainText('Jan 20, 2024');

  // Past imports lists it; Undo asks, then removes exactly what it added.
  await page.goto('/account?section=data');
  const past = page.getByTestId('past-import');
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('Fuelly');
  await expect(past).toContainText('Imported');
  await expect(past).toContainText('fuelly-metric.csv');
  await expect(past).toContainText('Added 1 vehicle, 4 fill-ups and charges');
  const listed = await page.request.get('/api/imports');
  const added = importCountsSchema.parse((await listed.json())[0].added);
  expect(added).toMatchObject({ vehicles: 1, energy: 4 });
  await past.getByRole('button', { name: /^Undo the Fuelly import of / }).click();
  const question = page.getByRole('alertdialog', { name: 'Undo this import?' });
  await expect(question).toContainText(
    'This removes the 5 entries this import added. Entries you added yourself stay.',
  );
  await question.getByRole('button', { name: 'Undo import' }).click();
  await expectToast(page, 'Import undone');
  await expect(question).toBeHidden();
  await expect(past).toContainText('Undone');
  await expect(past).toContainText('Removed 1 vehicle, 4 fill-ups and charges');
  await expect(past.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

  await page.goto(`/vehicles/${suzuki.id}`);
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  await expect(tab.getByText('No fill-ups or charges yet')).toBeVisible();
  await expect(tab.getByTestId('energy-entry')).toHaveCount(0);
  // The user's own vehicle stays; the one the import created is gone.
  const vehicles = await (await page.request.get('/api/vehicles')).json();
  expect(vehicles.map((vehicle: { id: number }) => vehicle.id)).toEqual([suzuki.id]);
});

test('a file whose dates read either way asks how before Import, and Cancel discards it @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  await uploadFromDataSettings(page, ambiguousDatesFile());

  const dates = page.getByTestId('reading-dateFormat');
  await expect(dates).toHaveAttribute('data-needs-choice', '');
  await expect(dates).toContainText("This file's dates read either way. Choose how to read them.");
  await expect(dates).toContainText('The file writes dates such as 03/04/2024.');
  await expect(dates.getByRole('combobox', { name: 'Date order' })).toHaveText('Choose...');
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await expect(page.getByText('Confirm the highlighted reading to import.')).toBeVisible();
  await expect(count(page.getByTestId('import-counts'), 'energy')).toHaveText(
    'Fill-ups and charges3',
  );

  await pick(page, dates, 'Date order', 'Day first (31/12/2024)');
  await expect(dates).toContainText('03/04/2024 is read as Apr 3, 2024.');
  await expect(dates).not.toHaveAttribute('data-needs-choice');
  await expect(importButton).toBeEnabled();

  // Read the other way round, the same date is the 4th of March.
  await pick(page, dates, 'Date order', 'Month first (12/31/2024)');
  await expect(dates).toContainText('03/04/2024 is read as Mar 4, 2024.');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Import cancelled');
  await expect(page).toHaveURL('/account?section=data');
  const past = page.getByTestId('past-import');
  await expect(past).toContainText('Cancelled');
  await expect(past.getByRole('link', { name: 'Continue' })).toHaveCount(0);
  expect(await (await page.request.get('/api/vehicles')).json()).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(theme, () => {
    test.use({ colorScheme: theme });

    // The layout is judged at both widths in light; dark changes colours only, so once.
    const tag = theme === 'dark' ? ' @desktop-only' : '';
    test(`the preview page, ${theme}: its lists stack and its selects fill a phone, with no serious accessibility violations${tag}`, async ({
      page,
      isMobile,
    }, testInfo) => {
      await signUp(page.request);
      await addVehicle(page.request, { year: 2014, make: 'Suzuki', model: 'SX4 Crossover' });
      const preview = await previewImport(page.request, fuellyMetricFile());
      await page.goto(`/account/imports/${preview.id}`);
      await expect(page.getByTestId('import-vehicle')).toHaveCount(2);
      await page.getByTestId('import-problems').getByText("2 rows can't be read").click();
      await settleAnimations(page);
      await saveScreenshot(page, `import-preview-${theme}`, testInfo.project.name);
      await expectNoSeriousViolations(page);

      const main = await page.getByRole('main').boundingBox();
      const select = await page.getByRole('combobox', { name: 'Where My SX4 goes' }).boundingBox();
      const vehicleRow = await page.getByTestId('import-vehicle').first().boundingBox();
      const readings = page.locator('[data-testid^="reading-"]');
      const first = await readings.nth(0).boundingBox();
      const second = await readings.nth(1).boundingBox();
      expect(main && select && vehicleRow && first && second).toBeTruthy();
      if (isMobile) {
        // One column: each reading under the other, the vehicle's select as wide as its row.
        expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
        expect(select!.width).toBeGreaterThan(vehicleRow!.width - 40);
        expect(main!.width).toBeLessThanOrEqual(390);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(390);
      } else {
        // Two readings side by side, and the select beside the vehicle's name.
        expect(second!.y).toBe(first!.y);
        expect(select!.width).toBeLessThan(vehicleRow!.width / 2);
      }
    });
  });
}
