/**
 * My Vehicles (001 §2, §4, §5, §8, D33, D34): the grid and its cards, search, the add-vehicle
 * dialog with its images, the card menu's Edit and Delete, and the upgrade dialog that replaces
 * the form past the free plan's one vehicle (D12).
 */
import type { Page } from '@playwright/test';
import type { SubscriptionStatus } from '../contract/subscription';
import type { Vehicle, VehicleImage } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { closeDatabase, insertMaintenance } from './database';
import { chooseInOpenList, expect, pick, saveScreenshot, settleAnimations, test } from './fixtures';
import { addVehicle, expectToast, photoFile, signUp, uploadPhoto } from './scene';
import {
  declineStarterSchedules,
  expectLoaded,
  forgiveBrokenPreview,
  localDay,
  shownDate,
  thisMonth,
} from './vehicle-helpers';

/** How many of the image URLs the page can still load (a revoked object URL cannot). */
function countLoadable(page: Page, urls: string[]) {
  return page.evaluate(async (list) => {
    const loads = (url: string) =>
      new Promise<boolean>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(true);
        image.onerror = () => resolve(false);
        image.src = url;
      });
    return (await Promise.all(list.map(loads))).filter(Boolean).length;
  }, urls);
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.afterAll(async () => {
  await closeDatabase();
});

