/**
 * The vehicle page `/vehicles/{id}` (001 §2, §5, §8, D9, D33, D34): the primary image and its
 * fullscreen gallery, the title and badges, the Vehicle Details card's figures, the image
 * manager (primary, caption, delete, uploads with preview and progress, the 5-image limit),
 * the Edit Vehicle dialog, Delete Vehicle, and 'Vehicle not found'.
 */
import type { Locator, Page } from '@playwright/test';
import type { Vehicle, VehicleImage } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { closeDatabase, insertMaintenance, insertModification, insertRepair } from './database';
import { shownMonthDay } from './dates';
import { expect, saveScreenshot, settleAnimations, test } from './fixtures';
import { addVehicle, expectToast, photoFile, signUp, uploadPhoto } from './scene';
import { expectLoaded, forgiveBrokenPreview, localDay } from './vehicle-helpers';

async function readImages(page: Page, vehicleId: number): Promise<VehicleImage[]> {
  const response = await page.request.get(`/api/vehicles/${vehicleId}/images`);
  expect(response.status()).toBe(200);
  return (await response.json()) as VehicleImage[];
}

/** The value beside a label in the Vehicle Details card. */
function detail(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Vehicle Details' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The toast leaves the button free: a user can try again at once, not after the toast goes. */
async function expectClearOf(toast: Locator, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const [a, b] = await Promise.all([toast.boundingBox(), button.boundingBox()]);
  if (!a || !b) throw new Error('the toast or the button is not on the page');
  const overlaps =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, 'the toast covers the button').toBe(false);
}

/** A vehicle with a front (primary, 'Front view') and a side image ('Side view'). */
async function vehicleWithTwoImages(page: Page, data: Record<string, unknown> = {}) {
  const vehicle = await addVehicle(page.request, {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    ...data,
  });
  const front = await uploadPhoto(
    page.request,
    vehicle.id,
    await photoFile('front.jpg', '#0ea5e9', '#99f6e4'),
    { caption: 'Front view' },
  );
  const side = await uploadPhoto(
    page.request,
    vehicle.id,
    await photoFile('side.png', '#f97316', '#fde68a'),
    { caption: 'Side view', isPrimary: false },
  );
  return { vehicle, front, side };
}

