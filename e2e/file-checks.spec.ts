/**
 * A file the server would refuse is refused at its field before anything is sent (D15, decision
 * 039): a text file named like a photo and a photo past the size limit, in the record form and
 * in the vehicle forms. The message shows under the file input, the file is not kept, no upload
 * leaves the page, and a real photo then saves with the record or the vehicle.
 */
import type { Page, Request } from '@playwright/test';
import { UPLOAD_LIMITS, UPLOAD_RULES, uploadHint } from '../contract/uploads';
import { expect, pick, saveScreenshot, settleAnimations, test } from './fixtures';
import { listRecords } from './records-helpers';
import { addVehicle, expectToast, photoFile, signUp } from './scene';

/** A text file renamed .jpg: the browser declares it image/jpeg, its bytes say otherwise. */
const renamedText = {
  name: 'notes.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('Oil change at 45,000 miles, next one at 50,000\n'),
};

/** A real JPEG's first bytes, padded one byte past `limit`. */
async function oversizedPhoto(limit: number) {
  const photo = await photoFile('huge.jpg', '#0ea5e9', '#99f6e4');
  return {
    ...photo,
    buffer: Buffer.concat([photo.buffer, Buffer.alloc(limit + 1 - photo.buffer.length)]),
  };
}

/** Every upload call the page makes from now on. */
function watchUploads(page: Page): Request[] {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(upload|vehicle-images)$/.test(request.url())) {
      uploads.push(request);
    }
  });
  return uploads;
}

test('the record form refuses a renamed text file and a photo too large at the field @desktop-only', async ({
  page,
}, testInfo) => {
  await signUp(page.request);
  await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const uploads = watchUploads(page);
  await page.goto('/records');
  await page.getByRole('button', { name: 'Add Repair' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Record' }).getByRole('form', {
    name: 'Add repair',
  });
  await pick(page, form, 'Category', 'Brakes');
  await form.getByLabel('Title').fill('Front brake pads');
  const photo = form.getByLabel('Attach photo');
  // The hint comes from the same rule the check and the server use.
  await expect(form).toContainText(uploadHint(UPLOAD_RULES.recordPhoto));

  await photo.setInputFiles(renamedText);
  const refusal = form.getByRole('alert');
  await expect(refusal).toHaveText('notes.jpg: Please upload a JPEG, PNG or WebP image');
  await expect(photo).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('button', { name: 'Remove notes.jpg' })).toHaveCount(0);
  await refusal.scrollIntoViewIfNeeded();
  await settleAnimations(page);
  await saveScreenshot(page, 'file-checks-record-refused', testInfo.project.name);

  await photo.setInputFiles(await oversizedPhoto(UPLOAD_LIMITS.recordFileBytes));
  await expect(refusal).toHaveText('huge.jpg: File is too large. Files can be at most 10 MB.');
  await expect(form.getByRole('button', { name: 'Remove huge.jpg' })).toHaveCount(0);
  expect(uploads).toHaveLength(0);

  // A real photo is kept, the message goes, and the record saves with it.
  await photo.setInputFiles(await photoFile('pads.jpg', '#0ea5e9', '#99f6e4'));
  await expect(form.getByRole('button', { name: 'Remove pads.jpg' })).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Repair' }).click();
  await expectToast(page, 'Repair added');
  expect(uploads).toHaveLength(1);
  const [repair] = await listRecords(page.request, 'repairs');
  expect(repair).toMatchObject({ title: 'Front brake pads' });
  expect(repair?.imageUrl).toMatch(/^\/uploads\//);
});

