/**
 * Fuel, charging and the odometer on screen (decision 050, 051): "Log fuel" in one tap from the
 * dashboard on a phone with two of the three amounts and the third derived; a second full fill-up
 * and its economy on the vehicle's Fuel & Energy tab; a partial fill's reason; a charge of an
 * electric car; a typo reading flagged, fixed, and another confirmed; the user switched to
 * kilometres, litres and L/100 km and every figure of the tab following; axe on the tab and the
 * dialog in both themes, and screenshots of the tab, the dialog and the units.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Vehicle } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { localDay, shownDate } from './dates';
import { expect, pick, saveScreenshot, settleAnimations, test } from './fixtures';
import { addVehicle, expectToast, pdfFile, postCreated, signUp } from './scene';

// Several dialogs and saves a test, on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

/**
 * The three fill-ups of these tests, as `POST /api/vehicles/{id}/energy` takes them: two full
 * tanks 321.4 mi apart, then a partial one.
 *   1. 10 days ago at 42,000 mi: 10.5 gal at $3.459 → $36.32 (10.5 × 3.459 = 36.3195)
 *   2. 3 days ago at 42,321.4 mi: 9.876 gal for $36.54 → $3.70/gal (36.54 ÷ 9.876 = 3.69988)
 *   3. yesterday at 42,500 mi: 4 gal at $3.50, partial → $14.00
 * Economy of span 1→2: 321.4 mi ÷ 9.876 gal = 32.5435 MPG → "32.5 MPG".
 */
const FILL_UPS = [
  { date: localDay(-10), odometer: 42000, quantity: 10.5, unitPrice: 3.459, isFull: true },
  { date: localDay(-3), odometer: 42321.4, quantity: 9.876, totalCost: 36.54, isFull: true },
  { date: localDay(-1), odometer: 42500, quantity: 4, unitPrice: 3.5, isFull: false },
] as const;

async function civicWithFillUps(request: APIRequestContext): Promise<Vehicle> {
  // No mileage: a reading dated today at creation would sit below the fill-ups' readings.
  const civic = await addVehicle(request, { year: 2019, make: 'Honda', model: 'Civic' });
  for (const fillUp of FILL_UPS) {
    await postCreated(request, `/api/vehicles/${civic.id}/energy`, {
      energy: 'gasoline',
      unit: 'galUS',
      ...fillUp,
    });
  }
  return civic;
}

async function openFuelTab(page: Page, vehicleId: number): Promise<Locator> {
  await page.goto(`/vehicles/${vehicleId}`);
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const tab = page.getByTestId('fuel-energy-tab');
  await expect(tab.getByTestId('energy-entry').first()).toBeVisible();
  return tab;
}

/** The tab's entries, newest first. */
const entries = (tab: Locator) => tab.getByTestId('energy-entry');
const tileFigure = (tab: Locator, testId: string) =>
  tab.getByTestId(testId).locator('[data-slot="figure"]');

