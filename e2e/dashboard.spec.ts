/**
 * The dashboard (000 §2, §8, §9, D19, D20, D38): the summary tiles and their figures, the lists
 * with their empty and failure texts, the invitation of an empty garage, a constant number of
 * requests whatever the garage's size, and the layout each user arranges, by keyboard and by
 * pointer, kept across devices.
 */

import type { APIRequestContext, Page } from '@playwright/test';
import type { Vehicle } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { localDay, shownDate, TIME_ZONE } from './dates';
import { expect, saveScreenshot, test } from './fixtures';
import { postCreated, signUp } from './scene';

/** Two vehicles and their records: $12,500 + $45,000 bought, $1,219.75 of records. */
async function seedGarage(request: APIRequestContext) {
  const civic = (await postCreated(request, '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    purchasePrice: '12500',
  })) as Vehicle;
  const bronco = (await postCreated(request, '/api/vehicles', {
    year: 2022,
    make: 'Ford',
    model: 'Bronco',
    purchasePrice: 45000,
  })) as Vehicle;
  await postCreated(request, '/api/maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    cost: '89.50',
    date: localDay(-30),
    isCompleted: true,
  });
  await postCreated(request, '/api/maintenance', {
    vehicleId: bronco.id,
    category: 'Tire Rotation',
    title: 'Tire Rotation',
    cost: 60.25,
    date: localDay(10),
    isCompleted: false,
  });
  await postCreated(request, `/api/vehicles/${civic.id}/repairs`, {
    category: 'Brakes',
    title: 'Front brake pads',
    cost: 320,
    date: localDay(-3),
    isCompleted: true,
  });
  await postCreated(request, '/api/modifications', {
    vehicleId: bronco.id,
    category: 'Lighting',
    title: 'LED light bar',
    cost: '750',
    date: localDay(20),
    isCompleted: false,
  });
  return { civic, bronco };
}

function tile(page: Page, label: string) {
  return page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({
    hasText: label,
  });
}

/** The visible dashboard sections, top to bottom. */
function sectionOrder(page: Page) {
  return page
    .locator('[data-section]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-section')));
}

test('an empty garage sees its summary at zero above the invitation to add its first vehicle', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { firstName: 'Grace' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible();
  const invitation = page.getByTestId('first-vehicle');
  await expect(invitation.getByRole('heading', { name: 'Start your garage' })).toBeVisible();
  // 000 §2 puts the three tiles on the dashboard, an empty one included.
  await expect(tile(page, 'Total Vehicles')).toContainText('0');
  await expect(tile(page, 'Upcoming Services')).toContainText('0');
  await expect(tile(page, 'Total Invested')).toContainText('$0.00');
  await expect(page.getByTestId('planned-part')).toHaveCount(0);
  // The strip comes first, the invitation under it.
  const summaryBox = await page.getByRole('list', { name: 'Summary' }).boundingBox();
  const invitationBox = await invitation.boundingBox();
  expect(summaryBox!.y + summaryBox!.height).toBeLessThanOrEqual(invitationBox!.y);
  await saveScreenshot(page, 'dashboard-empty', testInfo.project.name);

  await invitation.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Vehicle' })).toBeVisible();
});

