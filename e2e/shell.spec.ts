/**
 * The signed-in application shell (000 §2, D39): sidebar and top bar from md up, the phone header
 * and tab bar below it, the avatar menu, and the notification bell counting what is overdue or
 * due within 7 days of the user's local today (D18, D47, D4).
 */
import { forgiveHttpErrors } from './accounts-helpers';
import {
  closeDatabase,
  insertMaintenance,
  insertModification,
  insertRepair,
  insertVehicle,
} from './database';
import { localDay, shownDate } from './dates';
import { expect, saveScreenshot, settleAnimations, test } from './fixtures';
import { addVehicle, signUp } from './scene';

test.afterAll(async () => {
  await closeDatabase();
});

test.describe('desktop sidebar and top bar', () => {
  test.skip(({ isMobile }) => isMobile, 'the sidebar shows from the md breakpoint up');

  test('the sidebar leads to its five places and marks the current one', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const { email } = (await signUp(page.request)).account;
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Decision 032: the spec's four, with Records after My Vehicles.
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'My Vehicles',
      'Records',
      'Expenses',
      'Account',
    ]);
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['My Vehicles', '/vehicles'],
      ['Records', '/records'],
      ['Expenses', '/expenses'],
      ['Account', '/account'],
    ] as const) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    // The user and a Logout button at the bottom.
    const sidebarUser = page.getByTestId('sidebar-user');
    await expect(sidebarUser).toContainText('Ada Lovelace');
    await expect(sidebarUser).toContainText(email);
    await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('bottom-tab-bar')).toBeHidden();

    const expectCurrent = (name: string) =>
      expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    /** Follows a sidebar place to its page and checks the place is marked as the current one. */
    const openPlace = async (name: string, url: RegExp, heading: string) => {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectCurrent(name);
    };

    await openPlace('My Vehicles', /\/vehicles$/, 'My Vehicles');
    await saveScreenshot(page, 'shell-vehicles', testInfo.project.name);

    // Any /vehicles/… path belongs to My Vehicles, even a vehicle that is not there.
    await page.goto('/vehicles/123');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle not found' })).toBeVisible();
    // Every read of the missing vehicle answers 404; all of them are in before they are forgiven.
    await page.waitForLoadState('networkidle');
    forgiveHttpErrors(consoleErrors, 404);
    await expectCurrent('My Vehicles');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await openPlace('Records', /\/records$/, 'Records');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await saveScreenshot(page, 'shell-records', testInfo.project.name);
    // The legacy pages open their views in /records, and Records stays the current place.
    for (const legacy of ['/documents', '/modifications', '/maintenance']) {
      await page.goto(legacy);
      await expect(page).toHaveURL(/\/records\?type=/);
      await expectCurrent('Records');
    }

    await openPlace('Expenses', /\/expenses$/, 'Expenses & Analytics');

    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expectCurrent('Account');
  });

  test('the sidebar Logout button signs out and lands on /auth', async ({ page }) => {
    await signUp(page.request);
    await page.goto('/dashboard');
    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});

