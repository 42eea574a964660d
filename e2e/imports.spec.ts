/**
 * Imports on screen: a Fuelly export uploaded from Account Settings › Data, its preview (the app
 * and why, the readings and their evidence, the rows that cannot be read), one of its vehicles
 * placed in the user's own, Import, its fill-ups on that vehicle's Fuel & Energy tab, then Undo
 * from Past imports and the fill-ups gone; a file whose dates read either way, which asks before
 * Import and is cancelled; and the preview page at both widths and in both themes, with axe
 * (the accessibility spec leaves this page to this one, since it needs an import to show).
 */
import type { Locator, Page } from '@playwright/test';
import { importCountsSchema, importPreviewSchema } from '../contract/schemas/imports';
import { expectNoSeriousViolations } from './axe';
import { expect, pick, saveScreenshot, settleAnimations, test } from './fixtures';
import {
  ambiguousDatesFile,
  dollarFuelingsFile,
  fuellyMetricFile,
  misspelledPartialFile,
  previewImport,
} from './imports-helpers';
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
  // The file reads without doubt; only its cars' years are not in it, so each new one asks.
  await expect(page.locator('[data-testid^="reading-"][data-needs-choice]')).toHaveCount(0);
  await expect(page.getByTestId('import-vehicle-details')).toHaveCount(2);
  await expect(
    page.locator('[data-testid="import-vehicle-details"][data-needs-choice]'),
  ).toHaveCount(2);
  // Fuelly's columns that hold nothing we keep are named, not dropped in silence.
  await expect(page.getByTestId('import-unknown-columns')).toContainText(
    'Not imported: l/100km, city_percentage, date_added, latitude, longitude',
  );
  // The rows as they will be stored: kilometres, litres, the user's dollars, full or partial.
  const sx4Rows = page.getByTestId('import-sample').filter({ hasText: 'My SX4' });
  await expect(sx4Rows.getByTestId('sample-energy').first()).toContainText('Jan 3, 2024');
  await expect(sx4Rows.getByTestId('sample-energy').first()).toContainText('222,998 km');
  await expect(sx4Rows.getByTestId('sample-energy').first()).toContainText('31.139 L');
  await expect(sx4Rows.getByTestId('sample-energy').first()).toContainText('$35.47');
  await expect(sx4Rows.getByTestId('sample-energy').nth(1)).toContainText('Partial');

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

  // The Ténéré stays new: its make and model are suggested from the file, its year typed.
  const tenere = page.getByRole('form', { name: 'Ténéré: year, make and model' });
  await expect(tenere).toContainText('Suggested from how the file names it');
  await expect(page.getByText('Confirm the highlighted choice to import.')).toBeVisible();
  await expect(tenere.getByLabel('Make')).toHaveValue('Yamaha');
  await expect(tenere.getByLabel('Model')).toHaveValue('Ténéré 700');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await tenere.getByLabel('Year').fill('1800');
  await tenere.getByRole('button', { name: 'Confirm details' }).click();
  await expect(tenere.getByRole('alert')).toHaveText('Year must be between 1886 and next year');
  await tenere.getByLabel('Year').fill('2021');
  await tenere.getByRole('button', { name: 'Confirm details' }).click();
  await expect(tenere).toContainText('Details confirmed.');
  await expect(tenere).not.toHaveAttribute('data-needs-choice');

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
  // The dates, and the Golf's year, which the file does not give.
  await expect(page.getByText('Confirm the 2 highlighted choices to import.')).toBeVisible();
  const golf = page.getByRole('form', { name: 'Golf: year, make and model' });
  await expect(golf.getByLabel('Make')).toHaveValue('Volkswagen');
  await expect(golf.getByLabel('Model')).toHaveValue('Golf');
  await golf.getByLabel('Year').fill('2019');
  await golf.getByRole('button', { name: 'Confirm details' }).click();
  await expect(page.getByText('Confirm the highlighted choice to import.')).toBeVisible();
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

