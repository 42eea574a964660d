/**
 * A backup restored into another account: a garage with a car and its photo backed up from
 * Account Settings › Data (Download backup), a new account, the backup uploaded under Restore a
 * backup with its progress, what it will add, Restore, and the car with its photo in the new
 * garage; then the restore undone from Past imports. A passport in another currency than the
 * buyer's waits for a rate, and its amounts come over converted.
 */
import { writeFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { addRecord, addVehicle, expectToast, photoFile, signUp, uploadPhoto } from './scene';
import { expectLoaded } from './vehicle-helpers';

// A backup downloaded and uploaded again, with a photo in it.
test.describe.configure({ timeout: 90_000 });

test('a backup of one account restored into a new one brings the car and its photo, and can be undone @desktop-only', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await uploadPhoto(page.request, civic.id, await photoFile('civic.jpg', '#7dd3fc', '#0369a1'));

  await page.goto('/account?section=data');
  const downloading = page.waitForEvent('download');
  const backupAction = page
    .getByRole('button', { name: 'Download backup' })
    .or(page.getByRole('link', { name: 'Download backup' }));
  await backupAction.click();
  const download = await downloading;
  const backupPath = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(backupPath);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);

  // Someone else's browser session from here on: a new account, with an empty garage.
  await page.context().clearCookies();
  await signUp(page.request, { plan: 'premium' });
  await page.goto('/account?section=data');
  const card = page.getByTestId('restore-backup');
  await card.getByLabel('Backup file (.zip)').setInputFiles(backupPath);
  await card.getByRole('button', { name: 'Upload backup' }).click();
  const preview = card.getByTestId('restore-preview');
  await expect(preview.getByTestId('count-vehicles')).toHaveText('Vehicles1');
  await expect(preview.getByTestId('count-photos')).toHaveText('Photos1');
  // Where reminders go is never taken from a backup, and the preview says so (decision 062).
  await expect(preview.getByTestId('restore-settings')).toContainText('ntfy topic');
  await preview.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Restore complete');
  const result = card.getByTestId('restore-result');
  await expect(result).toContainText('Your backup is restored');
  await expect(result.getByTestId('count-vehicles')).toHaveText('Vehicles1');

  const past = page.getByTestId('past-import');
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('Garage Ledger backup');
  await expect(past).toContainText('Restored');

  await page.goto('/vehicles');
  await page
    .getByRole('link', { name: /2019 Honda Civic/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '2019 Honda Civic' })).toBeVisible();
  await expectLoaded(page.getByRole('img', { name: '2019 Honda Civic' }).first());

  // Undone, the restored car goes again.
  await page.goto('/account?section=data');
  await past.getByRole('button', { name: /^Undo the restore of / }).click();
  const question = page.getByRole('alertdialog', { name: 'Undo this restore?' });
  await expect(question).toContainText('Entries you added yourself stay.');
  await question.getByRole('button', { name: 'Undo restore' }).click();
  await expectToast(page, 'Restore undone');
  await expect(past).toContainText('Undone');
  expect(await (await page.request.get('/api/vehicles')).json()).toEqual([]);
});

test('a passport in euros restored into a garage in dollars asks for a rate and converts its amounts @desktop-only', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium' });
  const saved = await page.request.patch('/api/user/preferences', { data: { currency: 'EUR' } });
  expect(saved.status()).toBe(200);
  const golf = await addVehicle(page.request, { year: 2017, make: 'Volkswagen', model: 'Golf' });
  await addRecord(page.request, 'maintenance', {
    vehicleId: golf.id,
    category: 'Oil Change',
    title: 'Oil and filter',
    cost: 89.99,
    date: '2025-03-01',
  });
  const passport = await page.request.get(`/api/vehicles/${golf.id}/passport`);
  expect(passport.status()).toBe(200);
  const passportPath = testInfo.outputPath('passport.zip');
  await writeFile(passportPath, await passport.body());

  // The buyer keeps their garage in dollars (the default).
  await page.context().clearCookies();
  await signUp(page.request, { plan: 'premium' });
  await page.goto('/account?section=data');
  const card = page.getByTestId('restore-backup');
  await card.getByLabel('Backup file (.zip)').setInputFiles(passportPath);
  await card.getByRole('button', { name: 'Upload backup' }).click();
  const preview = card.getByTestId('restore-preview');
  const question = preview.getByTestId('import-currency');
  await expect(question).toContainText(
    "This file's amounts are in EUR, and your garage keeps USD.",
  );
  const restore = preview.getByRole('button', { name: 'Restore' });
  await expect(restore).toBeDisabled();
  await question.getByLabel('1 EUR in USD').fill('1.1');
  await question.getByRole('button', { name: 'Convert' }).click();
  await expect(question.getByTestId('import-currency-chosen')).toHaveText(
    'Every amount is converted at 1 EUR = 1.1 USD.',
  );
  await restore.click();
  await expectToast(page, 'Restore complete');

  // €89.99 × 1.1 = 98.989 → $98.99.
  const records = await (await page.request.get('/api/maintenance')).json();
  expect(records.map((record: { cost: number }) => record.cost)).toEqual([98.99]);
  await page.goto('/records');
  await expect(page.getByText('$98.99').first()).toBeVisible();
});
