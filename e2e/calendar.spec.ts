/**
 * The calendar feed (decision 054) as a user meets it: Account Settings › Notifications makes the
 * link, Copy puts it on the clipboard, and what a calendar app fetches from it holds the
 * scheduled service; replacing the link stops the old one.
 */
import { expect, test } from './fixtures';
import { addRecord, addVehicle, expectToast, signUp } from './scene';

test('a calendar link made in Account Settings serves the scheduled service', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'maintenance', {
    vehicleId: vehicle.id,
    category: 'Oil Change',
    title: 'Oil Change',
    date: '2031-03-10',
    dueDate: '2031-03-10',
    isCompleted: false,
  });

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  await expectToast(page, 'Calendar link created');
  const field = page.getByLabel('Your calendar link');
  await expect(field).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();

  await page.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());

  const feed = await page.request.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('SUMMARY:Oil Change — 2019 Honda Civic');

  // Replacing asks first, then the old link stops working.
  await page.getByRole('button', { name: 'Replace link' }).click();
  const question = page.getByRole('alertdialog', { name: 'Replace the calendar link?' });
  await question.getByRole('button', { name: 'Replace link' }).click();
  await expectToast(page, 'Calendar link replaced');
  await expect(field).not.toHaveValue(copied);
  expect((await page.request.get(copied)).status()).toBe(404);

  // Once the page is left, the link is not shown again: only when it was made.
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByText(/^Your calendar link was created on /)).toBeVisible();
  await expect(page.getByLabel('Your calendar link')).toHaveCount(0);
});
