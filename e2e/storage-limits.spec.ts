/**
 * The storage bounds of decision 041 as a user meets them, on a second server of small bounds
 * (a 1 MB quota, 8 uploads per hour) so that the shared server's settings stay as they are: the
 * record dialog's Add Image tells the 413 of a full storage and the 429 of too many uploads in
 * its toast and is closed at a record's fifth image, and Account Settings › Plan shows the
 * storage used with its bar.
 */

import type { Page } from '@playwright/test';
import { MAX_RECORD_IMAGES, RECORD_MESSAGES } from '../contract/records';
import { UPLOAD_MESSAGES } from '../contract/uploads';
import { VEHICLE_TOASTS } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { EXTRA_SERVER_FIXTURE, type ExtraServer, startExtraServer } from './extra-server';
import { expect, saveScreenshot, test as shared } from './fixtures';
import { recordCard } from './records-helpers';
import {
  addRecord,
  addVehicle,
  expectToast,
  type FilePayload,
  pdfFile,
  photoFile,
  signUp,
  uploadFiles,
} from './scene';

const KB = 1024;

const test = shared.extend<object, { smallBounds: ExtraServer }>({
  smallBounds: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const server = await startExtraServer({
        PLAN_LIMITS: 'off',
        STORAGE_QUOTA_MB: '1',
        PREMIUM_STORAGE_QUOTA_MB: '1',
        UPLOADS_PER_HOUR: '8',
      });
      await use(server);
      await server.stop();
    },
    EXTRA_SERVER_FIXTURE,
  ],
  baseURL: async ({ smallBounds }, use) => use(smallBounds.url),
});

/** A PDF of exactly `bytes` bytes. */
function pdfOf(bytes: number): FilePayload {
  const pdf = pdfFile('manual.pdf');
  return { ...pdf, buffer: Buffer.concat([pdf.buffer, Buffer.alloc(bytes - pdf.buffer.length)]) };
}

/** A record on the vehicle, with this title. */
function addTitledRecord(page: Page, vehicleId: number, title: string) {
  return addRecord(page.request, 'maintenance', { vehicleId, category: 'Oil Change', title });
}

/** The record's dialog, opened from its card on the records page. */
async function openRecordDialog(page: Page, title: string) {
  await page.goto('/records');
  await recordCard(page, title).getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a full storage is said in the toast, a record closes at five images, and the plan shows the storage used @desktop-only', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const full = await addTitledRecord(page, vehicle.id, 'Detailing');
  await addTitledRecord(page, vehicle.id, 'Oil change');
  const photo = await photoFile('shine.jpg', '#0ea5e9', '#fde68a');
  for (let index = 0; index < MAX_RECORD_IMAGES; index += 1) {
    const added = await page.request.post(`/api/record-images/maintenance/${full.id}`, {
      multipart: { image: photo },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  // Then a PDF that brings the files to 1020 KB of the 1024 KB quota.
  const status = await page.request.get('/api/subscription/status');
  const { usedBytes } = ((await status.json()) as { storage: { usedBytes: number } }).storage;
  await uploadFiles(page.request, [pdfOf(1020 * KB - usedBytes)]);

  // Five images: Add Image is closed, and says why.
  const detailing = await openRecordDialog(page, 'Detailing');
  await expect(detailing.getByTestId('record-image-count')).toContainText('5 of 5 added');
  await expect(detailing.getByLabel('Add Image')).toBeDisabled();
  await expect(detailing).toContainText(`${RECORD_MESSAGES.tooManyImages}.`);

  // A full storage: the server's 413 in the toast, nothing added.
  const dialog = await openRecordDialog(page, 'Oil change');
  await dialog
    .getByLabel('Add Image')
    .setInputFiles(await photoFile('oil.jpg', '#0ea5e9', '#fde68a'));
  await expectToast(
    page,
    VEHICLE_TOASTS.uploadFailed,
    UPLOAD_MESSAGES.storageFull(1024 * KB, 1020 * KB),
  );
  await expect(dialog.getByTestId('record-image-count')).toContainText('0 of 5 added');
  forgiveHttpErrors(consoleErrors, 413);

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Plan' }).click();
  await expect(page.getByTestId('plan-storage')).toHaveText('1020 KB of 1 MB used');
  const bar = page.getByRole('progressbar', { name: 'Storage used' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await saveScreenshot(page, 'account-plan-storage', testInfo.project.name);
});

test('too many uploads in an hour are said in the toast, with the wait @desktop-only', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addTitledRecord(page, vehicle.id, 'Oil change');
  await uploadFiles(
    page.request,
    Array.from({ length: 8 }, (_, index) => pdfFile(`receipt-${index}.pdf`)),
  );

  const dialog = await openRecordDialog(page, 'Oil change');
  await dialog
    .getByLabel('Add Image')
    .setInputFiles(await photoFile('oil.jpg', '#0ea5e9', '#fde68a'));
  await expectToast(page, VEHICLE_TOASTS.uploadFailed, UPLOAD_MESSAGES.tooManyUploads(60));
  forgiveHttpErrors(consoleErrors, 429);
  await saveScreenshot(page, 'record-image-too-many-uploads', testInfo.project.name);
});