async function openImageManager(page: Page) {
  await page.getByRole('button', { name: /^(Edit|Add) Image$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Vehicle Image' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// Several uploads and dialogs a test, on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

test.afterAll(async () => {
  await closeDatabase();
});

test(
  'from the card to the page: image, title, badges, every figure and the records, in a fixed set of calls',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const userId = (await signUp(page.request, { plan: 'premium' })).user.id;
    const { vehicle, front } = await vehicleWithTwoImages(page, {
      trim: 'EX-L',
      mileage: 45_000,
      color: 'Sonic Gray',
      purchasePrice: 12_500,
      isProject: false,
      vin: '2HGFC1F59KH000001',
      licensePlate: 'GL 2019',
      purchaseDate: '2020-05-01',
      currentValue: 11_000,
      notes: 'Bought from the original owner.\nService book complete.',
    });
    // Three records done and one ahead: expenses count them all, Planned Expenses the open one.
    await insertMaintenance(userId, vehicle.id, {
      title: 'Oil Change',
      date: localDay(-40),
      cost: 89.5,
      isCompleted: true,
    });
    const brakeDay = localDay(30);
    await insertMaintenance(userId, vehicle.id, {
      title: 'Brake Service',
      dueDate: brakeDay,
      cost: 420,
    });
    await insertRepair(userId, vehicle.id, {
      title: 'Alternator',
      date: localDay(-20),
      cost: '1200.00',
      isCompleted: true,
    });
    await insertModification(userId, vehicle.id, {
      title: 'Cold air intake',
      date: localDay(-10),
      cost: 350.25,
      isCompleted: true,
    });

    await page.goto('/vehicles');
    await page.getByRole('link', { name: 'Details for 2019 Honda Civic' }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: '2019 Honda Civic' })).toBeVisible();
    await expect(page).toHaveTitle('Garage Ledger — 2019 Honda Civic');

    // A fresh load costs the vehicle, its images, the first page of its records and the vehicles
    // of the record forms' picker, however many records it has; the skeleton holds the place
    // meanwhile.
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/vehicles')) calls.push(url.pathname);
    });
    // The vehicle's answer is held until the skeleton has been seen: however slow the page's
    // own load, the skeleton cannot have come and gone before it is looked for.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/vehicles/${vehicle.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: 'commit' });
    await expect(page.getByRole('status', { name: 'Loading the vehicle' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: '2019 Honda Civic' })).toBeVisible();
    await page.unroute(`**/api/vehicles/${vehicle.id}`);

    const badges = page.getByTestId('vehicle-badges');
    await expect(badges).toContainText('Make: Honda');
    await expect(badges).toContainText('Model: Civic');
    await expect(badges.getByText('Daily Driver', { exact: true })).toBeVisible();

    // The full primary image, not its thumbnail, at a fixed size.
    const hero = page.getByRole('button', {
      name: 'View the images of the 2019 Honda Civic fullscreen',
    });
    const picture = hero.getByRole('img', { name: '2019 Honda Civic' });
    await expect(picture).toHaveAttribute('src', front.imageUrl);
    await expect(picture).toHaveAttribute('width', '1200');
    await expect(picture).toHaveAttribute('height', '900');
    await expectLoaded(picture);
    // Shown at most 640 px wide on a screen of one device pixel per CSS pixel, the picture is
    // its display copy, not the stored photo; the gallery shows the photo itself.
    await expect(picture).toHaveAttribute('srcset', new RegExp(`^${front.imageUrl}/display `));
    expect(await picture.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      new RegExp(`${front.imageUrl}/display$`),
    );

    await expect(detail(page, 'Total Expenses')).toHaveText('$2,059.75');
    await expect(detail(page, 'Records')).toHaveText('4');
    await expect(detail(page, 'Money Invested')).toHaveText('$14,559.75');
    await expect(detail(page, 'Planned Expenses')).toHaveText('$420.00');
    await expect(detail(page, 'Mileage')).toHaveText('45,000 mi');
    await expect(detail(page, 'Trim')).toHaveText('EX-L');
    await expect(detail(page, 'Color')).toHaveText('Sonic Gray');
    await expect(detail(page, 'VIN')).toHaveText('2HGFC1F59KH000001');
    await expect(detail(page, 'License Plate')).toHaveText('GL 2019');
    await expect(detail(page, 'Purchase Date')).toHaveText('May 1, 2020');
    await expect(detail(page, 'Purchase Price')).toHaveText('$12,500.00');
    await expect(detail(page, 'Current Value')).toHaveText('$11,000.00');
    await expect(page.getByRole('region', { name: 'Vehicle Details' })).toContainText(
      'Bought from the original owner.',
    );
    const status = page
      .getByRole('region', { name: 'Vehicle Details' })
      .getByTestId('vehicle-status');
    await expect(status).toHaveText(`Brake Service due on ${shownMonthDay(brakeDay)}`);
    await expect(page.getByRole('region', { name: 'Records' })).toContainText(
      '4 records · $2,059.75',
    );

    await expect(page.getByTestId('records-total-cost')).toHaveText('$2,059.75');
    await expect(page.getByTestId('vehicle-upcoming')).toContainText('Brake Service');
    await page.waitForLoadState('networkidle');
    expect([...calls].sort()).toEqual([
      '/api/vehicles',
      `/api/vehicles/${vehicle.id}`,
      `/api/vehicles/${vehicle.id}/images`,
      `/api/vehicles/${vehicle.id}/records/page`,
    ]);

    // On a phone the picture stacks above the details; on a desktop they sit side by side.
    const pictureBox = await hero.boundingBox();
    const detailsBox = await page.getByRole('region', { name: 'Vehicle Details' }).boundingBox();
    if (testInfo.project.name === 'phone') {
      expect(detailsBox!.y).toBeGreaterThan(pictureBox!.y + pictureBox!.height - 1);
    } else {
      expect(detailsBox!.x).toBeGreaterThan(pictureBox!.x + pictureBox!.width - 1);
    }

    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicle-detail', testInfo.project.name);
  },
);

