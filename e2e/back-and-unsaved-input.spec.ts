/**
 * Back and unsaved input (decision 038): Back closes the open dialog, sheet or question and
 * stays on the page, one layer at a time, and a later Back leaves the page as before; a form
 * with unsaved input asks 'Discard changes?' before any close, Back included, and before a link
 * or a reload leaves its page; a save asks nothing, and Back during a save leaves it running.
 * Dialogs are the same component at every width (web/components/ui/modal-history.ts keeps their
 * place in the history): their flows run on the desktop, and the phone keeps its own drawer.
 */
import type { Page, Route } from '@playwright/test';
import { expect, saveScreenshot, settleAnimations, test } from './fixtures';
import { addRecord, addVehicle, photoFile, signUp, uploadPhoto } from './scene';

function discardQuestion(page: Page) {
  return page.getByRole('alertdialog', { name: 'Discard changes?' });
}

/** Back, and the page it lands on. */
async function goBackTo(page: Page, path: string) {
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Opens `/vehicles` with the dashboard behind it in the history. */
async function vehiclesAfterDashboard(page: Page) {
  await page.goto('/dashboard');
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();
}

/**
 * A repair on `/records` (the dashboard behind it in the history), its details opened and handed
 * over to its edit form: answers the Edit Repair dialog.
 */
async function editBrakeJob(page: Page) {
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'repair', {
    vehicleId: vehicle.id,
    category: 'Brakes',
    title: 'Front brake pads',
    cost: 320,
    date: '2026-01-10',
    isCompleted: true,
  });
  await page.goto('/dashboard');
  await page.goto('/records');
  await page.getByRole('button', { name: 'Front brake pads', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Front brake pads' })
    .getByRole('button', { name: 'Edit Record' })
    .click();
  return page.getByRole('dialog', { name: 'Edit Repair' });
}

test('Back closes a dialog and stays on the page; the next Back leaves it @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  await vehiclesAfterDashboard(page);

  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();

  // Closed by its own X, the dialog leaves no entry behind either.
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await goBackTo(page, '/dashboard');
});

test('Back closes one layer at a time: a question over a dialog, then the dialog @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await uploadPhoto(page.request, vehicle.id, await photoFile('front.jpg', '#0ea5e9', '#99f6e4'));
  await page.goto('/vehicles');
  await page.goto(`/vehicles/${vehicle.id}`);

  await page.getByRole('button', { name: /^(Edit|Add) Image$/ }).click();
  const manager = page.getByRole('dialog', { name: 'Edit Vehicle Image' });
  await manager.getByRole('button', { name: /^Delete Image \d$/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete image?' });
  await expect(confirm).toBeVisible();

  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(manager).toBeVisible();
  await page.goBack();
  await expect(manager).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
  await goBackTo(page, '/vehicles');
});

test('a dialog handing over to another: Back closes the second and stays @desktop-only', async ({
  page,
}) => {
  // The details close as the edit form opens, in one moment.
  const edit = await editBrakeJob(page);
  await expect(edit.getByLabel('Title')).toHaveValue('Front brake pads');

  await page.goBack();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/\/records$/);
  await goBackTo(page, '/dashboard');
});

test('unsaved input in a dialog asks before it is thrown away, Back included @desktop-only', async ({
  page,
}, testInfo) => {
  await signUp(page.request);
  await vehiclesAfterDashboard(page);
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  const trim = dialog.getByLabel('Trim');
  await trim.fill('EX-L');

  // Escape asks; Keep editing keeps the dialog and what was typed.
  await page.keyboard.press('Escape');
  const question = discardQuestion(page);
  await expect(question).toContainText('Your changes have not been saved.');
  await settleAnimations(page);
  await saveScreenshot(page, 'discard-changes', testInfo.project.name);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(trim).toHaveValue('EX-L');

  // Back asks too, and Back again answers the question: keep editing.
  await page.goBack();
  await expect(question).toBeVisible();
  await page.goBack();
  await expect(question).toBeHidden();
  await expect(trim).toHaveValue('EX-L');
  await expect(page).toHaveURL(/\/vehicles$/);

  // Cancel asks; Discard closes.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();

  // Back after a discard asked through Back leaves the page.
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  await trim.fill('Sport');
  await page.goBack();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/vehicles$/);
  await goBackTo(page, '/dashboard');
});

