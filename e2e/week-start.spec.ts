/** The date picker starts its weeks on the day the user's region does: Monday in Germany. */
import { expect, saveScreenshot, test } from './fixtures';
import { addVehicle, signUp } from './scene';

test.use({ locale: 'de-DE' });

test('in de-DE the date picker starts its weeks on Monday', async ({ page }, testInfo) => {
  await signUp(page.request);
  await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto('/records');
  await page.getByRole('button', { name: 'Add Repair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Record' });
  await dialog.getByLabel('Date', { exact: true }).click();
  const calendar = page.locator('[data-slot="calendar"]');
  await expect(calendar).toBeVisible();
  const weekdays = calendar.locator('thead th');
  await expect(weekdays).toHaveCount(7);
  await expect(weekdays.first()).toHaveAttribute('aria-label', 'Monday');
  await expect(weekdays.last()).toHaveAttribute('aria-label', 'Sunday');
  await saveScreenshot(page, 'date-picker-de-DE', testInfo.project.name);
});
