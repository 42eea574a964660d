/**
 * D49 on every signed-in page: a user whose garage was kept in miles and dollars switches to
 * kilometres, litres and euros in Account Settings › Units, then adds a car whose odometer
 * therefore shows km. Every amount of the dashboard, My Vehicles, the vehicle page, /records and
 * /expenses is then written in euros, the new car's mileages and D33's status line in km, and
 * the first car, whose dashboard still shows miles, keeps its miles.
 */
import type { Locator, Page } from '@playwright/test';
import type { Vehicle } from '../contract/vehicles';
import { localDay } from './dates';
import { expect, test } from './fixtures';
import { recordCard } from './records-helpers';
import { addRecord, addVehicle, expectToast, signUp } from './scene';

const vehicleCard = (page: Page, title: string) => page.getByRole('article', { name: title });

/** The figure a description list gives for `label`: the first description after its term. */
const figureOf = (scope: Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * The garage, figured by hand:
 *   Civic (miles, added first): bought for 12,500; at 45,000 mi; an oil change done for 89.50
 *     and a tire rotation open, due at 47,500 mi: 47,500 − 45,000 = 2,500 miles to go.
 *     Money Invested 12,500 + 89.50 = 12,589.50, nothing planned.
 *   Golf (added after the switch, so in km): at 60,000 km; a timing belt open for 450, due at
 *     61,200 km: 61,200 − 60,000 = 1,200 km to go. Money Invested 450, all of it planned.
 *   Total Invested 12,589.50 + 450 = 13,039.50, of which 450 planned. Maintenance 89.50 + 450 =
 *     539.50: 539.50 ÷ 13,039.50 = 4.1% → 4%; Vehicle Cost 12,500 ÷ 13,039.50 = 95.9% → 96%.
 */
test('amounts in euros and each odometer in its own unit on every page after a switch to km and euros @desktop-only', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    purchasePrice: 12500,
    mileage: 45000,
  });
  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    cost: 89.5,
    date: localDay(-10),
    isCompleted: true,
  });
  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Tire Rotation',
    title: 'Tire Rotation',
    dueMileage: 47500,
  });

  // Before: the spec's dollars.
  await page.goto('/vehicles');
  let civicCard = vehicleCard(page, '2019 Honda Civic');
  await expect(figureOf(civicCard, 'Money Invested')).toHaveText('$12,589.50');

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Units' }).click();
  const units = page.getByRole('form', { name: 'Units' });
  await units.getByRole('radio', { name: 'Kilometers' }).check();
  await units.getByRole('radio', { name: 'Liters' }).check();
  await units.getByLabel('Currency').selectOption('EUR');
  await units.getByRole('button', { name: 'Save Units' }).click();
  await expectToast(page, 'Preferences saved');

  // Inside the app, without a reload: the saved preferences are what every page draws with.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Vehicles' })
    .click();
  await expect(figureOf(civicCard, 'Money Invested')).toHaveText('€12,589.50');

  // A car added now reads km on its dashboard: the user's distance unit (decision 050).
  const golf: Vehicle = await addVehicle(page.request, {
    year: 2021,
    make: 'Volkswagen',
    model: 'Golf',
    mileage: 60000,
  });
  expect(golf.odometerUnit).toBe('km');
  await addRecord(page.request, 'maintenance', {
    vehicleId: golf.id,
    category: 'Timing Belt',
    title: 'Timing Belt',
    cost: 450,
    dueMileage: 61200,
  });

  await page.goto('/dashboard');
  const summary = page.getByRole('list', { name: 'Summary' });
  const totalInvested = summary.getByRole('listitem').filter({ hasText: 'Total Invested' });
  await expect(totalInvested.getByText('€13,039.50')).toBeVisible();
  await expect(totalInvested.getByTestId('planned-part')).toHaveText('incl. €450.00 planned');
  // Undated, so by due mileage: 47,500 before 61,200, each in its own car's unit.
  await expect(page.getByTestId('upcoming-services').getByTestId('upcoming-item')).toHaveText([
    /Tire Rotation.*Due at 47,500 mi \(2,500 mi to go\)$/,
    /Timing Belt.*Due at 61,200 km \(1,200 km to go\)$/,
  ]);

  await page.goto('/vehicles');
  civicCard = vehicleCard(page, '2019 Honda Civic');
  const golfCard = vehicleCard(page, '2021 Volkswagen Golf');
  await expect(civicCard).toContainText('45,000 mi');
  await expect(figureOf(civicCard, 'Money Invested')).toHaveText('€12,589.50');
  await expect(figureOf(civicCard, 'Planned Expenses')).toHaveText('€0.00');
  await expect(civicCard.getByTestId('vehicle-status')).toHaveText(
    'Tire Rotation due in 2,500 miles',
  );
  await expect(golfCard).toContainText('60,000 km');
  await expect(figureOf(golfCard, 'Money Invested')).toHaveText('€450.00');
  await expect(golfCard.getByTestId('planned-part')).toHaveText('incl. €450.00 planned');
  await expect(figureOf(golfCard, 'Planned Expenses')).toHaveText('€450.00');
  await expect(golfCard.getByTestId('vehicle-status')).toHaveText('Timing Belt due in 1,200 km');

  await page.goto(`/vehicles/${golf.id}`);
  const details = page.getByRole('region', { name: 'Vehicle Details' });
  await expect(figureOf(details, 'Total Expenses')).toHaveText('€450.00');
  await expect(figureOf(details, 'Money Invested')).toHaveText('€450.00');
  await expect(figureOf(details, 'Planned Expenses')).toHaveText('€450.00');
  await expect(figureOf(details, 'Mileage')).toHaveText('60,000 km');
  await expect(details.getByTestId('vehicle-status')).toHaveText('Timing Belt due in 1,200 km');
  await expect(page.getByText('1 record · €450.00')).toBeVisible();
  await expect(page.getByTestId('records-total-cost')).toHaveText('€450.00');
  const belt = recordCard(page, 'Timing Belt');
  await expect(belt.getByTestId('record-cost')).toHaveText('€450.00');
  await expect(belt.getByTestId('record-due')).toHaveText('Due at 61,200 km');
  await expect(page.getByTestId('vehicle-upcoming').getByTestId('upcoming-item')).toContainText(
    'Due at 61,200 km (1,200 km to go)',
  );
  // The record's dialog says it too.
  await belt.getByRole('button', { name: 'Timing Belt', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Timing Belt' });
  await expect(figureOf(dialog, 'Cost')).toHaveText('€450.00');
  await expect(figureOf(dialog, 'Due Mileage')).toHaveText('61,200 km');
  await page.keyboard.press('Escape');

  await page.goto('/records');
  await expect(recordCard(page, 'Oil Change').getByTestId('record-cost')).toHaveText('€89.50');
  await expect(recordCard(page, 'Timing Belt').getByTestId('record-due')).toHaveText(
    'Due at 61,200 km',
  );
  await expect(recordCard(page, 'Tire Rotation').getByTestId('record-due')).toHaveText(
    'Due at 47,500 mi',
  );

  await page.goto('/expenses');
  const totals = page.getByRole('list', { name: 'Expense totals' }).getByRole('listitem');
  await expect(totals.filter({ hasText: 'Total Invested' })).toContainText('€13,039.50');
  await expect(totals.filter({ hasText: 'Total Invested' }).getByTestId('planned-part')).toHaveText(
    'incl. €450.00 planned',
  );
  await expect(totals.filter({ hasText: 'Vehicle Cost' })).toContainText('€12,500.00');
  await expect(totals.filter({ hasText: 'Vehicle Cost' })).toContainText('96% of total');
  await expect(totals.filter({ hasText: 'Maintenance' })).toContainText('€539.50');
  await expect(totals.filter({ hasText: 'Maintenance' })).toContainText('4% of total');
  // Cost per distance: the Civic's completed oil change is its only running cost; neither car
  // has two odometer readings yet.
  const costPerDistance = page.getByTestId('cost-per-distance');
  await expect(costPerDistance.getByRole('heading', { name: 'Cost per Kilometer' })).toBeVisible();
  await expect(costPerDistance.getByRole('listitem').filter({ hasText: 'Civic' })).toContainText(
    '€89.50 service',
  );
  await page.getByRole('tab', { name: 'Expense Details' }).click();
  await expect(
    page.getByRole('region', { name: 'Top Maintenance' }).getByTestId('top-expense'),
  ).toHaveText([/Timing Belt.*€450\.00$/, /Oil Change.*€89\.50$/]);
});
