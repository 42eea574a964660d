/**
 * Decision 068 on screen: an odometer that does not fit the history is questioned in the form,
 * with what the history expected, and saved only on "Save anyway"; in the Log fuel dialog and in
 * the record form, light and dark, on the desktop and the phone.
 */
import type { APIRequestContext } from '@playwright/test';
import { forgiveHttpErrors } from './accounts-helpers';
import { localDay } from './dates';
import { expect, pick, saveScreenshot, test } from './fixtures';
import { listRecords } from './records-helpers';
import { addVehicle, expectToast, postCreated, signUp } from './scene';

test.describe.configure({ timeout: 60_000 });

/**
 * Three readings: 42,000 mi 10 days ago, 42,321.4 three days ago, 42,500 yesterday. Recent
 * driving: (42,500 − 42,000) ÷ 9 days = 55.56 mi a day; today the history expects
 * 42,500 + 55.56 × 1 = 42,555.56 → 42,556 mi.
 */
const EXPECTED_TEXT = 'About 42,556 mi by your recent driving';

async function civicWithReadings(request: APIRequestContext) {
  const civic = await addVehicle(request, { year: 2019, make: 'Honda', model: 'Civic' });
  for (const [day, odometer] of [
    [-10, 42000],
    [-3, 42321.4],
    [-1, 42500],
  ] as const) {
    await postCreated(request, `/api/vehicles/${civic.id}/odometer`, {
      date: localDay(day),
      odometer,
    });
  }
  return civic;
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(theme, () => {
    test.use({ colorScheme: theme });

    test(`Log fuel questions an odometer typed one digit too long, and Save anyway saves it, ${theme}`, async ({
      page,
      consoleErrors,
    }, testInfo) => {
      await signUp(page.request, { plan: 'premium' });
      const civic = await civicWithReadings(page.request);
      await page.goto(`/vehicles/${civic.id}`);
      await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
      // The tab's own button; an empty list shows a second one once the entries are read.
      await page
        .getByTestId('fuel-energy-tab')
        .getByRole('button', { name: 'Log fuel' })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Log fuel' });
      await dialog.getByLabel('Quantity (gal)').fill('10');
      await dialog.getByLabel('Price per gal').fill('3.599');
      // 425,560 for 42,556: 383,060 mi in a day.
      await dialog.getByLabel('Odometer (mi)').fill('425560');
      await dialog.getByRole('button', { name: 'Save fill-up' }).click();

      const question = dialog.getByTestId('odometer-question');
      await expect(question).toContainText(
        'This reading means more distance per day than a car can drive.',
      );
      await expect(question).toContainText(EXPECTED_TEXT);
      await saveScreenshot(page, `odometer-question-log-fuel-${theme}`, testInfo.project.name);
      // Nothing is saved by the first Save.
      const entries = async () =>
        (await (await page.request.get(`/api/vehicles/${civic.id}/energy`)).json()).items;
      expect(await entries()).toHaveLength(0);

      await question.getByRole('button', { name: 'Save anyway' }).click();
      await expectToast(page, 'Fill-up logged');
      await expect(dialog).toBeHidden();
      expect((await entries()).map((entry: { odometer: number }) => entry.odometer)).toEqual([
        425560,
      ]);
      forgiveHttpErrors(consoleErrors, 409);
    });

    test(`a record’s odometer lower than the last reading is questioned, and saved on Save anyway, ${theme}`, async ({
      page,
      consoleErrors,
    }, testInfo) => {
      await signUp(page.request, { plan: 'premium' });
      await civicWithReadings(page.request);
      await page.goto('/records');
      await page.getByRole('button', { name: 'Add Maintenance' }).click();
      const form = page
        .getByRole('dialog', { name: 'Add New Record' })
        .getByRole('form', { name: 'Add maintenance' });
      await pick(page, form, 'Vehicle*', '2019 Honda Civic');
      await pick(page, form, 'Category', 'Oil Change');
      await form.getByLabel('Date', { exact: true }).click();
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      // 4,255 for 42,555: below yesterday's 42,500.
      await form.getByLabel('Odometer', { exact: true }).fill('4255');
      await form.getByRole('button', { name: 'Add Maintenance' }).click();

      const question = form.getByTestId('odometer-question');
      await expect(question).toContainText('This reading is lower than the one before it.');
      await expect(question).toContainText(EXPECTED_TEXT);
      await saveScreenshot(page, `odometer-question-record-${theme}`, testInfo.project.name);
      expect(await listRecords(page.request, 'maintenance')).toHaveLength(0);

      // A new figure is a new question for the server: the old one goes as it is typed.
      await form.getByLabel('Odometer', { exact: true }).fill('42555');
      await expect(question).toHaveCount(0);
      await form.getByLabel('Odometer', { exact: true }).fill('4255');
      await form.getByRole('button', { name: 'Add Maintenance' }).click();
      await question.getByRole('button', { name: 'Save anyway' }).click();
      await expectToast(page, 'Maintenance added', 'Your maintenance record has been saved.');
      const [saved] = await listRecords(page.request, 'maintenance');
      expect(saved).toMatchObject({ odometer: 4255, date: localDay() });
      forgiveHttpErrors(consoleErrors, 409);
    });
  });
}