test('a fill-up logged from the dashboard in one tap, a second one, and its economy on the vehicle page', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto('/dashboard');

  // One tap: the dashboard's first button opens the dialog.
  await page.getByRole('button', { name: 'Log fuel' }).click();
  let dialog = page.getByRole('dialog', { name: 'Log fuel' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Date').fill(localDay(-10));
  await dialog.getByLabel('Odometer (mi)').fill('42000');
  await dialog.getByLabel('Quantity (gal)').fill('10.5');
  await dialog.getByLabel('Price per gal').fill('3.459');
  // 10.5 gal × $3.459 = $36.3195 → $36.32, shown as it is typed.
  await expect(dialog.getByLabel('Total cost')).toHaveValue('36.32');
  await expect(dialog.getByText('Calculated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save fill-up' }).click();
  await expectToast(page, 'Fill-up logged');
  await expect(dialog).toBeHidden();

  // The second full tank, from the vehicle page: quantity and total, the price derived.
  await page.goto(`/vehicles/${civic.id}`);
  await page.getByRole('button', { name: 'Log fuel' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Log fuel' });
  await dialog.getByLabel('Date').fill(localDay(-3));
  await dialog.getByLabel('Odometer (mi)').fill('42321.4');
  await dialog.getByLabel('Quantity (gal)').fill('9.876');
  await dialog.getByLabel('Total cost').fill('36.54');
  // $36.54 ÷ 9.876 gal = $3.69988 → $3.700.
  await expect(dialog.getByLabel('Price per gal')).toHaveValue('3.7');
  await dialog.getByRole('button', { name: 'Save fill-up' }).click();
  await expectToast(page, 'Fill-up logged');

  // A partial one: its row says why it has no figure yet.
  await page.getByRole('button', { name: 'Log fuel' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Log fuel' });
  await dialog.getByLabel('Date').fill(localDay(-1));
  await dialog.getByLabel('Odometer (mi)').fill('42500');
  await dialog.getByLabel('Quantity (gal)').fill('4');
  await dialog.getByLabel('Price per gal').fill('3.5');
  await dialog.getByRole('switch', { name: 'Filled to full' }).click();
  await dialog.getByRole('button', { name: 'Save fill-up' }).click();
  await expectToast(page, 'Fill-up logged');

  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const tab = page.getByTestId('fuel-energy-tab');
  await expect(entries(tab)).toHaveCount(3);
  // Newest first: the partial one, the span 1→2's closing one, the first fill-up.
  await expect(entries(tab).nth(0).getByTestId('entry-economy')).toHaveText(
    'Partial: economy comes with the next full fill-up',
  );
  // 321.4 mi ÷ 9.876 gal = 32.5435 MPG.
  await expect(entries(tab).nth(1).getByTestId('entry-economy')).toHaveText('32.5 MPG');
  await expect(entries(tab).nth(2).getByTestId('entry-economy')).toHaveText(
    'First fill-up: economy starts from the next full one',
  );
  await expect(tileFigure(tab, 'economy-gasoline')).toHaveText('32.5 MPG');
  await expect(entries(tab).nth(1).getByTestId('entry-price')).toHaveText('$3.70/gal');
});

test('every figure of the tab follows the user to kilometres, litres and L/100 km @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await civicWithFillUps(page.request);
  let tab = await openFuelTab(page, civic.id);

  // In the spec's units: miles, US gallons, MPG, dollars.
  await expect(tileFigure(tab, 'economy-gasoline')).toHaveText('32.5 MPG');
  // 42,500 − 42,000 = 500 mi driven; ($36.32 + $36.54 + $14.00) ÷ 500 mi = $0.17372/mi, which
  // the server gives to the cent.
  await expect(tileFigure(tab, 'distance-driven')).toHaveText('500 mi');
  await expect(tileFigure(tab, 'cost-per-distance')).toHaveText('$0.17/mi');
  await expect(tileFigure(tab, 'total-cost')).toHaveText('$86.86');
  await expect(entries(tab).nth(1).getByTestId('entry-quantity')).toHaveText('9.876 gal');
  await expect(entries(tab).nth(1).getByTestId('entry-price')).toHaveText('$3.70/gal');

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Units' }).click();
  const units = page.getByRole('form', { name: 'Units' });
  await units.getByRole('radio', { name: 'Kilometers' }).check();
  await units.getByRole('radio', { name: 'Liters' }).check();
  await units.getByRole('radio', { name: 'L/100 km', exact: true }).check();
  await units.getByRole('button', { name: 'Save Units' }).click();
  await expectToast(page, 'Preferences saved');

  tab = await openFuelTab(page, civic.id);
  // 9.876 gal × 3.785411784 = 37.3847 L over 321.4 mi × 1.609344 = 517.2432 km:
  // 100 × 37.3847 ÷ 517.2432 = 7.2277 L/100 km.
  await expect(tileFigure(tab, 'economy-gasoline')).toHaveText('7.2 L/100 km');
  await expect(entries(tab).nth(1).getByTestId('entry-economy')).toHaveText('7.2 L/100 km');
  // 500 mi × 1.609344 = 804.672 km; $86.86 ÷ 804.672 km = $0.10794/km → $0.11.
  await expect(tileFigure(tab, 'distance-driven')).toHaveText('804.7 km');
  await expect(tab.getByTestId('cost-per-distance')).toContainText('Cost per km');
  await expect(tileFigure(tab, 'cost-per-distance')).toHaveText('$0.11/km');
  // Quantities in litres: 4 gal = 15.1416 L, 9.876 gal = 37.3847 L, 10.5 gal = 39.7468 L.
  await expect(entries(tab).getByTestId('entry-quantity')).toHaveText([
    '15.142 L',
    '37.385 L',
    '39.747 L',
  ]);
  // Prices per litre: $3.50 ÷ 3.785411784 = $0.9246, $3.70 → $0.9774, $3.459 → $0.9138.
  await expect(entries(tab).getByTestId('entry-price')).toHaveText([
    '$0.925/L',
    '$0.977/L',
    '$0.914/L',
  ]);
  // The odometer stays in the unit the car's dashboard shows.
  await expect(entries(tab).nth(1).getByTestId('entry-odometer')).toHaveText('42,321.4 mi');
});

test('the oldest fill-ups of a long history show their economy too @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const car = await addVehicle(page.request, { year: 2015, make: 'Toyota', model: 'Corolla' });
  // 205 full tanks a day apart: 204 spans, more than the 200 the whole-history answer lists, so
  // the spans of the four oldest closing fill-ups come from the read of their own page.
  //   fill-up 1 at 10,000 mi (first fill), fill-up 2 at 10,250 mi: 250 mi ÷ 10 gal = 25 MPG;
  //   every later one 300 mi on: 300 mi ÷ 10 gal = 30 MPG.
  for (let index = 0; index < 205; index += 1) {
    await postCreated(page.request, `/api/vehicles/${car.id}/energy`, {
      energy: 'gasoline',
      unit: 'galUS',
      date: localDay(index - 205),
      odometer: index === 0 ? 10000 : 10250 + (index - 1) * 300,
      quantity: 10,
      unitPrice: 3,
      isFull: true,
    });
  }
  const tab = await openFuelTab(page, car.id);
  await expect(entries(tab).first().getByTestId('entry-economy')).toHaveText('30 MPG');
  // Four more pages of 50 bring the oldest five.
  for (let shown = 50; shown < 205; shown += 50) {
    await expect(entries(tab)).toHaveCount(shown);
    await tab.getByRole('button', { name: 'Load more', exact: true }).click();
  }
  await expect(entries(tab)).toHaveCount(205);
  await expect(tab.getByRole('button', { name: 'Load more', exact: true })).toHaveCount(0);
  // Newest first: the list's last row is fill-up 1, the one before it fill-up 2.
  await expect(entries(tab).nth(203).getByTestId('entry-economy')).toHaveText('25 MPG');
  await expect(entries(tab).nth(202).getByTestId('entry-economy')).toHaveText('30 MPG');
  await expect(entries(tab).nth(204)).toContainText('First fill-up');
});

test('a charge of an electric car: Log charge, the charger and the state of charge @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const ev = await addVehicle(page.request, {
    year: 2023,
    make: 'Tesla',
    model: 'Model 3',
    energies: ['electricity'],
    batteryCapacity: 75,
  });
  await page.goto(`/vehicles/${ev.id}`);
  await page.getByRole('button', { name: 'Log charge' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log charge' });
  await expect(dialog.getByRole('switch', { name: 'Charged to my usual level' })).toBeChecked();
  await dialog.getByLabel('Odometer (mi)').fill('12000');
  await dialog.getByLabel('Energy (kWh)').fill('42.5');
  await dialog.getByLabel('Price per kWh').fill('0.32');
  // 42.5 kWh × $0.32 = $13.60.
  await expect(dialog.getByLabel('Total cost')).toHaveValue('13.60');
  await dialog.getByRole('radio', { name: 'DC fast' }).check();
  await dialog.getByLabel('Charge before').fill('20');
  await dialog.getByLabel('Charge after').fill('80');
  // The receipt goes up through the records' upload path and is linked from the entry.
  await dialog.getByLabel('Attach PDF').setInputFiles(pdfFile('charging-receipt.pdf'));
  await expect(dialog.getByText('charging-receipt.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save charge' }).click();
  await expectToast(page, 'Charge logged');

  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const tab = page.getByTestId('fuel-energy-tab');
  await expect(entries(tab)).toHaveCount(1);
  await expect(entries(tab).first().getByTestId('entry-quantity')).toHaveText('42.5 kWh');
  await expect(entries(tab).first().getByTestId('entry-price')).toHaveText('$0.32/kWh');
  await expect(entries(tab).first().getByTestId('entry-total')).toHaveText('$13.60');
  await expect(entries(tab).first()).toContainText('Charged to my usual level');
  const receipt = entries(tab).first().getByRole('link', { name: 'Receipt' });
  await expect(receipt).toHaveAttribute('href', /^\/uploads\//);
});

test('a typo reading is questioned and fixed, and a lower one saved anyway is confirmed @desktop-only', async ({
  page,
  consoleErrors,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const car = await addVehicle(page.request, { year: 2018, make: 'Mazda', model: 'CX-5' });
  const reading = (date: string, odometer: number) =>
    postCreated(page.request, `/api/vehicles/${car.id}/odometer`, { date, odometer });
  await reading(localDay(-20), 10000);
  await reading(localDay(-10), 10500);

  await page.goto(`/vehicles/${car.id}`);
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const history = page.getByTestId('odometer-history');
  await history.getByRole('button', { name: 'Add reading' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a reading' });
  await dialog.getByLabel('Odometer (mi)').fill('105000');
  await dialog.getByRole('button', { name: 'Add reading' }).click();

  // 94,500 mi in 10 days is past 2,000 km a day: questioned, with what the history expected:
  // (10,500 − 10,000) ÷ 10 days = 50 mi a day; 10,500 + 50 × 10 = 11,000 mi today.
  const question = dialog.getByTestId('odometer-question');
  await expect(question).toContainText(
    'This reading means more distance per day than a car can drive.',
  );
  await expect(question).toContainText('About 11,000 mi by your recent driving');
  await dialog.getByLabel('Odometer (mi)').fill('10800');
  await expect(question).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add reading' }).click();
  await expectToast(page, 'Reading added');
  await expect(history.getByTestId('current-mileage')).toHaveText('10,800 mi');
  await expect(history.getByTestId('reading-flag')).toHaveCount(0);

  // A reading lower than the one before it (a replaced cluster, say), saved anyway: confirmed.
  await history.getByRole('button', { name: 'Add reading' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a reading' });
  await dialog.getByLabel('Odometer (mi)').fill('300');
  await dialog.getByRole('button', { name: 'Add reading' }).click();
  await expect(question).toContainText('This reading is lower than the one before it.');
  await question.getByRole('button', { name: 'Save anyway' }).click();
  await expectToast(page, 'Reading added');
  const lower = history.getByRole('listitem', { name: `300 mi on ${shownDate(localDay())}` });
  await expect(lower.getByText('Confirmed')).toBeVisible();
  await expect(lower.getByTestId('reading-flag')).toHaveCount(0);
  // The same day's 10,800 now follows the confirmed 300 (a day's pair in odometer order).
  await expect(history.getByTestId('current-mileage')).toHaveText('300 mi');
  forgiveHttpErrors(consoleErrors, 409);
});

test('with several vehicles the dialog asks which; an entry edited and one deleted @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  await addVehicle(page.request, { year: 2022, make: 'Ford', model: 'Bronco' });
  const civic = await civicWithFillUps(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Log fuel' }).click();
  let dialog = page.getByRole('dialog', { name: 'Log fuel' });
  await dialog.getByLabel('Vehicle').selectOption({ label: '2019 Honda Civic' });
  await dialog.getByLabel('Odometer (mi)').fill('42800');
  await dialog.getByLabel('Quantity (gal)').fill('8.5');
  await dialog.getByLabel('Total cost').fill('31.45');
  await dialog.getByRole('button', { name: 'Save fill-up' }).click();
  await expectToast(page, 'Fill-up logged');

  const tab = await openFuelTab(page, civic.id);
  await expect(entries(tab)).toHaveCount(4);
  // The span from the full tank at 42,321.4 mi: the partial 4 gal and these 8.5 gal over
  // 42,800 − 42,321.4 = 478.6 mi: 478.6 ÷ 12.5 = 38.288 MPG.
  await expect(entries(tab).first().getByTestId('entry-economy')).toHaveText('38.3 MPG');

  // Edited: 9 gal for the same $31.45 (the price follows): 478.6 ÷ 13 = 36.815 MPG.
  dialog = page.getByRole('dialog', { name: 'Edit fill-up' });
  // The tab's list may be drawn again as the answers the save changed come back, and a click on
  // the list as it is replaced opens nothing: clicked again until the dialog is open.
  await expect(async () => {
    await entries(tab)
      .first()
      .getByRole('button', { name: /^Edit Fill-up/ })
      .click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByLabel('Total cost')).toHaveValue('31.45');
  await dialog.getByLabel('Quantity (gal)').fill('9');
  // $31.45 ÷ 9 gal = $3.4944 → $3.494.
  await expect(dialog.getByLabel('Price per gal')).toHaveValue('3.494');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Fill-up updated');
  await expect(entries(tab).first().getByTestId('entry-economy')).toHaveText('36.8 MPG');

  // The partial one deleted: 478.6 mi ÷ 9 gal = 53.178 MPG.
  await entries(tab)
    .nth(1)
    .getByRole('button', { name: /^Delete Fill-up/ })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Delete this fill-up?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Energy entry deleted');
  await expect(entries(tab)).toHaveCount(3);
  await expect(entries(tab).first().getByTestId('entry-economy')).toHaveText('53.2 MPG');
});

test('the vehicle form’s Fuel & energy section makes a car electric, with its odometer in km @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const car = await addVehicle(page.request, { year: 2021, make: 'Nissan', model: 'Leaf' });
  await page.goto(`/vehicles/${car.id}`);
  await expect(page.getByRole('button', { name: 'Log fuel' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Vehicle' });
  const section = dialog.getByRole('button', { name: /Fuel & energy/ });
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await section.click();
  await pick(page, dialog, 'Runs on', 'Electricity');
  await dialog.getByLabel('Battery capacity (kWh)').fill('40');
  await dialog.getByRole('radio', { name: 'Kilometers' }).check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Vehicle updated', 'Your vehicle has been successfully updated.');
  await expect(page.getByRole('button', { name: 'Log charge' })).toBeVisible();
  const stored = (await (await page.request.get(`/api/vehicles/${car.id}`)).json()) as Vehicle;
  expect(stored).toMatchObject({
    energies: ['electricity'],
    batteryCapacity: 40,
    tankCapacity: null,
    odometerUnit: 'km',
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme}`, () => {
    test.use({ colorScheme: theme });

    // Dark changes colours, never layout: the phone judges the light theme, the desktop both.
    test(`the tab, the log dialog and the units, ${theme}: no serious accessibility violations${theme === 'dark' ? ' @desktop-only' : ''}`, async ({
      page,
    }, testInfo) => {
      await signUp(page.request, { plan: 'premium' });
      const civic = await civicWithFillUps(page.request);
      const tab = await openFuelTab(page, civic.id);
      await expect(tab.getByTestId('economy-chart').locator('svg')).toBeVisible();
      await settleAnimations(page);
      await saveScreenshot(page, `energy-tab-${theme}`, testInfo.project.name);
      await expectNoSeriousViolations(page);

      await tab.getByRole('button', { name: 'Log fuel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log fuel' });
      await dialog.getByLabel('Quantity (gal)').fill('10');
      await dialog.getByLabel('Price per gal').fill('3.599');
      await expect(dialog.getByLabel('Total cost')).toHaveValue('35.99');
      await settleAnimations(page);
      await saveScreenshot(page, `energy-log-dialog-${theme}`, testInfo.project.name);
      await expectNoSeriousViolations(page);

      await page.goto('/account');
      await page.getByRole('tab', { name: 'Units' }).click();
      await expect(page.getByRole('form', { name: 'Units' })).toBeVisible();
      await settleAnimations(page);
      await saveScreenshot(page, `energy-units-${theme}`, testInfo.project.name);
      await expectNoSeriousViolations(page);
    });
  });
}