test('a partial-fill column spelled otherwise is named as not imported, and its rows show read as full @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  await uploadFromDataSettings(page, misspelledPartialFile());
  const unknown = page.getByTestId('import-unknown-columns');
  await expect(unknown).toContainText(
    'Not imported: l/100km, city_percentage, date_added, partial_fuel_up',
  );
  await unknown.getByText('Column names Garage Ledger reads').click();
  await expect(unknown).toContainText('partial fuelup');
  // What apply would store: the partial fill-up of Jan 10 as a full one, for the user to see.
  const rows = page.getByTestId('import-sample').filter({ hasText: 'Corolla' });
  await expect(rows.getByTestId('sample-energy')).toHaveCount(2);
  await expect(rows.getByTestId('sample-energy').nth(1)).toContainText('Jan 10, 2024');
  await expect(rows.getByTestId('sample-energy').nth(1)).toContainText('10,500.5 km');
  await expect(rows.getByTestId('sample-energy').nth(1)).toContainText('20 L');
  await expect(rows.getByTestId('sample-energy').nth(1)).toContainText('$32.00');
  await expect(rows.getByTestId('sample-energy').nth(1)).toContainText('Full');
  await expect(rows.getByTestId('sample-energy').nth(1)).not.toContainText('Partial');
});

test('amounts in dollars for a euro garage ask a rate, show converted, and are stored converted @desktop-only', async ({
  page,
}, testInfo) => {
  await signUp(page.request);
  const euros = await page.request.patch('/api/user/preferences', {
    data: { currency: 'EUR', distanceUnit: 'km', volumeUnit: 'L' },
  });
  expect(euros.status()).toBe(200);
  await uploadFromDataSettings(page, dollarFuelingsFile());
  // The readings the file leaves open are confirmed as read (the readings' own test asks them).
  const id = page.url().split('/').pop();
  const shown = importPreviewSchema.parse(
    await (await page.request.get(`/api/imports/${id}`)).json(),
  );
  const readings: Record<string, string> = {
    decimalSeparator: shown.decimalSeparator.value,
    dateFormat: shown.dateFormat.value,
    distanceUnit: shown.units.distance.value,
    volumeUnit: shown.units.volume.value,
  };
  const open = shown.needsChoice.filter((name) => name in readings);
  if (open.length > 0) {
    const confirmed = await page.request.patch(`/api/imports/${id}`, {
      data: Object.fromEntries(open.map((name) => [name, readings[name]])),
    });
    expect(confirmed.status()).toBe(200);
    await page.reload();
  }
  const importButton = page.getByRole('button', { name: 'Import', exact: true });

  const currency = page.getByTestId('import-currency');
  await expect(currency).toHaveAttribute('data-needs-choice', '');
  await expect(currency).toContainText(
    "This file's amounts are in USD, and your garage keeps EUR.",
  );
  await expect(importButton).toBeDisabled();
  await currency.getByLabel('1 USD in EUR').fill('0,9');
  await currency.getByRole('button', { name: 'Convert' }).click();
  await expect(currency.getByRole('alert')).toHaveText(
    'Enter the rate as a positive number with a decimal point, such as 0.92',
  );
  await currency.getByLabel('1 USD in EUR').fill('0.9');
  await currency.getByRole('button', { name: 'Convert' }).click();
  await expect(currency).toContainText('Every amount is converted at 1 USD = 0.9 EUR.');
  await expect(currency).not.toHaveAttribute('data-needs-choice');
  // $40.00 at 0.9 is €36.00, $1.60/L €1.44/L.
  const fueling = page.getByTestId('sample-energy');
  await expect(fueling).toContainText('€36.00');
  await expect(fueling).toContainText('€1.44/L');
  await saveScreenshot(page, 'import-preview-currency', testInfo.project.name);

  // Spritmonitor names no car: nothing is suggested, all three are typed.
  const details = page.getByTestId('import-vehicle-details');
  await expect(details.getByLabel('Make')).toHaveValue('');
  await details.getByLabel('Year').fill('2021');
  await details.getByLabel('Make').fill('Volkswagen');
  await details.getByLabel('Model').fill('Passat');
  await details.getByRole('button', { name: 'Confirm details' }).click();
  await expect(details).toContainText('Details confirmed.');
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expectToast(page, 'Import complete');
  const [vehicle] = await (await page.request.get('/api/vehicles')).json();
  expect(vehicle).toMatchObject({ year: 2021, make: 'Volkswagen', model: 'Passat' });
  const entries = await (await page.request.get(`/api/vehicles/${vehicle.id}/energy`)).json();
  expect(JSON.stringify(entries)).toContain('"totalCost":36');
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