test('the tiles, the vehicles and both lists show the garage’s real figures', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  await page.goto('/dashboard');

  await expect(tile(page, 'Total Vehicles')).toContainText('2');
  // Two open records: the tire rotation and the light bar.
  await expect(tile(page, 'Upcoming Services')).toContainText('2');
  // 000 §9: 12,500 + 45,000 + 89.50 + 60.25 + 320 + 750.
  await expect(tile(page, 'Total Invested')).toContainText('$58,719.75');
  // D48: the planned part, the two open records: 60.25 + 750 = 810.25.
  await expect(tile(page, 'Total Invested').getByTestId('planned-part')).toHaveText(
    'incl. $810.25 planned',
  );

  const vehicles = page.getByRole('list', { name: 'Vehicles' });
  await expect(vehicles.getByRole('listitem')).toHaveCount(2);
  // Only the Bronco has planned work; the Civic's records are done.
  await expect(
    vehicles.getByRole('listitem').filter({ hasText: 'Bronco' }).getByTestId('planned-part'),
  ).toHaveText('incl. $810.25 planned');
  await expect(
    vehicles.getByRole('listitem').filter({ hasText: 'Civic' }).getByTestId('planned-part'),
  ).toHaveCount(0);

  const upcoming = page.getByTestId('upcoming-services');
  await expect(upcoming.getByTestId('upcoming-item')).toHaveCount(2);
  await expect(upcoming.getByTestId('upcoming-item').first()).toContainText('Tire Rotation');
  await expect(upcoming.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
    'href',
    '/records',
  );

  const activity = page.getByTestId('recent-activity');
  // D19: two vehicles added and four records added, newest first.
  await expect(activity.getByTestId('activity-item')).toHaveCount(6);
  await expect(activity.getByTestId('activity-item').first()).toContainText('LED light bar');
  await expect(activity.getByTestId('activity-item').first()).toContainText(
    'Modification added · 2022 Ford Bronco',
  );

  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'dashboard', testInfo.project.name);
});

test('an item due by mileage says its mileage on the dashboard and on its vehicle’s page @desktop-only', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  const outback = (await postCreated(page.request, '/api/vehicles', {
    year: 2015,
    make: 'Subaru',
    model: 'Outback',
    mileage: 88_750,
  })) as Vehicle;
  const beetle = (await postCreated(page.request, '/api/vehicles', {
    year: 1972,
    make: 'Volkswagen',
    model: 'Beetle',
  })) as Vehicle;
  // D47: due at 90,000 on an Outback at 88,750: 90,000 − 88,750 = 1,250 miles to go.
  await postCreated(page.request, '/api/maintenance', {
    vehicleId: outback.id,
    category: 'Timing Belt',
    title: 'Timing Belt',
    dueMileage: 90_000,
    isCompleted: false,
  });
  // Due by date and by mileage; the Beetle's mileage is unknown, so no distance is said.
  const brakeDay = localDay(20);
  await postCreated(page.request, '/api/maintenance', {
    vehicleId: beetle.id,
    category: 'Fluid Change',
    title: 'Brake Fluid',
    dueDate: brakeDay,
    dueMileage: 45_000,
    isCompleted: false,
  });

  await page.goto('/dashboard');
  const upcoming = page.getByTestId('upcoming-services').getByTestId('upcoming-item');
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.nth(0)).toContainText('Brake Fluid');
  await expect(upcoming.nth(0)).toContainText(`Due: ${shownDate(brakeDay)} or at 45,000 mi`);
  await expect(upcoming.nth(1)).toContainText('Timing Belt');
  await expect(upcoming.nth(1)).toContainText('Due at 90,000 mi (1,250 mi to go)');
  await expect(page.getByTestId('upcoming-services')).not.toContainText('Overdue');
  await saveScreenshot(page, 'dashboard-due-by-mileage', testInfo.project.name);

  await page.goto(`/vehicles/${outback.id}`);
  const widget = page.getByTestId('vehicle-upcoming').getByTestId('upcoming-item');
  await expect(widget).toHaveCount(1);
  await expect(widget).toContainText('Timing Belt');
  await expect(widget).toContainText('Due at 90,000 mi (1,250 mi to go)');
  await saveScreenshot(page, 'vehicle-due-by-mileage', testInfo.project.name);
});

