/**
 * Taking the data away in the browser (docs/data-formats.md): the backup downloaded from Account
 * Settings › Data and a vehicle's passport from its page, each zip read back as an unzip program
 * reads it: its manifest, and the photo's bytes as the server stores them.
 */
import fs from 'node:fs';
import { readZip } from '../server/test/zip';
import { localDay } from './dates';
import { expect, test } from './fixtures';
import { addVehicle, expectToast, photoFile, signUp, uploadPhoto } from './scene';

test('downloads the backup and a vehicle’s passport, each with the photo inside', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 1987, make: 'Porsche', model: '944' });
  const image = await uploadPhoto(
    page.request,
    vehicle.id,
    await photoFile('944.jpg', '#0ea5e9', '#f59e0b'),
  );
  const photoId = image.imageUrl.replace(/^\/uploads\//, '');
  const stored = await page.request.get(image.imageUrl);
  expect(stored.status()).toBe(200);
  const photo = await stored.body();

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(
    page.getByText(
      'Everything in your account, with every photo and document, in one zip you can restore later.',
    ),
  ).toBeVisible();
  const backupDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const backup = await backupDownload;
  expect(backup.suggestedFilename()).toBe(`garage-ledger-backup-${localDay()}.zip`);
  const backupEntries = await readZip(fs.readFileSync((await backup.path())!));
  const backupFiles = new Map(backupEntries.map((entry) => [entry.name, entry.bytes]));
  const manifest = JSON.parse(backupFiles.get('manifest.json')!.toString('utf8'));
  expect(manifest).toMatchObject({
    format: 'garage-ledger-backup',
    scope: 'account',
    counts: { vehicles: 1, files: 1 },
  });
  expect(backupFiles.get(`files/${photoId}`)?.equals(photo)).toBe(true);
  await expectToast(
    page,
    'Backup downloaded',
    `Your backup was saved as ${backup.suggestedFilename()}.`,
  );

  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('button', { name: 'Vehicle passport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download vehicle passport' });
  await expect(dialog.getByText('1987 Porsche 944')).toBeVisible();
  const passportDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download vehicle passport' }).click();
  const passport = await passportDownload;
  expect(passport.suggestedFilename()).toBe(
    `garage-ledger-passport-1987-porsche-944-${localDay()}.zip`,
  );
  const passportFiles = new Map(
    (await readZip(fs.readFileSync((await passport.path())!))).map((entry) => [
      entry.name,
      entry.bytes,
    ]),
  );
  const data = JSON.parse(passportFiles.get('data.json')!.toString('utf8'));
  expect(data.user).toBeNull();
  expect(data.vehicles).toEqual([expect.objectContaining({ make: 'Porsche', model: '944' })]);
  expect(passportFiles.get(`files/${photoId}`)?.equals(photo)).toBe(true);
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Passport downloaded');
});