/** Signs up, opens a two-image vehicle's gallery at its first image: its parts. */
async function openTwoImageGallery(page: Page) {
  await signUp(page.request);
  const { vehicle, front, side } = await vehicleWithTwoImages(page);
  await page.goto(`/vehicles/${vehicle.id}`);
  await page
    .getByRole('button', { name: 'View the images of the 2019 Honda Civic fullscreen' })
    .click();
  const gallery = page.getByRole('dialog', { name: '2019 Honda Civic' });
  await expect(gallery).toBeVisible();
  const counter = gallery.getByTestId('gallery-counter');
  const image = gallery.getByRole('img');
  await expect(counter).toHaveText('1 / 2');
  return { front, side, gallery, counter, image };
}

test('the gallery: next, previous, wrap-around, the counter, the arrow keys and Escape', async ({
  page,
}, testInfo) => {
  const { front, side, gallery, counter, image } = await openTwoImageGallery(page);
  await expect(image).toHaveAttribute('src', front.imageUrl);
  await expect(gallery.getByTestId('gallery-caption')).toHaveText('Front view');
  await expectLoaded(image);

  await gallery.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('2 / 2');
  await expect(image).toHaveAttribute('src', side.imageUrl);
  await expect(gallery.getByTestId('gallery-caption')).toHaveText('Side view');
  await expectLoaded(image);
  await settleAnimations(page);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'vehicle-detail-gallery', testInfo.project.name);

  // Past the last image comes the first, and before the first the last.
  await gallery.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('1 / 2');
  await gallery.getByRole('button', { name: 'Previous image' }).click();
  await expect(counter).toHaveText('2 / 2');
  await gallery.getByRole('button', { name: 'Previous image' }).click();
  await expect(counter).toHaveText('1 / 2');

  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('2 / 2');
  await expect(image).toHaveAttribute('src', side.imageUrl);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 / 2');
  await expect(image).toHaveAttribute('src', front.imageUrl);

  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // A thumbnail opens the gallery at itself.
  await page.getByRole('button', { name: 'View Side view fullscreen' }).click();
  await expect(counter).toHaveText('2 / 2');
  await gallery.getByRole('button', { name: 'Close the gallery' }).click();
  await expect(gallery).toBeHidden();
});

/** A finger drawn across `target` by `deltaX` (and `deltaY`), through Chromium's touch input. */
async function swipe(page: Page, target: Locator, deltaX: number, deltaY = 0) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const session = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: { x: number; y: number }[]) =>
    session.send('Input.dispatchTouchEvent', { type, touchPoints: at });
  await touch('touchStart', [{ x, y }]);
  for (let step = 1; step <= 5; step += 1) {
    await touch('touchMove', [{ x: x + (deltaX * step) / 5, y: y + (deltaY * step) / 5 }]);
  }
  await touch('touchEnd', []);
  await session.detach();
}

test('the gallery follows a swipe: left for the next image, right for the previous', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a touch screen');
  const { front, side, gallery, counter, image } = await openTwoImageGallery(page);
  const stage = gallery.getByTestId('gallery-stage');

  await swipe(page, stage, -150);
  await expect(counter).toHaveText('2 / 2');
  await expect(image).toHaveAttribute('src', side.imageUrl);
  // Past the last image comes the first.
  await swipe(page, stage, -150);
  await expect(counter).toHaveText('1 / 2');
  await swipe(page, stage, 150);
  await expect(counter).toHaveText('2 / 2');
  await swipe(page, stage, 150);
  await expect(counter).toHaveText('1 / 2');
  await expect(image).toHaveAttribute('src', front.imageUrl);

  // A short nudge, or a mostly vertical stroke, is no swipe.
  await swipe(page, stage, -30);
  await swipe(page, stage, -60, 200);
  await expect(counter).toHaveText('1 / 2');
  await expect(gallery).toBeVisible();
});