test(
  'adds a vehicle with two images, the second made primary, and shows it in the grid',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request);
    await page.goto('/vehicles');
    await expect(page.getByRole('heading', { name: 'My Vehicles', level: 1 })).toBeVisible();
    await expect(page.getByTestId('vehicles-empty')).toContainText('Your garage is empty');
    await expect(page).toHaveTitle('Garage Ledger — My Vehicles');
    await saveScreenshot(page, 'vehicles-empty', testInfo.project.name);

    const dialog = await openAddDialog(page);
    await pick(page, dialog, 'Year', '2019');

    // 001 §2: the model list waits for a make, and follows it.
    const model = dialog.getByRole('combobox', { name: 'Model', exact: true });
    await expect(model).toBeDisabled();
    await pick(page, dialog, 'Make', 'Ford');
    await expect(model).toBeEnabled();
    await model.click();
    await expect(page.getByRole('option', { name: 'Mustang', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Civic', exact: true })).toHaveCount(0);
    await chooseInOpenList(page, 'Mustang');
    await expect(model).toHaveText('Mustang');
    await pick(page, dialog, 'Make', 'Honda');
    await expect(model).toHaveText('Select model');
    await model.click();
    await expect(page.getByRole('option', { name: 'Mustang', exact: true })).toHaveCount(0);
    await chooseInOpenList(page, 'Civic');

    await dialog.getByLabel('Trim').fill('EX-L');
    await dialog.getByLabel('Mileage').fill('45000');
    await dialog.getByLabel('Color').fill('Silver');
    await dialog.getByLabel('Purchase Price').fill('12500');
    await expect(dialog.getByRole('switch', { name: 'Project vehicle' })).toBeChecked();

    await dialog
      .locator('input[type=file]')
      .setInputFiles([
        await photoFile('front.jpg', '#0ea5e9', '#99f6e4'),
        await photoFile('side.png', '#f97316', '#fde68a'),
      ]);
    const tiles = dialog.getByTestId('picked-image');
    await expect(tiles).toHaveCount(2);
    for (const preview of await dialog.getByRole('img', { name: /^Preview of / }).all()) {
      await expectLoaded(preview);
    }
    // The first image added is primary; any other can become primary.
    await expect(tiles.nth(0)).toContainText('Primary');
    await dialog.getByRole('button', { name: 'Set as primary: side.png' }).click();
    await expect(tiles.nth(1)).toContainText('Primary');
    await expect(tiles.nth(0)).not.toContainText('Primary');
    await dialog.getByLabel('Caption for side.png').fill('Side view');
    await settleAnimations(page);
    await saveScreenshot(page, 'vehicles-add-dialog', testInfo.project.name);

    // Slow the calls down a little so each pending text can be seen.
    const uploads: { fileName: string; isPrimary: string; caption: string }[] = [];
    await page.route('**/api/vehicles', async (route) => {
      if (route.request().method() === 'POST') await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    await page.route('**/api/vehicle-images', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      uploads.push({
        fileName: /filename="([^"]+)"/.exec(body)?.[1] ?? '',
        isPrimary: /name="isPrimary"\r\n\r\n(\w+)/.exec(body)?.[1] ?? '',
        caption: /name="caption"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? '',
      });
      await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });

    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(dialog.getByRole('button', { name: 'Adding Vehicle...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Uploading Images...' })).toBeDisabled();
    await expect(dialog.getByRole('progressbar', { name: 'Upload of side.png' })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Upload of front.jpg' })).toBeVisible();
    await expectToast(page, 'Vehicle added', 'Your vehicle has been added successfully.');
    await expect(dialog).toBeHidden();
    await declineStarterSchedules(page);

    // One call per image, the chosen primary first and flagged as such.
    expect(uploads).toEqual([
      { fileName: 'side.png', isPrimary: 'true', caption: 'Side view' },
      { fileName: 'front.jpg', isPrimary: 'false', caption: '' },
    ]);

    const civic = card(page, '2019 Honda Civic');
    await expect(civic).toBeVisible();
    await expect(civic.getByText('Project', { exact: true })).toBeVisible();
    await expect(civic).toContainText('EX-L');
    await expect(civic).toContainText('45,000 mi');
    await expect(civic).toContainText(`Added: ${thisMonth()}`);
    await expect(civic.getByText('Money Invested').locator('xpath=..')).toContainText('$12,500.00');
    await expect(civic.getByText('Planned Expenses').locator('xpath=..')).toContainText('$0.00');
    await expect(civic.getByTestId('vehicle-status')).toHaveText('All maintenance up to date');
    const picture = civic.getByRole('img', { name: '2019 Honda Civic' });
    await expect(picture).toHaveAttribute('src', /\/uploads\/.+\/thumbnail$/);
    await expectLoaded(picture);
    await expect(civic.getByRole('link', { name: /Details/ })).toHaveAttribute(
      'href',
      /\/vehicles\/\d+$/,
    );

    // The server kept both images, the side view primary.
    const vehicles = (await (await page.request.get('/api/vehicles')).json()) as Vehicle[];
    expect(vehicles).toHaveLength(1);
    const images = (await (
      await page.request.get(`/api/vehicles/${vehicles[0]!.id}/images`)
    ).json()) as VehicleImage[];
    expect(images).toHaveLength(2);
    expect(images.filter((image) => image.isPrimary).map((image) => image.caption)).toEqual([
      'Side view',
    ]);
    await saveScreenshot(page, 'vehicles-grid-one', testInfo.project.name);
  },
);

test('the grid: search by make and year, the no-match state, and the status lines', async ({
  page,
}, testInfo) => {
  const userId = (await signUp(page.request, { plan: 'premium' })).user.id;
  const civic = await addVehicle(page.request, {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    trim: 'EX-L',
    mileage: 45_000,
    purchasePrice: 12_500,
    isProject: false,
  });
  const mustang = await addVehicle(page.request, {
    year: 1967,
    make: 'Ford',
    model: 'Mustang',
    trim: 'Fastback',
    mileage: 88_120,
    purchasePrice: 38_000,
    isProject: true,
  });
  const bronco = await addVehicle(page.request, {
    year: 2022,
    make: 'Ford',
    model: 'Bronco',
    mileage: 12_000,
    isProject: true,
  });
  await uploadPhoto(page.request, civic.id, await photoFile('civic.jpg', '#0ea5e9', '#99f6e4'));
  await uploadPhoto(page.request, mustang.id, await photoFile('stang.jpg', '#f97316', '#fde68a'));

  // D33: an overdue item, a dated one and one known only by its mileage.
  await insertMaintenance(userId, civic.id, {
    title: 'Oil Change',
    dueDate: localDay(-1),
    cost: 89.5,
  });
  const brakeDay = localDay(30);
  await insertMaintenance(userId, mustang.id, {
    title: 'Brake Service',
    dueDate: brakeDay,
    cost: 420,
  });
  await insertMaintenance(userId, bronco.id, { title: 'Tire Rotation', dueMileage: 15_000 });

  await page.goto('/vehicles');
  const cards = page.getByTestId('vehicle-card');
  await expect(cards).toHaveCount(3);

  const civicStatus = card(page, '2019 Honda Civic').getByTestId('vehicle-status');
  await expect(civicStatus).toHaveText('Oil Change overdue');
  await expect(civicStatus).toHaveAttribute('data-tone', 'overdue');
  await expect(card(page, '2019 Honda Civic').getByText('Daily Driver')).toBeVisible();
  await expect(card(page, '2019 Honda Civic')).toContainText('$89.50');
  await expect(card(page, '1967 Ford Mustang').getByTestId('vehicle-status')).toHaveText(
    `Brake Service due ${shownDate(brakeDay)}`,
  );
  await expect(card(page, '2022 Ford Bronco').getByTestId('vehicle-status')).toHaveText(
    'Tire Rotation due in 3,000 miles',
  );
  // Without a picture the card shows the placeholder, the same size.
  await expect(
    card(page, '2022 Ford Bronco').getByTestId('vehicle-picture-placeholder'),
  ).toBeVisible();
  for (const title of ['2019 Honda Civic', '1967 Ford Mustang']) {
    await expectLoaded(card(page, title).getByRole('img', { name: title }));
  }

  // 001 §2: 1 column on phones, 3 on large screens.
  const columns = await page
    .getByRole('list', { name: 'Vehicles' })
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(testInfo.project.name === 'phone' ? 1 : 3);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'vehicles-grid', testInfo.project.name);

  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  await search.fill('FORD');
  await expect(cards).toHaveCount(2);
  await expect(card(page, '2019 Honda Civic')).toHaveCount(0);
  await search.fill('1967');
  await expect(cards).toHaveCount(1);
  await expect(card(page, '1967 Ford Mustang')).toBeVisible();
  await search.fill('fastback');
  await expect(cards).toHaveCount(1);
  await search.fill('tesla');
  await expect(cards).toHaveCount(0);
  await expect(page.getByTestId('vehicles-no-match')).toContainText(
    'No vehicle matches your search',
  );
  await saveScreenshot(page, 'vehicles-no-match', testInfo.project.name);
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(cards).toHaveCount(3);
  await expect(search).toHaveValue('');
});