test.describe('phone header and tab bar', () => {
  test.skip(({ isMobile }) => !isMobile, 'the tab bar shows below the md breakpoint');

  test('the tab bar has four entries and highlights the current one', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    await signUp(page.request);
    await page.goto('/dashboard');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs).toBeVisible();
    await expect(tabs).toHaveAttribute('data-testid', 'bottom-tab-bar');
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Vehicles', 'Expenses', 'Account']);
    for (const [name, href] of [
      ['Home', '/dashboard'],
      ['Vehicles', '/vehicles'],
      ['Expenses', '/expenses'],
      ['Account', '/account'],
    ] as const) {
      await expect(tabs.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);

    // The phone header: logo and bell; no sidebar.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Garage Ledger' })).toBeVisible();
    await expect(header.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeHidden();

    // The page keeps room for the tab bar, so nothing hides under it.
    const tabBarHeight = await tabs.evaluate((element) => element.getBoundingClientRect().height);
    const mainPadding = await page
      .locator('main#main')
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).paddingBottom));
    expect(mainPadding).toBeGreaterThanOrEqual(tabBarHeight);

    await tabs.getByRole('link', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Vehicles' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await saveScreenshot(page, 'shell-vehicles', testInfo.project.name);
    // A vehicle that is not there still belongs to Vehicles.
    await page.goto('/vehicles/123/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle not found' })).toBeVisible();
    // Every read of the missing vehicle answers 404; all of them are in before they are forgiven.
    await page.waitForLoadState('networkidle');
    forgiveHttpErrors(consoleErrors, 404);
    await expect(tabs.getByRole('link', { name: 'Vehicles' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'Expenses' }).click();
    await expect(tabs.getByRole('link', { name: 'Expenses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(tabs.getByRole('link', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    // Decision 032: Records is a sidebar place only; on a phone the tab bar keeps the spec's four.
    await page.goto('/records');
    await expect(page.getByRole('heading', { level: 1, name: 'Records' })).toBeVisible();
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Vehicles', 'Expenses', 'Account']);
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('a signed-in user on / and /auth goes to the dashboard, with the tab bar', async ({
    page,
  }) => {
    await signUp(page.request);
    for (const path of ['/', '/auth']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('bottom-tab-bar')).toBeVisible();
    }
  });
});

test('a shell whose code came late is kept as the user moves on, not drawn again', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request);
  // The shell's code comes a second after the session: it starts through its lazy stand-in.
  await page.route(/\/assets\/app-shell-[\w-]+\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await sidebar.evaluate((element) => {
    (element as HTMLElement & { drawnOnce?: boolean }).drawnOnce = true;
  });
  await sidebar.getByRole('link', { name: 'My Vehicles' }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();
  // The same element: the shell (and whatever it holds open) was not thrown away and redrawn.
  expect(
    await sidebar.evaluate(
      (element) => (element as HTMLElement & { drawnOnce?: boolean }).drawnOnce === true,
    ),
  ).toBe(true);
});

test('signed-out visitors never see the shell or the tab bar', async ({ page }) => {
  for (const path of ['/', '/auth', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('body')).not.toBeEmpty();
    await expect(page.getByTestId('bottom-tab-bar')).toHaveCount(0);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  }
});

test('the bell counts what is overdue or due from today to today + 7 days, overdue first', async ({
  page,
}, testInfo) => {
  const userId = (await signUp(page.request, { plan: 'premium' })).user.id;
  const civic = await insertVehicle(userId, { year: 2018, make: 'Honda', model: 'Civic' });
  const mustang = await insertVehicle(userId, { year: 1967, make: 'Ford', model: 'Mustang' });
  const outback = await addVehicle(page.request, {
    year: 2015,
    make: 'Subaru',
    model: 'Outback',
    mileage: 90_350,
  });
  // Counted: a due date two days ahead (its record date long past), and a repair dated today.
  await insertMaintenance(userId, civic, {
    title: 'Oil change',
    date: localDay(-30),
    dueDate: localDay(2),
  });
  await insertRepair(userId, mustang, { title: 'Brake pads', date: localDay(0) });
  // Counted as overdue (D47; the bell used to drop them): due yesterday, and due at a mileage
  // the Outback has passed (90,350 − 90,000 = 350 miles).
  await insertMaintenance(userId, civic, { title: 'Tire rotation', dueDate: localDay(-1) });
  await insertMaintenance(userId, outback.id, {
    title: 'Filter Replacement',
    dueMileage: 90_000,
  });
  // Not counted: ten days ahead, and a completed one due tomorrow.
  await insertModification(userId, mustang, { title: 'Coilovers', date: localDay(10) });
  await insertMaintenance(userId, civic, {
    title: 'Air filter',
    dueDate: localDay(1),
    isCompleted: true,
  });

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications (2 overdue, 2 due soon)' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveText('4');
  await saveScreenshot(page, 'shell-dashboard', testInfo.project.name);

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Upcoming services' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Overdue and due within 7 days');
  const items = panel.getByTestId('upcoming-item');
  await expect(items).toHaveCount(4);
  // Overdue first, each marked so, then the soonest due: the repair due today, the oil change.
  await expect(items.nth(0)).toContainText('Tire rotation');
  await expect(items.nth(0)).toContainText(`Due: ${shownDate(localDay(-1))}`);
  await expect(items.nth(1)).toContainText('Filter Replacement');
  await expect(items.nth(1)).toContainText('2015 Subaru Outback');
  await expect(items.nth(1)).toContainText('Due at 90,000 mi (350 mi overdue)');
  for (const index of [0, 1]) {
    await expect(items.nth(index).getByTestId('upcoming-overdue')).toHaveText('Overdue');
  }
  await expect(items.nth(2)).toContainText('Brake pads');
  await expect(items.nth(2)).toContainText('1967 Ford Mustang');
  await expect(items.nth(2)).toContainText(`Due: ${shownDate(localDay(0))}`);
  await expect(items.nth(3)).toContainText('Oil change');
  await expect(items.nth(3)).toContainText('2018 Honda Civic');
  await expect(items.nth(3)).toContainText(`Due: ${shownDate(localDay(2))}`);
  for (const index of [2, 3]) {
    await expect(items.nth(index).getByTestId('upcoming-overdue')).toHaveCount(0);
  }
  for (const absent of ['Coilovers', 'Air filter']) {
    await expect(panel).not.toContainText(absent);
  }
  await settleAnimations(page);
  await saveScreenshot(page, 'shell-bell-panel', testInfo.project.name);

  // Escape closes the panel and gives focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  await bell.click();
  await page.getByRole('link', { name: 'View All Records' }).click();
  await expect(page).toHaveURL(/\/records$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Records' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Notifications (2 overdue, 2 due soon)' }),
  ).toBeVisible();
});