test('a saved form asks nothing, and Back during its save leaves the save running @desktop-only', async ({
  page,
}) => {
  const edit = await editBrakeJob(page);
  await edit.getByLabel('Title').fill('Front and rear brake pads');

  // The save is held a moment so Back can come while it runs.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/api/vehicles/*/repairs/*', async (route: Route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  await page.goBack();
  await expect(page).toHaveURL(/\/records$/);
  await expect(edit).toBeVisible();
  await expect(discardQuestion(page)).toHaveCount(0);
  release();

  await expect(edit).toBeHidden();
  await expect(discardQuestion(page)).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Front and rear brake pads', exact: true }),
  ).toBeVisible();
  await goBackTo(page, '/dashboard');
});

/** A vehicle's edit page with a colour typed and its Back link clicked. */
async function typeIntoEditPage(page: Page) {
  await signUp(page.request);
  const vehicle = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto(`/vehicles/${vehicle.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit vehicle' });
  await form.getByLabel('Color').fill('Sonic Gray');
  await page.getByRole('link', { name: 'Back' }).click();
  return { vehicle, form };
}

test('the edit page asks before a link or a reload throws its input away @desktop-only', async ({
  page,
}, testInfo) => {
  const { vehicle, form } = await typeIntoEditPage(page);
  const question = discardQuestion(page);
  await expect(question).toBeVisible();
  await settleAnimations(page);
  await saveScreenshot(page, 'discard-changes-edit-page', testInfo.project.name);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}/edit$`));
  await expect(form.getByLabel('Color')).toHaveValue('Sonic Gray');

  // A reload or a closed tab gets the browser's own question. Leaving is then accepted, so
  // that the close asked for here ends before the test's own teardown closes the context.
  const asked = page.waitForEvent('dialog');
  const pageClosed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  await pageClosed;
});

test('the edit page: Discard follows the link, and a save asks nothing @desktop-only', async ({
  page,
}) => {
  const { vehicle, form } = await typeIntoEditPage(page);
  await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
  expect((await (await page.request.get(`/api/vehicles/${vehicle.id}`)).json()).color).toBeNull();

  await page.goto(`/vehicles/${vehicle.id}/edit`);
  await form.getByLabel('Color').fill('Sonic Gray');
  page.on('dialog', (dialog) => {
    throw new Error(`asked ${dialog.type()} after a save`);
  });
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
  await expect(discardQuestion(page)).toHaveCount(0);
  expect((await (await page.request.get(`/api/vehicles/${vehicle.id}`)).json()).color).toBe(
    'Sonic Gray',
  );
});

test('Back closes the landing page’s drawer and stays on the page', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the drawer exists below the md breakpoint');
  await page.goto('/privacy-policy');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await page.goBack();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // A section chosen in the drawer is still reached, its anchor in the address.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('link', { name: 'Testimonials' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/#testimonials$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await goBackTo(page, '/privacy-policy');
});

test('the account page asks before a link throws a typed email away @desktop-only', async ({
  page,
}) => {
  await signUp(page.request);
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByLabel('Email').fill('new-address@example.com');
  await page
    .getByRole('link', { name: /^(Dashboard|Home)$/ })
    .filter({ visible: true })
    .first()
    .click();
  const question = discardQuestion(page);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(form.getByLabel('Email')).toHaveValue('new-address@example.com');
  await page
    .getByRole('link', { name: /^(Dashboard|Home)$/ })
    .filter({ visible: true })
    .first()
    .click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