test('the card menu: Edit goes to the edit page, Delete asks first and deletes', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request);
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto('/vehicles');

  await page.getByRole('button', { name: 'Actions for 2019 Honda Civic' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${civic.id}/edit$`));

  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Actions for 2019 Honda Civic' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Vehicle' });
  await expect(confirm).toContainText(
    'This action cannot be undone. This will permanently delete the vehicle and all associated maintenance records, repairs, and modifications.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, '2019 Honda Civic')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for 2019 Honda Civic' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Vehicle deleted', '2019 Honda Civic has been deleted successfully.');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('vehicles-empty')).toBeVisible();
  expect((await page.request.get(`/api/vehicles/${civic.id}`)).status()).toBe(404);
});

test(
  'a free plan with one vehicle gets the upgrade dialog instead of the form',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request);
    await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
    await page.goto('/vehicles');
    await expect(card(page, '2019 Honda Civic')).toBeVisible();

    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await expect(upgrade).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add Vehicle' })).toHaveCount(0);
    await expect(upgrade.getByRole('region', { name: 'Free plan' })).toContainText('1 vehicle');
    await expect(upgrade.getByRole('region', { name: 'Premium plan' })).toContainText(
      '$9.99/month',
    );
    await expect(upgrade.getByRole('region', { name: 'Premium plan' })).toContainText(
      'Unlimited vehicles',
    );
    await settleAnimations(page);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicles-upgrade-dialog', testInfo.project.name);

    await upgrade.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(upgrade).toBeHidden();

    // On a server without a payment link (D13, D36) 'Upgrade Now' opens nothing and says so.
    await page.route('**/api/subscription/status', async (route) => {
      const response = await route.fetch();
      const status = (await response.json()) as SubscriptionStatus;
      expect(status.canAddVehicle).toBe(false);
      await route.fulfill({ response, json: { ...status, paymentLinkUrl: null } });
    });
    let popups = 0;
    page.on('popup', () => {
      popups += 1;
    });
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await upgrade.getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(upgrade).toBeHidden();
    await expectToast(page, 'Upgrades are not available on this server.');
    expect(popups).toBe(0);
  },
);

test('an unreadable status allows the form, and the server’s 402 then opens the upgrade dialog', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request);
  await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  // 001 §4: a failed status read never blocks; the server still enforces the limit (D12).
  await page.route('**/api/subscription/status', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto('/vehicles');
  const dialog = await openAddDialog(page);
  await pick(page, dialog, 'Year', '2021');
  await pick(page, dialog, 'Make', 'Other');
  await dialog.getByLabel('Other make').fill('Studebaker');
  await dialog.getByLabel('Model', { exact: true }).fill('Champion');
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add Vehicle' })).toHaveCount(0);
  forgiveHttpErrors(consoleErrors, 503);
  forgiveHttpErrors(consoleErrors, 402);
});

test('the form: required fields, a failed create keeps the input, and Other as make', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request);
  await page.goto('/vehicles');
  const dialog = await openAddDialog(page);
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog.getByText('Year must be at least 4 characters')).toBeVisible();
  await expect(dialog.getByText('Make is required')).toBeVisible();
  await expect(dialog.getByText('Model is required')).toBeVisible();

  await pick(page, dialog, 'Year', '1955');
  await pick(page, dialog, 'Make', 'Other');
  // D31: a make without a model list goes straight to a typed model.
  await expect(dialog.getByRole('combobox', { name: 'Model', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog.getByLabel('Other make')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Other make').fill('Studebaker');
  await dialog.getByLabel('Model', { exact: true }).fill('Champion');
  await expect(dialog.getByText('Make is required')).toHaveCount(0);

  await page.route('**/api/vehicles', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Something went wrong on our side. Please try again."}',
        })
      : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  // The dialog stays open, so the toast's region sits outside the modal's accessibility tree;
  // Radix announces it through a live region of its own.
  const failure = page
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: 'Failed to add vehicle' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Something went wrong on our side. Please try again.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Other make')).toHaveValue('Studebaker');
  await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('Champion');
  forgiveHttpErrors(consoleErrors, 500);

  await page.unroute('**/api/vehicles');
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Vehicle added', 'Your vehicle has been added successfully.');
  await declineStarterSchedules(page);
  await expect(card(page, '1955 Studebaker Champion')).toBeVisible();
  await expect(
    card(page, '1955 Studebaker Champion').getByTestId('vehicle-picture-placeholder'),
  ).toBeVisible();
});

test(
  'at most 5 images: the alert, the extra files dropped, the primary passed on',
  { tag: '@desktop-only' },
  async ({ page, consoleErrors }, testInfo) => {
    await signUp(page.request);
    await page.goto('/vehicles');
    const dialog = await openAddDialog(page);
    const input = dialog.locator('input[type=file]');
    const colours = ['#0ea5e9', '#f97316', '#22c55e', '#a855f7', '#eab308', '#ef4444', '#64748b'];
    const files = await Promise.all(
      colours.map((colour, index) => photoFile(`photo-${index + 1}.jpg`, colour, '#f8fafc')),
    );
    await input.setInputFiles(files.slice(0, 3));
    await expect(dialog.getByTestId('picked-image')).toHaveCount(3);
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    await input.setInputFiles(files.slice(3));
    await expect(dialog.getByRole('alert')).toHaveText('You can only upload up to 5 images');
    const tiles = dialog.getByTestId('picked-image');
    await expect(tiles).toHaveCount(5);
    await expect(tiles.nth(4)).toContainText('photo-5.jpg');
    await expect(dialog.getByText('photo-6.jpg')).toHaveCount(0);
    await expect(dialog.getByText('5 of 5')).toBeVisible();
    await settleAnimations(page);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'vehicles-add-dialog-full', testInfo.project.name);

    // Removing the primary promotes the first remaining image.
    await expect(tiles.nth(0)).toContainText('Primary');
    await dialog.getByRole('button', { name: 'Remove photo-1.jpg' }).click();
    await expect(tiles).toHaveCount(4);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(tiles.nth(0)).toContainText('photo-2.jpg');
    await expect(tiles.nth(0)).toContainText('Primary');

    // Closing gives every preview's object URL back.
    const urls = await dialog
      .getByRole('img', { name: /^Preview of / })
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(await countLoadable(page, urls)).toBe(4);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Picked images are input: Cancel asks before they go (decision 038).
    await page
      .getByRole('alertdialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(dialog).toBeHidden();
    const stillReadable = await countLoadable(page, urls);
    expect(stillReadable).toBe(0);
    // Chromium logs each refused read of a revoked URL; those were the point.
    for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
      if (consoleErrors[index]?.includes('ERR_FILE_NOT_FOUND')) consoleErrors.splice(index, 1);
    }
  },
);

test('an image the server refuses: the vehicle stays, the toast names the file', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request);
  await page.goto('/vehicles');
  const dialog = await openAddDialog(page);
  await pick(page, dialog, 'Year', '2020');
  await pick(page, dialog, 'Make', 'Toyota');
  await pick(page, dialog, 'Model', 'Corolla');
  await dialog.locator('input[type=file]').setInputFiles([
    await photoFile('good.jpg', '#22c55e', '#f8fafc'),
    // A JPEG's first bytes, so the browser keeps it, but nothing the server can decode (D15).
    {
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not a photo')]),
    },
  ]);
  await expect(dialog.getByRole('img', { name: 'No preview of front.jpg' })).toBeVisible();
  await expectLoaded(dialog.getByRole('img', { name: 'Preview of good.jpg' }));
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Upload failed');
  await declineStarterSchedules(page);
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'front.jpg: The image could not be read. Please upload a JPEG, PNG or WebP image',
  );
  await expect(page.getByRole('region', { name: /Notifications/ })).not.toContainText('good.jpg');
  await expect(dialog).toBeHidden();
  const corolla = card(page, '2020 Toyota Corolla');
  await expect(corolla).toBeVisible();
  await expectLoaded(corolla.getByRole('img', { name: '2020 Toyota Corolla' }));
  forgiveHttpErrors(consoleErrors, 415);
  forgiveBrokenPreview(consoleErrors);
});