test(
  'a vehicle without images: No image available, a project badge and the figures it has',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request);
    const vehicle = await addVehicle(page.request, {
      year: 1967,
      make: 'Ford',
      model: 'Mustang',
      isProject: true,
    });
    await page.goto(`/vehicles/${vehicle.id}`);
    await expect(page.getByRole('heading', { level: 1, name: '1967 Ford Mustang' })).toBeVisible();
    await expect(page.getByTestId('vehicle-no-image')).toHaveText('No image available');
    await expect(
      page.getByTestId('vehicle-badges').getByText('Project', { exact: true }),
    ).toBeVisible();

    // Total expenses always; mileage and trim only when known.
    await expect(detail(page, 'Total Expenses')).toHaveText('$0.00');
    await expect(detail(page, 'Records')).toHaveText('0');
    await expect(detail(page, 'Planned Expenses')).toHaveText('$0.00');
    await expect(detail(page, 'Mileage')).toHaveCount(0);
    await expect(detail(page, 'Trim')).toHaveCount(0);
    await expect(detail(page, 'Purchase Price')).toHaveCount(0);
    await expect(page.getByTestId('vehicle-status')).toHaveText('All maintenance up to date');
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicle-detail-no-image', testInfo.project.name);

    const manager = await openImageManager(page);
    await expect(manager).toContainText('0 of 5');
    await expect(manager).toContainText(
      'Add up to 5 photos. The first one becomes the primary image.',
    );
  },
);

test(
  'the image manager: make another image primary, edit a caption, delete the primary',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request);
    const { vehicle, front, side } = await vehicleWithTwoImages(page);
    await page.goto(`/vehicles/${vehicle.id}`);
    const manager = await openImageManager(page);
    const tiles = manager.getByTestId('managed-image');
    await expect(tiles).toHaveCount(2);
    await expect(manager).toContainText('2 of 5');
    const tileOf = (image: VehicleImage) =>
      tiles.filter({ has: page.locator(`img[src="${image.thumbnailUrl}"]`) });
    await expect(tileOf(front)).toContainText('Primary');
    await expect(tileOf(side)).not.toContainText('Primary');
    for (const thumbnail of await tiles.getByRole('img').all()) await expectLoaded(thumbnail);
    await settleAnimations(page);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicle-detail-image-manager', testInfo.project.name);

    await tileOf(side)
      .getByRole('button', { name: /^Set Image \d as primary$/ })
      .click();
    await expectToast(page, 'Primary image updated');
    await expect(tileOf(side)).toContainText('Primary');
    await expect(tileOf(front)).not.toContainText('Primary');

    // The caption is saved on its own and the field keeps it.
    const caption = tileOf(front).getByRole('textbox');
    await expect(caption).toHaveValue('Front view');
    await caption.fill('Front three-quarter');
    await tileOf(front)
      .getByRole('button', { name: /^Save caption of Image \d$/ })
      .click();
    await expectToast(page, 'Image updated', 'Your vehicle image has been successfully updated.');
    await expect(caption).toHaveValue('Front three-quarter');
    await expect(tileOf(front).getByRole('button', { name: /^Save caption/ })).toHaveCount(0);

    await manager.getByRole('button', { name: 'Done' }).click();
    await expect(manager).toBeHidden();
    const hero = page.getByRole('button', {
      name: 'View the images of the 2019 Honda Civic fullscreen',
    });
    await expect(hero.getByRole('img')).toHaveAttribute('src', side.imageUrl);
    await expectLoaded(hero.getByRole('img'));
    const stored = await readImages(page, vehicle.id);
    expect(stored.map((image) => [image.id, image.caption, image.isPrimary])).toEqual([
      [side.id, 'Side view', true],
      [front.id, 'Front three-quarter', false],
    ]);

    // Deleting the primary passes the flag to the image left.
    await openImageManager(page);
    await tileOf(side)
      .getByRole('button', { name: /^Delete Image \d$/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete image?' });
    await expect(confirm).toContainText('the next image takes its place');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Image deleted');
    await expect(confirm).toBeHidden();
    await expect(tiles).toHaveCount(1);
    await expect(tileOf(front)).toContainText('Primary');
    await expect(manager).toContainText('1 of 5');
    await manager.getByRole('button', { name: 'Done' }).click();
    await expect(manager).toBeHidden();
    await expect(hero.getByRole('img')).toHaveAttribute('src', front.imageUrl);
    expect(
      (await readImages(page, vehicle.id)).map((image) => [image.id, image.isPrimary]),
    ).toEqual([[front.id, true]]);
    // One image left: no thumbnails to pick from.
    await expect(page.getByRole('list', { name: 'More images' })).toHaveCount(0);
  },
);