test(
  'a fresh user has no badge and an empty panel',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Upcoming services' });
    await expect(
      panel.getByText('No upcoming services in the next 7 days', { exact: true }),
    ).toBeVisible();
    await expect(panel.getByTestId('upcoming-item')).toHaveCount(0);
    await settleAnimations(page);
    await saveScreenshot(page, 'shell-bell-empty', testInfo.project.name);
  },
);

test('the avatar menu opens Account Settings and logs out', async ({ page }) => {
  await signUp(page.request);
  await page.goto('/dashboard');
  const trigger = page.getByRole('button', { name: 'Open user menu' });
  await expect(trigger).toHaveText('AL');
  await trigger.click();
  await expect(page.getByRole('menu')).toContainText('Ada Lovelace');
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // The keyboard part starts once the page has arrived and the menu has finished closing (its
  // exit animation hands focus back to the trigger), as a user would see it.
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Keyboard: Enter opens the menu, arrows move, Escape closes and focus returns.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('the skip link moves focus to the page', { tag: '@desktop-only' }, async ({ page }) => {
  await signUp(page.request);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('legal and 404 pages sit inside the shell for a signed-in user (D39)', async ({
  page,
}, testInfo) => {
  await signUp(page.request);
  for (const path of ['/privacy-policy', '/terms-of-service', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: /^Notifications/ }).first()).toBeVisible();
    // The public header and its Log In link are not drawn inside the shell.
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    await expect(page.locator('main')).toHaveCount(1);
  }
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  await saveScreenshot(page, 'shell-privacy-policy', testInfo.project.name);
});

test('the 404 page has the public header and footer for a visitor (D39)', async ({
  page,
  isMobile,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  // Phones keep the header's actions in its drawer.
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  if (isMobile) await page.keyboard.press('Escape');
  await expect(page.getByRole('contentinfo')).toContainText('Privacy Policy');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
});