test(
  'the vehicle forms refuse a renamed text file and a photo too large at the field',
  {
    tag: '@desktop-only',
  },
  async ({ page }, testInfo) => {
    // Two dialogs and files of 10 MB on a machine shared with other runs.
    test.setTimeout(60_000);
    await signUp(page.request);
    const uploads = watchUploads(page);
    await page.goto('/vehicles');
    await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await pick(page, dialog, 'Year', '2020');
    await pick(page, dialog, 'Make', 'Toyota');
    await pick(page, dialog, 'Model', 'Corolla');
    const input = dialog.locator('input[type=file]');
    await expect(dialog).toContainText(uploadHint(UPLOAD_RULES.vehicleImage, { each: true }));

    await input.setInputFiles([
      renamedText,
      await oversizedPhoto(UPLOAD_LIMITS.vehicleImageBytes),
      await photoFile('front.jpg', '#22c55e', '#f8fafc'),
    ]);
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText('notes.jpg: Please upload a JPEG, PNG or WebP image');
    await expect(refusal).toContainText(
      'huge.jpg: Image is too large. Images can be at most 10 MB.',
    );
    // Only the photo is kept.
    await expect(dialog.getByTestId('picked-image')).toHaveCount(1);
    await expect(dialog.getByTestId('picked-image')).toContainText('front.jpg');
    await settleAnimations(page);
    await saveScreenshot(page, 'file-checks-vehicle-refused', testInfo.project.name);

    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => uploads.length).toBe(1);
    const listed = await page.request.get('/api/vehicles');
    const [corolla] = (await listed.json()) as { id: number; imageUrl: string | null }[];
    expect(corolla?.imageUrl).toMatch(/^\/uploads\//);

    // The vehicle page's image manager judges the same way.
    await page.goto(`/vehicles/${corolla!.id}`);
    await page.getByRole('button', { name: /^(Edit|Add) Image$/ }).click();
    const manager = page.getByRole('dialog', { name: 'Edit Vehicle Image' });
    await manager.locator('input[type=file]').setInputFiles(renamedText);
    await expect(manager.getByRole('alert')).toHaveText(
      'notes.jpg: Please upload a JPEG, PNG or WebP image',
    );
    await expect(manager.getByTestId('pending-image')).toHaveCount(0);
    expect(uploads).toHaveLength(1);
  },
);

test('a GIF named .jpg keeps Save disabled, its refusal in view, until it is removed', async ({
  page,
}, testInfo) => {
  // A dialog, a refusal and a save on a machine shared with other runs.
  test.setTimeout(60_000);
  await signUp(page.request);
  await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const uploads = watchUploads(page);
  await page.goto('/records');
  await page.getByRole('button', { name: 'Add Repair' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Record' }).getByRole('form', {
    name: 'Add repair',
  });
  await pick(page, form, 'Category', 'Brakes');
  await form.getByLabel('Title').fill('Front brake pads');
  const save = form.getByRole('button', { name: 'Add Repair' });
  await expect(save).toBeEnabled();

  // A 1×1 GIF, declared a JPEG by its name: the field judges it by its bytes (D15).
  await form.getByLabel('Attach photo').setInputFiles({
    name: 'pads.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  });
  const refusal = form.getByRole('alert');
  await expect(refusal).toHaveText('pads.jpg: Please upload a JPEG, PNG or WebP image');
  await expect(refusal).toBeInViewport();
  // Not under the dialog's buttons either: the alert ends above them.
  const alertBox = await refusal.boundingBox();
  const actionsBox = await form.locator('[data-slot="form-actions"]').boundingBox();
  expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(actionsBox!.y);
  await expect(save).toBeDisabled();
  // Enter in a field does not save it either.
  await form.getByLabel('Title').press('Enter');
  await settleAnimations(page);
  await saveScreenshot(page, 'file-checks-refused-keeps-save-disabled', testInfo.project.name);
  expect(uploads).toHaveLength(0);
  await expect(page.getByRole('dialog', { name: 'Add New Record' })).toBeVisible();

  await form.getByRole('button', { name: 'Remove refused file' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Repair added');
  const [repair] = await listRecords(page.request, 'repairs');
  expect(repair).toMatchObject({ title: 'Front brake pads', imageUrl: null });
});

test('a GIF named .jpg as a charge’s receipt keeps Save charge disabled until it is removed @desktop-only', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page.request, { plan: 'premium' });
  const ev = await addVehicle(page.request, {
    year: 2023,
    make: 'Tesla',
    model: 'Model 3',
    energies: ['electricity'],
    batteryCapacity: 75,
  });
  const uploads = watchUploads(page);
  await page.goto(`/vehicles/${ev.id}`);
  await page.getByRole('button', { name: 'Log charge' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log charge' });
  await dialog.getByLabel('Odometer (mi)').fill('12000');
  await dialog.getByLabel('Energy (kWh)').fill('42.5');
  await dialog.getByLabel('Price per kWh').fill('0.32');
  const save = dialog.getByRole('button', { name: 'Save charge' });
  await expect(save).toBeEnabled();

  await dialog.getByLabel('Take photo').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  });
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('receipt.jpg: ');
  await expect(refusal).toBeInViewport();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Energy (kWh)').press('Enter');
  await settleAnimations(page);
  await expect(dialog).toBeVisible();
  expect(uploads).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Remove refused file' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Charge logged');
});