test(
  'adding images: preview, progress, a refused file, and at most 5',
  { tag: '@desktop-only' },
  async ({ page, consoleErrors }, testInfo) => {
    await signUp(page.request);
    const { vehicle } = await vehicleWithTwoImages(page);
    await uploadPhoto(page.request, vehicle.id, await photoFile('rear.jpg', '#22c55e', '#f8fafc'), {
      isPrimary: false,
    });
    await page.goto(`/vehicles/${vehicle.id}`);
    const manager = await openImageManager(page);
    await expect(manager.getByTestId('managed-image')).toHaveCount(3);
    const input = manager.locator('input[type=file]');
    const pending = manager.getByTestId('pending-image');

    // Named like a photo but not one: refused at the field before anything is sent (D15).
    await input.setInputFiles([
      { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') },
    ]);
    await expect(manager.getByRole('alert')).toHaveText(
      'fake.jpg: Please upload a JPEG, PNG or WebP image',
    );
    await expect(pending).toHaveCount(0);
    // A JPEG's first bytes with nothing decodable after them: kept, and the server's reason in
    // the toast once it refuses it.
    await input.setInputFiles([
      {
        name: 'broken.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not a photo')]),
      },
    ]);
    await expect(manager.getByRole('img', { name: 'No preview of broken.jpg' })).toBeVisible();
    await manager.getByRole('button', { name: 'Upload 1 image' }).click();
    await expectToast(
      page,
      'Upload failed',
      'The image could not be read. Please upload a JPEG, PNG or WebP image',
    );
    forgiveHttpErrors(consoleErrors, 415);
    forgiveBrokenPreview(consoleErrors);
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText('Failed');
    await manager.getByRole('button', { name: 'Remove broken.jpg' }).click();
    await expect(pending).toHaveCount(0);

    // Three chosen with room for two: the third is dropped and the alert says why.
    await input.setInputFiles([
      await photoFile('engine.jpg', '#a855f7', '#f8fafc'),
      await photoFile('interior.png', '#eab308', '#1e293b'),
      await photoFile('wheels.jpg', '#ef4444', '#f8fafc'),
    ]);
    await expect(manager.getByRole('alert')).toHaveText('You can only upload up to 5 images');
    await expect(pending).toHaveCount(2);
    await expect(manager.getByText('wheels.jpg')).toHaveCount(0);
    await expectLoaded(manager.getByRole('img', { name: 'Preview of engine.jpg' }));
    await expectLoaded(manager.getByRole('img', { name: 'Preview of interior.png' }));
    await manager.getByLabel('Caption for interior.png').fill('Dashboard');
    await settleAnimations(page);
    await saveScreenshot(page, 'vehicle-detail-image-upload', testInfo.project.name);

    // Slowed a little so the progress of each upload can be seen.
    await page.route('**/api/vehicle-images', async (route) => {
      await new Promise((done) => setTimeout(done, 500));
      await route.continue();
    });
    await manager.getByRole('button', { name: 'Upload 2 images' }).click();
    await expect(manager.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(manager.getByRole('progressbar', { name: 'Upload of engine.jpg' })).toBeVisible();
    await expect(
      manager.getByRole('progressbar', { name: 'Upload of interior.png' }),
    ).toBeVisible();
    await expect(manager.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await expectToast(page, 'Image uploaded', 'Your image has been uploaded successfully');
    await expect(pending).toHaveCount(0);
    await expect(manager.getByTestId('managed-image')).toHaveCount(5);
    await expect(manager).toContainText('5 of 5');

    // Full: nothing more can be chosen, and the manager says so.
    await expect(input).toBeDisabled();
    await expect(manager).toContainText('You can only upload up to 5 images');
    await expectNoSeriousViolations(page);

    const stored = await readImages(page, vehicle.id);
    expect(stored).toHaveLength(5);
    expect(stored.filter((image) => image.isPrimary)).toHaveLength(1);
    expect(stored.map((image) => image.caption)).toContain('Dashboard');

    await manager.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'More images' }).getByRole('listitem')).toHaveCount(
      5,
    );
  },
);