test('the lists say when they are empty and when they fail', { tag: '@desktop-only' }, async ({
  page,
  consoleErrors,
}) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await postCreated(page.request, '/api/vehicles', { year: 2019, make: 'Honda', model: 'Civic' });

  await page.route('**/api/recent-activity', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/dashboard');
  const activity = page.getByTestId('recent-activity');
  await expect(activity.getByText('Unable to load recent activity.')).toBeVisible();
  await expect(activity.getByText('Please try again later.')).toBeVisible();
  await expect(page.getByTestId('upcoming-services')).toContainText(
    'No upcoming services scheduled.',
  );

  await page.unroute('**/api/recent-activity');
  await page.route('**/api/recent-activity', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.route('**/api/upcoming-maintenance', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.reload();
  await expect(page.getByTestId('recent-activity')).toContainText('No recent activity to display.');
  await expect(page.getByTestId('upcoming-services')).toContainText(
    'Unable to load upcoming services.',
  );
  forgiveHttpErrors(consoleErrors, 500);
});

test('the page costs the same requests for one vehicle as for six', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  const apiCallsOnLoad = async () => {
    const calls: string[] = [];
    const listener = (request: { url: () => string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    };
    page.on('request', listener);
    await page.goto('/dashboard');
    await expect(
      page.getByTestId('recent-activity').getByTestId('activity-item').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    return calls.sort();
  };

  await postCreated(page.request, '/api/vehicles', { year: 2019, make: 'Honda', model: 'Civic' });
  const withOne = await apiCallsOnLoad();
  for (const model of ['Accord', 'Pilot', 'Fit', 'Odyssey', 'Ridgeline']) {
    await postCreated(page.request, '/api/vehicles', { year: 2020, make: 'Honda', model });
  }
  const withSix = await apiCallsOnLoad();
  expect(withSix).toEqual(withOne);
  expect(withOne).toEqual([
    '/api/recent-activity',
    '/api/upcoming-maintenance',
    '/api/user',
    // D49: the user's units and currency, which every signed-in page reads once.
    '/api/user/preferences',
    '/api/vehicles',
  ]);
});

test('each user arranges the sections by keyboard and pointer, kept on every device', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { account } = await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  await page.goto('/dashboard');
  // Until the user arranges it, a phone shows what is due above the vehicles (decision 037).
  const isPhone = testInfo.project.name === 'phone';
  await expect
    .poll(() => sectionOrder(page))
    .toEqual(
      isPhone
        ? ['summary', 'upcomingServices', 'vehicles', 'recentActivity']
        : ['summary', 'vehicles', 'recentActivity', 'upcomingServices'],
    );

  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customize your dashboard' });

  // Keyboard: hide Recent Activity, then move Upcoming Services to the top.
  const showActivity = dialog.getByRole('switch', { name: 'Show Recent Activity' });
  await showActivity.focus();
  await page.keyboard.press('Space');
  await expect(showActivity).not.toBeChecked();
  const up = dialog.getByRole('button', { name: 'Move Upcoming Services up' });
  await up.focus();
  await page.keyboard.press('Enter');
  // To the top: it starts fourth on a wide screen, second on a phone.
  if (!isPhone) {
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  }
  // At the top its up button is disabled; the focus moves to its down button.
  await expect(up).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Move Upcoming Services down' })).toBeFocused();
  await expect(dialog.getByText('Upcoming Services moved to position 1 of 4.')).toBeAttached();

  // Pointer: drag My Vehicles onto Summary's place.
  const rows = dialog.getByTestId('dashboard-section-row');
  await rows.filter({ hasText: 'My Vehicles' }).dragTo(rows.filter({ hasText: 'Summary' }));
  await expect(rows).toHaveText([/Upcoming Services/, /My Vehicles/, /Summary/, /Recent Activity/]);
  await saveScreenshot(page, 'dashboard-customize', testInfo.project.name);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const arranged = ['upcomingServices', 'vehicles', 'summary'];
  await expect.poll(() => sectionOrder(page)).toEqual(arranged);
  await expect(page.getByTestId('recent-activity')).toHaveCount(0);

  // Saved on the server: a reload, and a sign-in from another device, show the same.
  await expect
    .poll(async () => (await (await page.request.get('/api/user')).json()).dashboardLayout)
    .toEqual([
      { id: 'upcomingServices', isVisible: true },
      { id: 'vehicles', isVisible: true },
      { id: 'summary', isVisible: true },
      { id: 'recentActivity', isVisible: false },
    ]);
  await page.reload();
  // The user's own order wins at every width.
  await expect.poll(() => sectionOrder(page)).toEqual(arranged);

  // Another device: a browser context with cookies of its own, signed in afresh.
  const otherDevice = await browser.newContext({ baseURL, timezoneId: TIME_ZONE });
  try {
    const login = await otherDevice.request.post('/api/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    const other = await otherDevice.newPage();
    await other.goto('/dashboard');
    await expect.poll(() => sectionOrder(other)).toEqual(arranged);
  } finally {
    await otherDevice.close();
  }

  // Reset brings every section back in the default order.
  await page.getByRole('button', { name: 'Customize' }).click();
  await dialog.getByRole('button', { name: 'Reset to default' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(() => sectionOrder(page))
    .toEqual(['summary', 'vehicles', 'recentActivity', 'upcomingServices']);
});

test('a layout the server refuses comes back as it was, and says so', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  await page.goto('/dashboard');
  await expect(page.getByTestId('recent-activity')).toBeVisible();

  await page.route('**/api/user/dashboard-layout', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customize your dashboard' });
  const showActivity = dialog.getByRole('switch', { name: 'Show Recent Activity' });
  await showActivity.click();
  // The toast sits outside the open dialog, so it is found by its text.
  await expect(
    page.getByText('Your dashboard layout could not be saved', { exact: true }),
  ).toBeVisible();
  await expect(showActivity).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('recent-activity')).toBeVisible();
  forgiveHttpErrors(consoleErrors, 500);
});

test('a phone shows Upcoming Services above the vehicles until the user arranges otherwise', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'what a phone changes');
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  await page.goto('/dashboard');
  await expect(page.getByTestId('upcoming-item').first()).toContainText('Tire Rotation');
  // The order of the first frame: no section moves once the page has settled.
  await expect
    .poll(() => sectionOrder(page))
    .toEqual(['summary', 'upcomingServices', 'vehicles', 'recentActivity']);
  const upcomingBox = await page.getByTestId('upcoming-services').boundingBox();
  const vehiclesBox = await page.getByRole('list', { name: 'Vehicles' }).boundingBox();
  expect(upcomingBox!.y + upcomingBox!.height).toBeLessThanOrEqual(vehiclesBox!.y);
  await saveScreenshot(page, 'dashboard-phone-default-order', testInfo.project.name);

  // The user moves My Vehicles back up: their order, not the phone's, from then on.
  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customize your dashboard' });
  await dialog.getByRole('button', { name: 'Move My Vehicles up' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const chosen = ['summary', 'vehicles', 'upcomingServices', 'recentActivity'];
  await expect.poll(() => sectionOrder(page)).toEqual(chosen);
  await expect
    .poll(async () => (await (await page.request.get('/api/user')).json()).hasArrangedDashboard)
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId('upcoming-item').first()).toBeVisible();
  await expect.poll(() => sectionOrder(page)).toEqual(chosen);
});

test('a due date says its year when it is not this year’s, on the vehicle’s page and in the lists @desktop-only', async ({
  page,
}, testInfo) => {
  // November 20, 2026 in New York, the account's zone: a date in 2027 is next year's.
  await page.clock.setFixedTime(new Date('2026-11-20T17:00:00Z'));
  await signUp(page.request, { plan: 'premium' });
  const civic = (await postCreated(page.request, '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
  })) as Vehicle;
  const golf = (await postCreated(page.request, '/api/vehicles', {
    year: 2018,
    make: 'Volkswagen',
    model: 'Golf',
  })) as Vehicle;
  await postCreated(page.request, '/api/maintenance', {
    vehicleId: civic.id,
    category: 'Scheduled Maintenance',
    title: 'Inspection',
    dueDate: '2027-01-15',
    isCompleted: false,
  });
  await postCreated(page.request, '/api/maintenance', {
    vehicleId: golf.id,
    category: 'Oil Change',
    title: 'Oil Change',
    dueDate: '2026-12-05',
    isCompleted: false,
  });

  await page.goto(`/vehicles/${civic.id}`);
  await expect(page.getByTestId('vehicle-status')).toHaveText('Inspection due on Jan 15, 2027');
  await expect(page.getByTestId('vehicle-upcoming').getByTestId('upcoming-item')).toContainText(
    'Due: Jan 15, 2027',
  );
  await saveScreenshot(page, 'vehicle-due-next-year', testInfo.project.name);

  await page.goto(`/vehicles/${golf.id}`);
  await expect(page.getByTestId('vehicle-status')).toHaveText('Oil Change due on Dec 5');
});
