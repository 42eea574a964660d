/**
 * The odometer at the service on a maintenance record (decision 050): typed in the record form in
 * the chosen vehicle's unit and judged by the contract, shown on the record's card and in its
 * dialog, written into the vehicle's odometer history as a service record's reading, questioned when an
 * edit puts it below an earlier reading (decision 068) and confirmed when saved anyway, and gone
 * from both when cleared.
 */
import type { Locator, Page } from '@playwright/test';
import { forgiveHttpErrors } from './accounts-helpers';
import { localDay, shownDate } from './dates';
import { expect, pick, saveScreenshot, test } from './fixtures';
import { listRecords, recordCard } from './records-helpers';
import { addVehicle, expectToast, postCreated, signUp } from './scene';

// Several dialogs, saves and tab changes, on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

const ODOMETER_MESSAGE = 'Odometer must be a number from 0 to 10,000,000 with at most 1 decimal';

/** The vehicle page's odometer history, opened on its Fuel & Energy tab. */
async function openOdometerHistory(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const history = page.getByTestId('odometer-history');
  await expect(history.getByTestId('current-mileage')).toBeVisible();
  return history;
}

/** The record's card on the vehicle page's All Records tab. */
async function oilChangeCard(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'All Records' }).click();
  const card = recordCard(page, 'Oil Change');
  await expect(card).toBeVisible();
  return card;
}

async function editOdometer(page: Page, card: Locator, typed: string, question?: string) {
  await card.getByRole('button', { name: 'Edit Oil Change' }).click();
  const form = page.getByRole('form', { name: 'Edit maintenance' });
  await form.getByLabel('Odometer', { exact: true }).fill(typed);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  if (question !== undefined) {
    // Decision 068: questioned first, saved on the second, explicit confirmation.
    await expect(form.getByTestId('odometer-question')).toContainText(question);
    await form.getByRole('button', { name: 'Save anyway' }).click();
  }
  await expectToast(page, 'Maintenance updated', 'Your maintenance record has been updated.');
}

test('a maintenance record’s odometer: added, shown, questioned when edited lower, cleared @desktop-only', async ({
  page,
  consoleErrors,
}, testInfo) => {
  // Premium: the free plan keeps one vehicle, and the unit is seen following a second.
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    odometerUnit: 'mi',
  });
  await addVehicle(page.request, {
    year: 2021,
    make: 'Skoda',
    model: 'Octavia',
    odometerUnit: 'km',
  });
  // The reading before the service: 10 days ago at 44,800 mi.
  await postCreated(page.request, `/api/vehicles/${civic.id}/odometer`, {
    date: localDay(-10),
    odometer: 44800,
  });

  await page.goto('/records');
  await page.getByRole('button', { name: 'Add Maintenance' }).click();
  const form = page
    .getByRole('dialog', { name: 'Add New Record' })
    .getByRole('form', { name: 'Add maintenance' });
  const odometer = form.getByLabel('Odometer', { exact: true });
  const unit = form.getByTestId('input-suffix');
  // No vehicle is chosen yet, so no unit; the unit follows the vehicle chosen.
  await expect(unit).toHaveText('');
  await expect(form.getByText('The reading at the service, optional')).toBeVisible();
  await pick(page, form, 'Vehicle*', '2021 Skoda Octavia');
  await expect(unit).toHaveText('km');
  await pick(page, form, 'Vehicle*', '2019 Honda Civic');
  await expect(unit).toHaveText('mi');
  await pick(page, form, 'Category', 'Oil Change');
  await form.getByLabel('Date', { exact: true }).click();
  await page.getByRole('button', { name: 'Today', exact: true }).click();

  // The contract's schema judges the figure, its message under the field.
  await odometer.fill('-5');
  await form.getByRole('button', { name: 'Add Maintenance' }).click();
  await expect(form.getByText(ODOMETER_MESSAGE)).toBeVisible();
  await expect(odometer).toHaveAttribute('aria-invalid', 'true');
  await odometer.fill('45,210');
  await expect(form.getByText(ODOMETER_MESSAGE)).toHaveCount(0);
  await saveScreenshot(page, 'record-odometer-form', testInfo.project.name);
  await form.getByRole('button', { name: 'Add Maintenance' }).click();
  await expectToast(page, 'Maintenance added', 'Your maintenance record has been saved.');
  const [saved] = await listRecords(page.request, 'maintenance');
  expect(saved).toMatchObject({ title: 'Oil Change', date: localDay(), odometer: 45210 });

  // On the card and in the record's dialog, in the vehicle's unit.
  const card = recordCard(page, 'Oil Change');
  await expect(card.getByTestId('record-odometer')).toHaveText('Odometer 45,210 mi');
  await saveScreenshot(page, 'record-odometer-card', testInfo.project.name);
  await card.getByRole('button', { name: 'Oil Change', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Oil Change' });
  const shownOdometer = details
    .getByRole('region', { name: 'Basic Information' })
    .locator('dt', { hasText: 'Odometer' })
    .locator('xpath=following-sibling::dd[1]');
  await expect(shownOdometer).toHaveText('45,210 mi');
  await saveScreenshot(page, 'record-odometer-details', testInfo.project.name);
  await details.getByRole('button', { name: 'Close' }).click();

  // A service record's reading in the vehicle's odometer history, above the one before it.
  await page.goto(`/vehicles/${civic.id}`);
  let history = await openOdometerHistory(page);
  const today = shownDate(localDay());
  const atService = history.getByRole('listitem', { name: `45,210 mi on ${today}` });
  await expect(atService).toContainText('Service record');
  await expect(atService.getByTestId('reading-flag')).toHaveCount(0);
  await expect(history.getByTestId('current-mileage')).toHaveText('45,210 mi');

  // Edited to 44,500 mi, below the 44,800 mi of 10 days before: questioned, with the history's
  // expectation (44,800 alone gives no rate, so 44,800), and saved anyway it is confirmed.
  await editOdometer(
    page,
    await oilChangeCard(page),
    '44,500',
    'About 44,800 mi by your recent driving',
  );
  await expect((await oilChangeCard(page)).getByTestId('record-odometer')).toHaveText(
    'Odometer 44,500 mi',
  );
  history = await openOdometerHistory(page);
  const lower = history.getByRole('listitem', { name: `44,500 mi on ${today}` });
  await expect(lower.getByText('Confirmed')).toBeVisible();
  await expect(lower.getByTestId('reading-flag')).toHaveCount(0);
  await expect(history.getByTestId('current-mileage')).toHaveText('44,500 mi');

  // The edit form reads the stored figure back; cleared, it sends null and the reading goes.
  const edited = await oilChangeCard(page);
  await edited.getByRole('button', { name: 'Edit Oil Change' }).click();
  await expect(
    page.getByRole('form', { name: 'Edit maintenance' }).getByLabel('Odometer', { exact: true }),
  ).toHaveValue('44500');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await editOdometer(page, edited, '');
  await expect((await oilChangeCard(page)).getByTestId('record-odometer')).toHaveCount(0);
  const [cleared] = await listRecords(page.request, 'maintenance');
  expect(cleared?.odometer).toBeNull();
  history = await openOdometerHistory(page);
  await expect(history.getByTestId('odometer-reading')).toHaveCount(1);
  await expect(
    history.getByRole('listitem', { name: `44,800 mi on ${shownDate(localDay(-10))}` }),
  ).toBeVisible();
  await expect(history.getByTestId('reading-flag')).toHaveCount(0);
  forgiveHttpErrors(consoleErrors, 409);
});