test(
  'Edit Vehicle: a failed save keeps the input, a good one shows the new values',
  { tag: '@desktop-only' },
  async ({ page, consoleErrors }, testInfo) => {
    await signUp(page.request);
    const vehicle = await addVehicle(page.request, {
      year: 2019,
      make: 'Honda',
      model: 'Civic',
      trim: 'EX',
      mileage: 45_000,
      isProject: false,
    });
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByRole('button', { name: 'Edit Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Vehicle' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Make', exact: true })).toHaveText('Honda');
    await expect(dialog.getByLabel('Trim')).toHaveValue('EX');
    await expect(dialog.getByLabel('Mileage')).toHaveValue('45000');
    await dialog.getByLabel('Trim').fill('Sport');
    await dialog.getByLabel('Mileage').fill('46,500');
    await dialog.getByLabel('Color').fill('Rallye Red');
    await dialog.getByLabel('Notes').fill('New tires all round.');
    await dialog.getByRole('switch', { name: 'Project vehicle' }).click();
    await settleAnimations(page);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicle-detail-edit-dialog', testInfo.project.name);

    await page.route(`**/api/vehicles/${vehicle.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"message":"Something went wrong on our side. Please try again."}',
          })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(
      page,
      'Failed to update vehicle',
      'Something went wrong on our side. Please try again.',
    );
    forgiveHttpErrors(consoleErrors, 500);
    await expect(dialog).toBeVisible();
    await expectClearOf(
      page.getByRole('listitem', { includeHidden: true }).filter({ hasText: 'Failed to update' }),
      dialog.getByRole('button', { name: 'Save Changes' }),
    );
    await expect(dialog.getByLabel('Trim')).toHaveValue('Sport');
    await expect(dialog.getByLabel('Notes')).toHaveValue('New tires all round.');

    await page.unroute(`**/api/vehicles/${vehicle.id}`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Vehicle updated', 'Your vehicle has been successfully updated.');
    await expect(detail(page, 'Trim')).toHaveText('Sport');
    await expect(detail(page, 'Mileage')).toHaveText('46,500 mi');
    await expect(detail(page, 'Color')).toHaveText('Rallye Red');
    await expect(page.getByRole('region', { name: 'Vehicle Details' })).toContainText(
      'New tires all round.',
    );
    await expect(
      page.getByTestId('vehicle-badges').getByText('Project', { exact: true }),
    ).toBeVisible();
    const stored = (await (
      await page.request.get(`/api/vehicles/${vehicle.id}`)
    ).json()) as Vehicle;
    expect(stored).toMatchObject({
      trim: 'Sport',
      mileage: 46_500,
      color: 'Rallye Red',
      notes: 'New tires all round.',
      isProject: true,
    });
  },
);

test('Delete Vehicle asks first, then lands on My Vehicles with the toast', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
  });
  await page.goto(`/vehicles/${vehicle.id}`);

  await page.getByRole('button', { name: 'Delete Vehicle' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Vehicle' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this vehicle? This action cannot be undone.',
  );
  await expect(confirm.getByTestId('delete-vehicle-name')).toHaveText('2019 Honda Civic');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));

  await page.getByRole('button', { name: 'Delete Vehicle' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expectToast(page, 'Vehicle deleted', '2019 Honda Civic has been deleted successfully.');
  await expect(page.getByTestId('vehicles-empty')).toBeVisible();
  expect((await page.request.get(`/api/vehicles/${vehicle.id}`)).status()).toBe(404);
});

test(
  "Vehicle not found: someone else's vehicle, a missing one, and an id that is no number",
  { tag: '@desktop-only' },
  async ({ page, consoleErrors }, testInfo) => {
    await signUp(page.request);
    const theirs = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
    await page.context().clearCookies();
    await signUp(page.request);

    for (const path of [`/vehicles/${theirs.id}`, '/vehicles/999999', '/vehicles/civic']) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Vehicle not found' }),
      ).toBeVisible();
      await expect(page.getByTestId('vehicle-unavailable')).toContainText(
        "The vehicle you're looking for doesn't exist or you don't have access to it.",
      );
      await expect(page).toHaveTitle('Garage Ledger — Vehicle not found');
    }
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicle-detail-not-found', testInfo.project.name);
    await page.getByRole('link', { name: 'Back to Vehicles' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();
    forgiveHttpErrors(consoleErrors, 404);
  },
);
