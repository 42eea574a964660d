/**
 * A dialog's buttons stay at its foot, opaque, and the form scrolls above them, never under
 * them: on a phone (390 px), each long form dialog scrolled to its end shows its last field
 * wholly above the buttons, and the buttons' background is the card's, not see-through.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot, settleAnimations, test } from './fixtures';
import { addVehicle, signUp } from './scene';

test.use({ viewport: { width: 390, height: 844 } });

/** Scrolls the dialog's panel a step at a time; at each step no field shows under its buttons. */
async function expectFieldsAboveButtons(page: Page, dialog: Locator, mustScroll = true) {
  await settleAnimations(page);
  const actions = dialog.locator('[data-slot="form-actions"]');
  await expect(actions).toBeVisible();
  // The panel scrolls (the form is taller than the screen) and the buttons are opaque.
  const panel = await dialog.evaluate((element) => ({
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  if (mustScroll) expect(panel.scrollHeight).toBeGreaterThan(panel.clientHeight);
  const background = await actions.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toMatch(/^rgba\(.*, 0\)$|transparent/);
  expect(background).toMatch(/^(rgb\(|oklch\(|color\()/);
  expect(background).not.toMatch(/\/ 0(\.\d+)?\)$/);

  for (const fraction of [0.25, 0.5, 0.75, 1]) {
    await dialog.evaluate((element, share) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * share;
    }, fraction);
    const actionsBox = (await actions.boundingBox())!;
    const panelBox = (await dialog.boundingBox())!;
    // Fixed at the panel’s foot (inside its border, to a fraction of a pixel): nothing below it.
    expect(
      Math.abs(actionsBox.y + actionsBox.height - (panelBox.y + panelBox.height)),
    ).toBeLessThanOrEqual(2);
    // The topmost element at a point just above the panel's bottom edge is part of the buttons.
    const coveredByActions = await page.evaluate(
      ({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return !!hit?.closest('[data-slot="form-actions"]');
      },
      { x: panelBox.x + panelBox.width / 2, y: panelBox.y + panelBox.height - 4 },
    );
    expect(coveredByActions).toBe(true);
  }
  // At the end, the last field sits wholly above the buttons.
  const fields = dialog.locator('input:visible, textarea:visible, [role=combobox]:visible');
  const lastBox = (await fields.last().boundingBox())!;
  const actionsBox = (await actions.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(actionsBox.y);
}

test('Log fuel, Log charge, Add Vehicle and a record form scroll above their buttons', async ({
  page,
}, testInfo) => {
  // Four dialogs opened and scrolled on a machine shared with other runs.
  test.setTimeout(150_000);
  // Premium: the free plan keeps one vehicle.
  await signUp(page.request, { plan: 'premium' });
  const car = await addVehicle(page.request, {
    year: 2021,
    make: 'Toyota',
    model: 'Prius Prime',
    energies: ['gasoline', 'electricity'],
  });

  await page.goto(`/vehicles/${car.id}`);
  await page.getByRole('button', { name: 'Log fuel' }).first().click();
  const fuel = page.getByRole('dialog', { name: 'Log fuel' });
  await expectFieldsAboveButtons(page, fuel);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (dark) => document.documentElement.classList.toggle('dark', dark),
      theme === 'dark',
    );
    await fuel.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await saveScreenshot(page, `log-fuel-scrolled-${theme}`, testInfo.project.name);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await fuel.getByRole('button', { name: 'Cancel' }).click();
  await expect(fuel).toHaveCount(0);

  const ev = await addVehicle(page.request, {
    year: 2023,
    make: 'Tesla',
    model: 'Model 3',
    energies: ['electricity'],
  });
  await page.goto(`/vehicles/${ev.id}`);
  await page.getByRole('button', { name: 'Log charge' }).first().click();
  const charge = page.getByRole('dialog', { name: 'Log charge' });
  await expectFieldsAboveButtons(page, charge);
  await charge.getByRole('button', { name: 'Cancel' }).click();
  await expect(charge).toHaveCount(0);

  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const vehicle = page.getByRole('dialog', { name: 'Add Vehicle' });
  await expectFieldsAboveButtons(page, vehicle);
  await vehicle.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/records');
  await page.getByRole('button', { name: 'Add Repair' }).click();
  await expectFieldsAboveButtons(page, page.getByRole('dialog', { name: 'Add New Record' }));
});

test('a schedule and a reading keep their buttons at the foot too', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await page.goto(`/vehicles/${civic.id}`);
  await page.getByRole('tab', { name: 'Schedules' }).click();
  await page.getByRole('button', { name: 'Add schedule' }).first().click();
  const schedule = page.getByRole('dialog', { name: 'Add schedule' });
  await expectFieldsAboveButtons(page, schedule);
  await schedule.getByRole('button', { name: 'Cancel' }).click();
  await expect(schedule).toHaveCount(0);

  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  await page.getByTestId('odometer-history').getByRole('button', { name: 'Add reading' }).click();
  // A short form: it may fit the screen, and its buttons are still its opaque foot.
  await expectFieldsAboveButtons(page, page.getByRole('dialog', { name: 'Add a reading' }), false);
});
