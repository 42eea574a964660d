/**
 * Records (001 §2, §4, §5, §7, §8, D26, D27, D29, D30): adding each kind through the Add New
 * Record dialog with attachments, the /records list with its filters, counts and `?type=`, the
 * record dialog (details, images, completion, edit, delete), the empty states, the completion
 * rule, and the upgrade dialog past the free plan's one record (D12).
 */
import type { Page, Route } from '@playwright/test';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { closeDatabase, insertRepair } from './database';
import {
  expect,
  pick,
  pressEndUntilVisible,
  saveScreenshot,
  settleAnimations,
  test,
} from './fixtures';
import { dayFromToday, listRecords, recordCard, shownDay } from './records-helpers';
import {
  addRecord,
  addVehicle,
  expectToast,
  pdfFile,
  photoFile,
  signUp,
  uploadFiles,
} from './scene';

test.afterAll(async () => {
  await closeDatabase();
});

/** Holds each upload a moment so its progress bar and the pending text can be seen. */
async function slowUploads(page: Page) {
  await page.route('**/api/upload', async (route: Route) => {
    await new Promise((done) => setTimeout(done, 700));
    await route.continue();
  });
}

async function openAddDialog(page: Page, label: 'Repair' | 'Maintenance' | 'Modification') {
  await page.getByRole('button', { name: `Add ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Record' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

test(
  'adds a repair, a maintenance and a modification through the dialog, with attachments',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    // Three forms filled, files uploaded with a delay, screenshots and checks: a long walk.
    test.setTimeout(90_000);
    await signUp(page.request, { plan: 'premium' });
    await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });

    await page.goto('/records');
    await expect(page.getByRole('heading', { name: 'Records', level: 1 })).toBeVisible();
    await expect(page.getByText('View and manage your vehicle records')).toBeVisible();
    await expect(page).toHaveTitle('Garage Ledger — Records');
    const empty = page.getByTestId('records-empty');
    await expect(empty).toContainText('No records found');
    await expect(empty).toContainText('Add your first record to get started');
    await saveScreenshot(page, 'records-empty', testInfo.project.name);

    // A repair with a PDF and a photo, dated yesterday with the shortcut.
    let dialog = await openAddDialog(page, 'Repair');
    const form = dialog.getByRole('form', { name: 'Add repair' });
    // The garage's only vehicle is chosen already.
    await expect(form.getByRole('combobox', { name: 'Vehicle', exact: true })).toHaveText(
      '2019 Honda Civic',
    );
    await pick(page, form, 'Vehicle', '2019 Honda Civic');
    await pick(page, form, 'Category', 'Brakes');
    await form.getByLabel('Title').fill('Front brake pads');
    await form.getByLabel('Description').fill('Pads and rotors on the front axle');
    await form.getByLabel('Cost').fill('$1,240.50');
    await form.getByLabel('Date', { exact: true }).click();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    // D29: the year list runs from 30 years ago to 5 years ahead.
    const thisYear = Number(dayFromToday().slice(0, 4));
    const years = calendar.getByRole('combobox', { name: 'Choose the Year' }).locator('option');
    await expect(years).toHaveCount(36);
    await expect(years.first()).toHaveText(String(thisYear - 30));
    await expect(years.last()).toHaveText(String(thisYear + 5));
    await calendar.getByRole('button', { name: 'Yesterday' }).click();
    await expect(form.getByLabel('Date', { exact: true })).toHaveText(shownDay(dayFromToday(-1)));
    await form.getByLabel('Location').fill('Main Street Garage');
    await form.getByLabel('Technician').fill('Sam');
    await form.getByLabel('Attach PDF').setInputFiles(pdfFile());
    await form
      .getByLabel('Attach photo')
      .setInputFiles(await photoFile('pads.jpg', '#0ea5e9', '#fde68a'));
    await expect(form.getByText('invoice.pdf')).toBeVisible();
    await expect(form.getByText('pads.jpg')).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'records-add-dialog', testInfo.project.name);
    await expectNoSeriousViolations(page);

    await slowUploads(page);
    await form.getByRole('button', { name: 'Add Repair' }).click();
    await expect(form.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(form.getByRole('progressbar', { name: 'Upload of attachments' })).toBeVisible();
    await expectToast(page, 'Repair added', 'Repair record has been added');
    await expect(dialog).toBeHidden();

    const [repair] = await listRecords(page.request, 'repairs');
    expect(repair).toMatchObject({
      title: 'Front brake pads',
      category: 'Brakes',
      cost: 1240.5,
      date: dayFromToday(-1),
      location: 'Main Street Garage',
      technician: 'Sam',
      isCompleted: true,
      vehicleName: '2019 Honda Civic',
    });
    expect(repair?.fileUrl).toMatch(/^\/uploads\//);
    expect(repair?.imageUrl).toMatch(/^\/uploads\//);
    const pdf = await page.request.get(repair!.fileUrl!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Maintenance: the vehicle marked with *, its messages, the title from the category (D26).
    dialog = await openAddDialog(page, 'Maintenance');
    const maintenance = dialog.getByRole('form', { name: 'Add maintenance' });
    await expect(maintenance.getByText('Vehicle*')).toBeVisible();
    await expect(maintenance.getByLabel('Title')).toHaveCount(0);
    await maintenance.getByRole('button', { name: 'Add Maintenance' }).click();
    await expect(maintenance).toContainText('Category is required');
    await pick(page, maintenance, 'Vehicle*', '2019 Honda Civic');
    await pick(page, maintenance, 'Category', 'Oil Change');
    await maintenance.getByLabel('Cost').fill('89.50');
    await maintenance.getByLabel('Date', { exact: true }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await maintenance.getByLabel('Notes').fill('Synthetic 5W-30');
    await maintenance.getByLabel('Attach PDF').setInputFiles(pdfFile('oil-receipt.pdf'));
    await maintenance.getByRole('button', { name: 'Add Maintenance' }).click();
    await expectToast(page, 'Maintenance added', 'Your maintenance record has been saved.');
    await expect(dialog).toBeHidden();
    const [oil] = await listRecords(page.request, 'maintenance');
    expect(oil).toMatchObject({
      title: 'Oil Change',
      category: 'Oil Change',
      cost: 89.5,
      date: dayFromToday(),
      isCompleted: true,
      notes: 'Synthetic 5W-30\nAttached files included.',
      dueDate: null,
      dueMileage: null,
    });
    expect(oil?.fileUrl).toMatch(/^\/uploads\//);

    // Modification: a missing category is said in a toast; a date next year is Pending (001 §4).
    dialog = await openAddDialog(page, 'Modification');
    const modification = dialog.getByRole('form', { name: 'Add modification' });
    await pick(page, modification, 'Vehicle', '2019 Honda Civic');
    await modification.getByLabel('Title').fill('Cat-back exhaust');
    await modification.getByRole('button', { name: 'Add Modification' }).click();
    await expectToast(
      page,
      'Form Validation Error',
      'Please select a category for the modification',
    );
    await expect(modification).toContainText('Category is required');
    await pick(page, modification, 'Category', 'Exhaust');
    await modification.getByLabel('Cost').fill('1200');
    await modification.getByLabel('Date', { exact: true }).click();
    const picker = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await picker
      .getByRole('combobox', { name: 'Choose the Year' })
      .selectOption(String(thisYear + 1));
    const futureDay = `${thisYear + 1}-${dayFromToday().slice(5, 7)}-15`;
    await picker.locator(`td[data-day="${futureDay}"] button`).click();
    await expect(modification.getByLabel('Date', { exact: true })).toHaveText(shownDay(futureDay));
    await modification.getByRole('button', { name: 'Add Modification' }).click();
    await expectToast(page, 'Modification added', 'Modification has been added');
    await expect(dialog).toBeHidden();
    const [exhaust] = await listRecords(page.request, 'modifications');
    expect(exhaust).toMatchObject({ cost: 1200, date: futureDay, isCompleted: false });

    // The list: newest first, each with its badge, figures and status.
    const cards = page.getByTestId('record-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAttribute('aria-label', 'Cat-back exhaust');
    await expect(cards.nth(1)).toHaveAttribute('aria-label', 'Oil Change');
    await expect(cards.nth(2)).toHaveAttribute('aria-label', 'Front brake pads');
    const brakes = recordCard(page, 'Front brake pads');
    await expect(brakes.getByTestId('record-type-badge')).toHaveText('Repairs');
    await expect(brakes.getByTestId('record-cost')).toHaveText('$1,240.50');
    await expect(brakes.getByTestId('record-date')).toHaveText(shownDay(dayFromToday(-1)));
    await expect(brakes.getByTestId('record-card-status')).toHaveText('Completed');
    await expect(brakes).toContainText('Sam');
    await expect(brakes).toContainText('Main Street Garage');
    await expect(brakes).toContainText('2019 Honda Civic');
    const oilCard = recordCard(page, 'Oil Change');
    await expect(oilCard.getByTestId('record-type-badge')).toHaveText('Maintenance');
    await expect(oilCard.getByTestId('record-cost')).toHaveText('$89.50');
    await expect(oilCard).toContainText('Attached files included.');
    const exhaustCard = recordCard(page, 'Cat-back exhaust');
    await expect(exhaustCard.getByTestId('record-type-badge')).toHaveText('Mods');
    await expect(exhaustCard.getByTestId('record-card-status')).toHaveText('Pending');
    await expect(exhaustCard.getByTestId('record-cost')).toHaveText('$1,200.00');
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'records-list', testInfo.project.name);
  },
);

test('search, type and vehicle filters with their counts, the no-match state and ?type=', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const bronco = await addVehicle(page.request, { year: 2022, make: 'Ford', model: 'Bronco' });
  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    date: dayFromToday(-20),
    cost: 89.5,
  });
  await addRecord(page.request, 'maintenance', {
    vehicleId: bronco.id,
    category: 'Tire Rotation',
    title: 'Tire Rotation',
    description: 'Rotated and balanced',
    date: dayFromToday(-3),
  });
  await addRecord(page.request, 'repair', {
    vehicleId: bronco.id,
    category: 'Brakes',
    title: 'Brake pads',
    description: 'Front axle squeal',
    cost: 240,
  });
  await addRecord(page.request, 'modification', {
    vehicleId: civic.id,
    category: 'Exhaust',
    date: dayFromToday(-1),
    cost: '310.25',
  });

  await page.goto('/records');
  const cards = page.getByTestId('record-card');
  await expect(cards).toHaveCount(4);
  // 001 §3: a record without a title is 'Untitled'; undated records come last.
  await expect(cards.nth(0)).toHaveAttribute('aria-label', 'Untitled');
  await expect(cards.nth(3)).toHaveAttribute('aria-label', 'Brake pads');
  await expect(recordCard(page, 'Brake pads').getByTestId('record-date')).toHaveText(
    'Not scheduled',
  );

  const type = page.getByRole('combobox', { name: 'Record type' });
  await expect(type).toHaveText('All Types (4)');
  await type.click();
  for (const option of ['All Types (4)', 'Maintenance (2)', 'Repairs (1)', 'Modifications (1)']) {
    await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');

  const search = page.getByRole('searchbox', { name: 'Search records' });
  await expect(search).toHaveAttribute('placeholder', 'Search records...');
  // Title or description (and the other fields of decision 033), whatever the case.
  await search.fill('AXLE');
  await expect(cards).toHaveCount(1);
  await expect(recordCard(page, 'Brake pads')).toBeVisible();
  await expect(type).toHaveText('All Types (1)');
  await search.fill('oil');
  await expect(cards).toHaveCount(1);
  await expect(recordCard(page, 'Oil Change')).toBeVisible();
  await search.fill('');

  await pick(page, page.locator('main'), 'Vehicle', '2022 Ford Bronco');
  await expect(cards).toHaveCount(2);
  await expect(type).toHaveText('All Types (2)');
  await pick(page, page.locator('main'), 'Record type', 'Maintenance (1)');
  await expect(cards).toHaveCount(1);
  await expect(recordCard(page, 'Tire Rotation')).toBeVisible();
  await search.fill('exhaust');
  await expect(cards).toHaveCount(0);
  const empty = page.getByTestId('records-empty');
  await expect(empty).toContainText('No records found');
  await expect(empty).toContainText('Try adjusting your filters');
  await pick(page, page.locator('main'), 'Vehicle', 'All Vehicles');
  await expect(cards).toHaveCount(0);
  // Decision 033: the search looks in the category too, so the untitled Exhaust modification.
  await pick(page, page.locator('main'), 'Record type', 'All Types (1)');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('aria-label', 'Untitled');
  await search.fill('');
  await expect(cards).toHaveCount(4);

  // D27: ?type= preselects the type, by its name or its plural.
  for (const [param, shown, count] of [
    ['maintenance', 'Maintenance (2)', 2],
    ['repairs', 'Repairs (1)', 1],
    ['modification', 'Modifications (1)', 1],
  ] as const) {
    await page.goto(`/records?type=${param}`);
    await expect(type).toHaveText(shown);
    await expect(cards).toHaveCount(count);
  }
  await expect(cards.first().getByTestId('record-type-badge')).toHaveText('Mods');
});

test(
  'the record dialog: details, images, completion, edit and delete',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signUp(page.request, { plan: 'premium' });
    const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
    const [quoteUrl] = await uploadFiles(page.request, [pdfFile('quote.pdf')]);
    await addRecord(page.request, 'repair', {
      vehicleId: civic.id,
      category: 'Suspension',
      title: 'Strut replacement',
      description: 'Both front struts',
      notes: 'Alignment booked next week',
      date: dayFromToday(-2),
      cost: 640,
      location: 'Corner Shop',
      fileUrl: quoteUrl,
      isCompleted: true,
    });
    await addRecord(page.request, 'maintenance', {
      vehicleId: civic.id,
      category: 'Scheduled Maintenance',
      title: 'Scheduled Maintenance',
      isCompleted: false,
    });

    await page.goto('/records');
    await recordCard(page, 'Strut replacement')
      .getByRole('button', { name: 'Strut replacement', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Strut replacement' });
    await expect(dialog).toBeVisible();
    const basic = dialog.getByRole('region', { name: 'Basic Information' });
    await expect(basic).toContainText(shownDay(dayFromToday(-2)));
    await expect(basic).toContainText('$640.00');
    const service = dialog.getByRole('region', { name: 'Service Information' });
    await expect(service).toContainText('Corner Shop');
    await expect(service.getByText('Not specified')).toBeVisible();
    await expect(dialog).toContainText('Both front struts');
    await expect(dialog).toContainText('Alignment booked next week');
    await expect(dialog.getByTestId('record-status')).toHaveText('Completed');
    const view = dialog.getByRole('link', { name: 'View document of Strut replacement' });
    await expect(view).toHaveText('View');
    await expect(view).toHaveAttribute('href', quoteUrl!);
    await expect(dialog).toContainText('No image available');

    // 001 §5: Add Image takes an image of at most 5 MB.
    const addImage = dialog.getByLabel('Add Image');
    await addImage.setInputFiles(pdfFile('not-a-photo.pdf'));
    await expectToast(page, 'Invalid file type', 'Please select an image file (JPEG, PNG, etc.)');
    await addImage.setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expectToast(page, 'File too large', 'Please select an image smaller than 5MB');
    await addImage.setInputFiles(await photoFile('strut.jpg', '#0ea5e9', '#99f6e4'));
    await expectToast(page, 'Image added');
    await addImage.setInputFiles(await photoFile('wheel.jpg', '#f97316', '#fde68a'));
    await expect(dialog.getByRole('button', { name: /^Open image \d of 2/ })).toHaveCount(2);
    await settleAnimations(page);
    await saveScreenshot(page, 'records-detail-dialog', testInfo.project.name);
    await expectNoSeriousViolations(page);

    // The viewer: counter, caption 'Added on …', next and previous wrap around, close.
    await dialog.getByRole('button', { name: /^Open image 1 of 2/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Images of Strut replacement' });
    await expect(viewer.getByTestId('gallery-counter')).toHaveText('1 / 2');
    await expect(viewer.locator('figcaption')).toHaveText(
      /^Added on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/,
    );
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expect(viewer.getByTestId('gallery-counter')).toHaveText('2 / 2');
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expect(viewer.getByTestId('gallery-counter')).toHaveText('1 / 2');
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await expect(viewer.getByTestId('gallery-counter')).toHaveText('2 / 2');
    await viewer.getByRole('button', { name: 'Close image viewer' }).click();
    await expect(viewer).toBeHidden();

    // The completion toggle: repairs say Planned when not completed (001 §2, §4).
    await dialog.getByRole('button', { name: 'Mark as Planned' }).click();
    await expectToast(page, 'Record updated');
    await expect(dialog).toBeHidden();
    await expect(
      recordCard(page, 'Strut replacement').getByTestId('record-card-status'),
    ).toHaveText('Pending');
    await recordCard(page, 'Strut replacement')
      .getByRole('button', { name: 'Strut replacement', exact: true })
      .click();
    await expect(dialog.getByTestId('record-status')).toHaveText('Planned');

    // Edit Record: the stored values, then saved.
    await dialog.getByRole('button', { name: 'Edit Record' }).click();
    const edit = page.getByRole('form', { name: 'Edit repair' });
    await expect(edit.getByLabel('Title')).toHaveValue('Strut replacement');
    await expect(edit.getByLabel('Cost')).toHaveValue('640');
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toContainText('Title is required');
    await edit.getByLabel('Title').fill('Front struts');
    await edit.getByLabel('Cost').fill('655.10');
    await edit.getByLabel('Technician').fill('Alex');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Repair updated', 'Repair record has been updated');
    const struts = recordCard(page, 'Front struts');
    await expect(struts.getByTestId('record-cost')).toHaveText('$655.10');
    await expect(struts).toContainText('Alex');
    // A past date saved from the form is completed again (001 §4).
    await expect(struts.getByTestId('record-card-status')).toHaveText('Completed');

    // The maintenance edit form: 'Title*', due date and due mileage; its state is kept.
    await recordCard(page, 'Scheduled Maintenance')
      .getByRole('button', { name: 'Edit Scheduled Maintenance' })
      .click();
    const maintenance = page.getByRole('form', { name: 'Edit maintenance' });
    await expect(maintenance.getByLabel('Title*')).toHaveValue('Scheduled Maintenance');
    await maintenance.getByLabel('Due Mileage').fill('60000');
    await maintenance.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Maintenance updated', 'Your maintenance record has been updated.');
    const [scheduled] = await listRecords(page.request, 'maintenance');
    expect(scheduled).toMatchObject({ dueMileage: 60000, isCompleted: false, date: null });
    await recordCard(page, 'Scheduled Maintenance')
      .getByRole('button', { name: 'Scheduled Maintenance', exact: true })
      .click();
    const scheduledDialog = page.getByRole('dialog', { name: 'Scheduled Maintenance' });
    await expect(scheduledDialog.getByTestId('record-status')).toHaveText('Scheduled');
    const basics = scheduledDialog.getByRole('region', { name: 'Basic Information' });
    await expect(basics).toContainText('Not scheduled');
    await expect(basics).toContainText('Not specified');
    await expect(basics).toContainText('60,000 mi');
    await scheduledDialog.getByRole('button', { name: 'Close', exact: true }).click();

    // Delete asks first.
    await struts.getByRole('button', { name: 'Delete Front struts' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText('Are you sure you want to delete this repair record?');
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(struts).toBeVisible();
    await struts.getByRole('button', { name: 'Delete Front struts' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Repair record deleted successfully.');
    await expect(struts).toHaveCount(0);
    expect(await listRecords(page.request, 'repairs')).toEqual([]);
    await expect(page.getByTestId('record-card')).toHaveCount(1);
  },
);

test('a filter opens by keyboard and by touch, its list code fetched on its first opening', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'maintenance', { vehicleId: civic.id, category: 'Oil Change' });
  const listCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/choice-select-popup-[\w-]+\.js$/.test(request.url()))
      listCode.push(request.url());
  });
  await page.goto('/records');
  await expect(page.getByTestId('record-card')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(listCode).toEqual([]);

  const type = page.getByRole('combobox', { name: 'Record type' });
  await expect(type).toHaveText('All Types (1)');
  if (testInfo.project.name === 'phone') {
    // A finger opens it when it lifts, as a tap.
    await type.tap();
  } else {
    await type.focus();
    await page.keyboard.press('ArrowDown');
  }
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  expect(listCode).toHaveLength(1);
  await expect(page.getByRole('option', { name: 'All Types (1)' })).toBeFocused();
  // Chosen with the keyboard, from the option itself: Radix moves focus to the chosen option
  // once the list has placed itself, which can come after an early arrow key.
  await page.getByRole('option', { name: 'Maintenance (1)' }).focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(type).toHaveText('Maintenance (1)');
  await expect(type).toBeFocused();

  // Opened again with Space and left with Escape: the choice stays.
  await page.keyboard.press(' ');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(type).toHaveText('Maintenance (1)');
  await expect(type).toBeFocused();
  expect(listCode).toHaveLength(1);
});

test('the free plan: a second record opens the upgrade dialog, and so does a 402', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  const { user } = await signUp(page.request, { plan: 'free' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'maintenance', { vehicleId: civic.id, category: 'Oil Change' });
  expect(user.id).toBeGreaterThan(0);

  await page.goto('/records');
  await expect(page.getByTestId('record-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Maintenance' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(upgrade).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add New Record' })).toHaveCount(0);
  await upgrade.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(upgrade).toBeHidden();

  // 001 §4: a status that cannot be read never blocks; the server's 402 then opens the dialog.
  await page.route('**/api/subscription/status', (route) =>
    route.fulfill({ status: 503, body: 'Service Unavailable' }),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Add Repair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Record' });
  const form = dialog.getByRole('form', { name: 'Add repair' });
  await pick(page, form, 'Vehicle', '2019 Honda Civic');
  await pick(page, form, 'Category', 'Engine');
  await form.getByRole('button', { name: 'Add Repair' }).click();
  await expect(upgrade).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await listRecords(page.request, 'repairs')).toEqual([]);
  forgiveHttpErrors(consoleErrors, 503);
  forgiveHttpErrors(consoleErrors, 402);
});

test('a failed upload: maintenance is saved without its file, a modification stops', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request, { plan: 'premium' });
  await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.route('**/api/upload', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Storage is unavailable' }),
    }),
  );
  await page.goto('/records');

  let dialog = await openAddDialog(page, 'Maintenance');
  const maintenance = dialog.getByRole('form', { name: 'Add maintenance' });
  await pick(page, maintenance, 'Vehicle*', '2019 Honda Civic');
  await pick(page, maintenance, 'Category', 'Battery Service');
  await maintenance.getByLabel('Attach PDF').setInputFiles(pdfFile('battery.pdf'));
  await maintenance.getByRole('button', { name: 'Add Maintenance' }).click();
  await expectToast(
    page,
    'Failed to upload files',
    'Storage is unavailable. The maintenance record was saved without the files.',
  );
  await expect(dialog).toBeHidden();
  const [battery] = await listRecords(page.request, 'maintenance');
  expect(battery).toMatchObject({ title: 'Battery Service', fileUrl: null, notes: null });

  dialog = await openAddDialog(page, 'Modification');
  const modification = dialog.getByRole('form', { name: 'Add modification' });
  await pick(page, modification, 'Vehicle', '2019 Honda Civic');
  await pick(page, modification, 'Category', 'Lighting');
  await modification.getByLabel('Title').fill('LED headlights');
  await modification
    .getByLabel('Attach photo')
    .setInputFiles(await photoFile('leds.jpg', '#1e293b', '#38bdf8'));
  await modification.getByRole('button', { name: 'Add Modification' }).click();
  await expectToast(page, 'File upload failed', 'Storage is unavailable');
  await expect(dialog).toBeVisible();
  await expect(modification.getByRole('button', { name: 'Add Modification' })).toBeEnabled();
  await expect(modification.getByLabel('Title')).toHaveValue('LED headlights');
  expect(await listRecords(page.request, 'modifications')).toEqual([]);
  forgiveHttpErrors(consoleErrors, 500);
});

test(
  'the legacy pages open their views in /records: Maintenance, Modifications, Documents',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await signUp(page.request, { plan: 'premium' });
    const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
    const bronco = await addVehicle(page.request, { year: 2022, make: 'Ford', model: 'Bronco' });
    const maintenance = (category: string, values: Record<string, unknown>) =>
      addRecord(page.request, 'maintenance', {
        vehicleId: civic.id,
        category,
        title: category,
        ...values,
      });
    await maintenance('Oil Change', { dueDate: dayFromToday(-3), isCompleted: false });
    await maintenance('Tire Rotation', { dueDate: dayFromToday(5), isCompleted: false });
    await maintenance('Timing Belt', { dueDate: dayFromToday(40), isCompleted: false });
    await maintenance('Brake Service', { date: dayFromToday(-10), isCompleted: true });
    await addRecord(page.request, 'modification', {
      vehicleId: bronco.id,
      category: 'Lighting',
      title: 'Light bar',
      isCompleted: false,
    });
    await addRecord(page.request, 'modification', {
      vehicleId: bronco.id,
      category: 'Wheels & Tires',
      title: 'All-terrain tires',
      date: dayFromToday(-30),
      isCompleted: true,
    });
    const [fileUrl, imageUrl] = await uploadFiles(page.request, [
      pdfFile('alternator.pdf'),
      await photoFile('alternator.jpg', '#334155', '#94a3b8'),
    ]);
    await addRecord(page.request, 'repair', {
      vehicleId: bronco.id,
      category: 'Electrical',
      title: 'Alternator',
      date: dayFromToday(-2),
      fileUrl,
      imageUrl,
    });

    // Maintenance: Upcoming in its three groups, History, All; Complete marks it completed (D16).
    await page.goto('/maintenance');
    await expect(page).toHaveURL(/\/records\?type=maintenance$/);
    await expect(page.getByRole('combobox', { name: 'Record type' })).toHaveText('Maintenance (4)');
    await expect(page.getByTestId('record-card')).toHaveCount(4);
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    const overdue = page.getByRole('region', { name: 'Overdue' });
    await expect(overdue.getByTestId('record-card')).toHaveCount(1);
    await expect(recordCard(page, 'Oil Change').getByTestId('record-due')).toHaveText(
      `Due ${shownDay(dayFromToday(-3))}`,
    );
    await expect(
      page
        .getByRole('region', { name: 'Due Soon' })
        .getByRole('article', { name: 'Tire Rotation' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Upcoming' }).getByRole('article', { name: 'Timing Belt' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'records-maintenance-view', testInfo.project.name);
    await overdue.getByRole('button', { name: 'Complete Oil Change' }).click();
    await expectToast(page, 'Record updated');
    await expect(overdue).toContainText('Nothing overdue.');
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History' }).getByTestId('record-card');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toHaveAttribute('aria-label', 'Brake Service');

    // Modifications: In Progress and Completed.
    await page.goto('/modifications');
    await expect(page).toHaveURL(/\/records\?type=modification$/);
    await expect(
      page.getByRole('region', { name: 'In Progress' }).getByRole('article', { name: 'Light bar' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Completed' })
        .getByRole('article', { name: 'All-terrain tires' }),
    ).toBeVisible();

    // Documents: every record attachment, with search, type and vehicle filters (D27).
    await page.goto('/documents');
    await expect(page).toHaveURL(/\/records\?type=document$/);
    const entries = page.getByTestId('document-entry');
    await expect(entries).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Open Alternator (PDF)' })).toHaveAttribute(
      'href',
      fileUrl!,
    );
    await expect(page.getByRole('link', { name: 'Open Alternator (Photo)' })).toHaveAttribute(
      'href',
      imageUrl!,
    );
    await expect(entries.first()).toContainText('Record attachment');
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('photo');
    await expect(entries).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
    await pick(page, page.locator('main'), 'Document type', 'Insurance');
    await expect(page.getByTestId('documents-empty')).toContainText('Try adjusting your filters');
    await pick(page, page.locator('main'), 'Document type', 'Record attachment');
    await pick(page, page.locator('main'), 'Document vehicle', '2019 Honda Civic');
    await expect(entries).toHaveCount(0);
    await pick(page, page.locator('main'), 'Document vehicle', '2022 Ford Bronco');
    await expect(entries).toHaveCount(2);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'records-documents-view', testInfo.project.name);
  },
);

test('the maintenance edit form takes several files; a record gone meanwhile says so', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const oil = await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    date: dayFromToday(-1),
    isCompleted: true,
  });
  const gone = await addRecord(page.request, 'repair', {
    vehicleId: civic.id,
    category: 'Exhaust',
    title: 'Muffler',
  });

  await page.goto('/records');
  await recordCard(page, 'Oil Change').getByRole('button', { name: 'Edit Oil Change' }).click();
  const form = page.getByRole('form', { name: 'Edit maintenance' });
  // 001 §5: several files, PDF, JPG or PNG; a second PDF is refused.
  const files = form.getByLabel('Attach files');
  await files.setInputFiles([
    pdfFile('receipt.pdf'),
    await photoFile('before.jpg', '#0ea5e9', '#99f6e4'),
    await photoFile('after.jpg', '#f97316', '#fde68a'),
  ]);
  await expect(form.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await files.setInputFiles(pdfFile('second.pdf'));
  await expect(form.getByRole('alert')).toHaveText(
    'second.pdf: A record keeps one PDF: remove the chosen one first',
  );
  // The refusal keeps Save disabled until it is removed (decision 069); the three chosen stay.
  await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await form.getByRole('button', { name: 'Remove refused file' }).click();
  await expect(form.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await slowUploads(page);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  await expect(form.getByRole('progressbar', { name: 'Upload of attachments' })).toBeVisible();
  await expectToast(page, 'Maintenance updated', 'Your maintenance record has been updated.');
  const [saved] = await listRecords(page.request, 'maintenance');
  expect(saved).toMatchObject({ isCompleted: true, notes: 'Attached files included.' });
  expect(saved?.fileUrl).toMatch(/^\/uploads\//);
  expect(saved?.imageUrl).toMatch(/^\/uploads\//);
  const images = await page.request.get(`/api/record-images/maintenance/${oil.id}`);
  expect(((await images.json()) as unknown[]).length).toBe(1);

  // The record dialog of a record deleted elsewhere.
  await recordCard(page, 'Muffler').getByRole('button', { name: 'Muffler', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Muffler' });
  await expect(dialog.getByTestId('record-status')).toHaveText('Planned');
  const removed = await page.request.delete(`/api/repairs/${gone.id}`);
  expect(removed.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
  await expectToast(page, 'Failed to update record', 'Record not found');
  await expect(page.getByRole('dialog')).toContainText('No record data available');
  forgiveHttpErrors(consoleErrors, 404);
});

test('a long history: read a page at a time as it is scrolled, only the cards near the viewport drawn', {
  tag: '@desktop-only',
}, async ({ page }) => {
  const { user } = await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  for (let day = 1; day <= 90; day += 1) {
    await insertRepair(user.id, civic.id, {
      title: `Repair ${day}`,
      category: 'Engine',
      date: dayFromToday(-day),
      cost: day,
      isCompleted: true,
    });
  }
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/user') reads.push(url.pathname);
  });

  await page.goto('/records');
  const cards = page.getByTestId('record-card');
  await expect(cards.first()).toHaveAttribute('aria-label', 'Repair 1');
  await expect(page.getByText('Showing 50 of 90')).toBeVisible();
  await expect(page.getByText('90 records')).toBeVisible();
  // Decision 057: only the cards near the viewport are in the page.
  expect(await cards.count()).toBeLessThan(30);
  // The next page follows as the end of the loaded ones comes near.
  await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  // The last place holds the oldest; each card says its place in the whole list to a screen reader.
  await pressEndUntilVisible(
    page,
    page.locator('li[aria-posinset="90"][aria-setsize="90"]'),
    'Repair 90',
  );
  await expect(page.getByRole('combobox', { name: 'Record type' })).toHaveText('All Types (90)');
  // The shell's reads (the bell's, and the user's units and currency) are not the list's.
  const shellReads = ['/api/upcoming-maintenance', '/api/user/preferences'];
  const recordReads = reads.filter((path) => !shellReads.includes(path));
  expect(recordReads.sort()).toEqual(['/api/records/page', '/api/records/page', '/api/vehicles']);
});

test("a vehicle's record tabs: empty states, adding from a tab with the vehicle chosen, the history and its total", {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  await addVehicle(page.request, { year: 2022, make: 'Ford', model: 'Bronco' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto(`/vehicles/${civic.id}`);
  const tabs = page.getByTestId('vehicle-record-tabs');
  await expect(tabs.getByRole('tab', { name: 'All Records' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(tabs).toContainText('No Records');
  await expect(tabs.getByTestId('records-total-cost')).toHaveText('$0.00');
  for (const [tab, empty] of [
    ['Maintenance', 'No Maintenance Records'],
    ['Repairs', 'No Repair Records'],
    ['Mods', 'No Modifications'],
  ] as const) {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(tabs.getByRole('tabpanel')).toContainText(empty);
  }

  // Mods: Add Modification opens the dialog on its tab with this vehicle chosen.
  await tabs.getByRole('button', { name: 'Add Modification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Record' });
  await expect(dialog.getByRole('tab', { name: 'Modification' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const form = dialog.getByRole('form', { name: 'Add modification' });
  await expect(form.getByRole('combobox', { name: 'Vehicle', exact: true })).toHaveText(
    '2019 Honda Civic',
  );
  await pick(page, form, 'Category', 'Suspension');
  await form.getByLabel('Title').fill('Lift kit');
  await form.getByLabel('Cost').fill('1850');
  await form.getByRole('button', { name: 'Add Modification' }).click();
  await expectToast(page, 'Modification added', 'Modification has been added');
  await expect(tabs.getByRole('tabpanel').getByRole('article', { name: 'Lift kit' })).toBeVisible();

  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    date: dayFromToday(-5),
    cost: 89.5,
  });
  await page.reload();
  await expect(tabs.getByTestId('record-card')).toHaveCount(2);
  await expect(tabs.getByTestId('records-total-cost')).toHaveText('$1,939.50');
  // Newest first, undated last.
  await expect(tabs.getByTestId('record-card').first()).toHaveAttribute('aria-label', 'Oil Change');
  const [lift] = await listRecords(page.request, 'modifications');
  expect(lift).toMatchObject({ vehicleId: civic.id, cost: 1850, isCompleted: true });
});

test('a record saved shows at once in the bell, on the vehicle card and in its status line', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto('/vehicles');
  const card = page.getByTestId('vehicle-card').filter({ hasText: '2019 Honda Civic' });
  await expect(card).toContainText('All maintenance up to date');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Into the vehicle's page without a reload, and a maintenance due in three days from its tab.
  await page.getByRole('link', { name: 'Details for 2019 Honda Civic' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${civic.id}$`));
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  await page.getByRole('button', { name: 'Add Maintenance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Record' });
  const form = dialog.getByRole('form', { name: 'Add maintenance' });
  await expect(form.getByRole('combobox', { name: /^Vehicle/ })).toHaveText('2019 Honda Civic');
  await pick(page, form, 'Category', 'Oil Change');
  await form.getByLabel('Cost').fill('75');
  const dueDay = dayFromToday(3);
  await form.getByLabel('Date', { exact: true }).click();
  const picker = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await picker.getByRole('combobox', { name: 'Choose the Year' }).selectOption(dueDay.slice(0, 4));
  await picker
    .getByRole('combobox', { name: 'Choose the Month' })
    .selectOption(String(Number(dueDay.slice(5, 7)) - 1));
  await picker.locator(`td[data-day="${dueDay}"] button`).click();
  await form.getByRole('button', { name: 'Add Maintenance' }).click();
  await expectToast(page, 'Maintenance added', 'Your maintenance record has been saved.');
  await expect(dialog).toBeHidden();

  // The bell counts it (due within 7 days) and lists it.
  const bell = page.getByRole('button', { name: 'Notifications (1 due soon)' });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog').filter({ hasText: 'Oil Change' });
  await expect(panel.getByTestId('upcoming-item')).toHaveText([
    new RegExp(`Oil Change.*2019 Honda Civic.*Due: ${shownDay(dueDay)}`),
  ]);
  await page.keyboard.press('Escape');

  // Back on My Vehicles, still without a reload: the card's figures and status line.
  await page.getByRole('link', { name: 'My Vehicles' }).first().click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(card).toContainText(`Oil Change due ${shownDay(dueDay)}`);
  // Money Invested and Planned Expenses, and the invested total's planned part (D48).
  await expect(card.getByText('$75.00', { exact: true })).toHaveCount(2);
  await expect(card.getByTestId('planned-part')).toHaveText('incl. $75.00 planned');
});
