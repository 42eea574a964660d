/**
 * Service schedules on screen (decision 054): the starter schedules offered with a new vehicle,
 * two of them kept and one changed; their due points on the vehicle's Schedules tab with the day
 * recent driving reaches the due mileage; Mark done moving the next due point and adding the
 * maintenance record; Delete; the form's own schedule, its message and an overdue one-off; and
 * the six tabs of the vehicle page in two rows on a phone, one row from `sm` up.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { OdometerHistory } from '../contract/odometer';
import { expectNoSeriousViolations } from './axe';
import { localDay, shownDate } from './dates';
import { expect, pick, settleAnimations, test } from './fixtures';
import { addVehicle, expectToast, postCreated, signUp } from './scene';

// Several dialogs and saves a test, on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

/** `date` plus `days`, as `yyyy-MM-dd`. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `date` plus `months`, the day kept or, past the month's end, its last day. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The day of the vehicle's latest reading: its mileage at creation is dated by the server. */
async function latestReadingDay(request: APIRequestContext, vehicleId: number): Promise<string> {
  const response = await request.get(`/api/vehicles/${vehicleId}/odometer`);
  expect(response.status()).toBe(200);
  const history = (await response.json()) as OdometerHistory;
  return history.items[0]!.date;
}

async function openSchedulesTab(page: Page, vehicleId: number) {
  await page.goto(`/vehicles/${vehicleId}`);
  await page.getByRole('tab', { name: 'Schedules' }).click();
  return page.getByTestId('schedules-tab');
}

const scheduleCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test('starter schedules kept with a new vehicle, their predicted due day, Mark done and Delete', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const addDialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await pick(page, addDialog, 'Year', '2019');
  await pick(page, addDialog, 'Make', 'Honda');
  await pick(page, addDialog, 'Model', 'Civic');
  await addDialog.getByLabel('Mileage').fill('45000');
  await addDialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(addDialog).toBeHidden();

  // Offered, never applied: two kept, the tire rotation every 5,000 mi instead of 6,000. A
  // gasoline car (the default) is offered its engine's services and what every car needs.
  const offer = page.getByRole('dialog', {
    name: 'Service reminders for your 2019 Honda Civic?',
  });
  await expect(offer.getByTestId('starter-schedule')).toHaveCount(5);
  await expect(offer.getByRole('button', { name: 'Add 5 schedules' })).toBeVisible();
  await settleAnimations(page);
  await expectNoSeriousViolations(page);
  await offer.getByRole('checkbox', { name: 'Brake fluid' }).click();
  await offer.getByRole('checkbox', { name: 'Cabin air filter' }).click();
  await offer.getByRole('checkbox', { name: 'Engine air filter' }).click();
  await offer.getByLabel('Tire rotation: every how many miles').fill('5000');
  await expect(offer.getByText('Every 6 months or 5,000 mi, whichever comes first')).toBeVisible();
  await offer.getByRole('button', { name: 'Add 2 schedules' }).click();
  await expectToast(page, '2 schedules added');
  await expect(offer).toBeHidden();

  const listed = await page.request.get('/api/vehicles');
  const [civic] = (await listed.json()) as { id: number }[];
  const vehicleId = civic!.id;
  // Earlier readings: 42,500 mi 50 days before the 45,000 of the vehicle's creation, and
  // 43,750 mi 25 days before. Two steps of 1,250 mi in 25 days: 2,500 mi ÷ 50 days = 50 mi a day.
  const day0 = await latestReadingDay(page.request, vehicleId);
  for (const [days, odometer] of [
    [-50, 42500],
    [-25, 43750],
  ] as const) {
    await postCreated(page.request, `/api/vehicles/${vehicleId}/odometer`, {
      date: addDays(day0, days),
      odometer,
    });
  }

  const tab = await openSchedulesTab(page, vehicleId);
  const oil = scheduleCard(page, 'Oil and filter change');
  const tires = scheduleCard(page, 'Tire rotation');
  await expect(tab.getByTestId('schedule')).toHaveCount(2);
  await expect(oil).toContainText(
    'Oil Change · Every 12 months or 7,500 mi, whichever comes first',
  );
  await expect(oil.getByTestId('schedule-state')).toHaveText('On schedule');
  await expectNoSeriousViolations(page);
  // Counted from the 45,000 mi of its creation: due at 50,000 mi, 5,000 mi away, reached in
  // 5,000 ÷ 50 = 100 days, sooner than its date six months on.
  await expect(tires.getByTestId('schedule-due')).toHaveText(
    `Due in about 5,000 mi (around ${shownDate(addDays(day0, 100))}) or on ${shownDate(addMonths(day0, 6))}`,
  );
  // The oil: 7,500 mi away, 150 days, sooner than twelve months.
  await expect(oil.getByTestId('schedule-due')).toHaveText(
    `Due in about 7,500 mi (around ${shownDate(addDays(day0, 150))}) or on ${shownDate(addMonths(day0, 12))}`,
  );

  // Done on day0 at 45,200 mi for $39.99.
  await tires.getByRole('button', { name: 'Mark done: Tire rotation' }).click();
  const done = page.getByRole('dialog', { name: 'Mark done: Tire rotation' });
  await expect(done.getByLabel('Done on')).toHaveValue(localDay());
  await done.getByLabel('Done on').fill(day0);
  await done.getByLabel('Odometer').fill('45200');
  await done.getByLabel('Cost').fill('39.99');
  await done.getByRole('button', { name: 'Mark done' }).click();
  await expect(done).toBeHidden();
  // Next due 45,200 + 5,000 = 50,200 mi, or six months after day0.
  await expectToast(
    page,
    'Tire rotation marked done',
    `Next due ${shownDate(addMonths(day0, 6))} or at 50,200 mi. The maintenance record was added.`,
  );
  await expect(tires.getByTestId('schedule-last-done')).toHaveText(
    `Last done ${shownDate(day0)} at 45,200 mi`,
  );
  // The record's reading joins the history: day0's last reading is 45,200, the steps 1,250 and
  // 1,450 mi in 25 days each, 2,700 ÷ 50 = 54 mi a day; 5,000 mi ÷ 54 = 92.6, so 93 days.
  await expect(tires.getByTestId('schedule-due')).toHaveText(
    `Due in about 5,000 mi (around ${shownDate(addDays(day0, 93))}) or on ${shownDate(addMonths(day0, 6))}`,
  );

  await page.getByRole('tab', { name: 'Maintenance' }).click();
  const record = page.getByTestId('record-card').filter({ hasText: 'Tire rotation' });
  await expect(record).toBeVisible();
  await expect(record.getByTestId('record-cost')).toHaveText('$39.99');

  await page.getByRole('tab', { name: 'Schedules' }).click();
  await oil.getByRole('button', { name: 'Delete Oil and filter change' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Oil and filter change?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Schedule deleted');
  await expect(tab.getByTestId('schedule')).toHaveCount(1);
  await expect(oil).toHaveCount(0);
});

/** The titles the starter dialog offers a vehicle from its Schedules tab, in order. */
async function offeredStarters(page: Page, vehicleId: number, name: string): Promise<string[]> {
  const tab = await openSchedulesTab(page, vehicleId);
  await tab.getByRole('button', { name: 'Add common schedules' }).click();
  const offer = page.getByRole('dialog', { name: `Service reminders for your ${name}?` });
  await expect(offer.getByTestId('starter-schedule').first()).toBeVisible();
  const titles = await offer.getByTestId('starter-schedule').locator('label').allTextContents();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();
  return titles;
}

test('starter schedules follow what the vehicle runs on: electric, plug-in hybrid, diesel with AdBlue', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  const ev = await addVehicle(page.request, {
    year: 2023,
    make: 'Hyundai',
    model: 'Ioniq 5',
    energies: ['electricity'],
    odometerUnit: 'km',
  });
  const phev = await addVehicle(page.request, {
    year: 2022,
    make: 'Toyota',
    model: 'RAV4',
    energies: ['gasoline', 'electricity'],
    odometerUnit: 'km',
  });
  const diesel = await addVehicle(page.request, {
    year: 2020,
    make: 'Volkswagen',
    model: 'Passat',
    energies: ['diesel'],
    auxiliary: 'adblue',
    odometerUnit: 'km',
  });

  // No oil change and no engine air filter for the electric car; its battery loop's coolant.
  expect(await offeredStarters(page, ev.id, '2023 Hyundai Ioniq 5')).toEqual([
    'Tire rotation',
    'Cabin air filter',
    'Brake fluid',
    'Battery coolant',
  ]);
  const evOffer = page.getByRole('dialog', {
    name: 'Service reminders for your 2023 Hyundai Ioniq 5?',
  });
  await page.getByRole('button', { name: 'Add common schedules' }).click();
  await expect(
    evOffer.getByText('Every 60 months or 100,000 km, whichever comes first'),
  ).toBeVisible();
  await evOffer.getByRole('button', { name: 'Not now' }).click();

  expect(await offeredStarters(page, phev.id, '2022 Toyota RAV4')).toEqual([
    'Oil and filter change',
    'Tire rotation',
    'Cabin air filter',
    'Brake fluid',
    'Engine air filter',
    'Battery coolant',
  ]);
  expect(await offeredStarters(page, diesel.id, '2020 Volkswagen Passat')).toEqual([
    'Oil and filter change',
    'Tire rotation',
    'Cabin air filter',
    'Brake fluid',
    'Engine air filter',
    'Diesel fuel filter',
    'AdBlue (DEF) filter',
  ]);
});

test('a schedule of its own: the empty tab, the form’s message, an overdue one-off, an edit', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const tab = await openSchedulesTab(page, civic.id);
  await expect(tab).toContainText('No service schedules yet');
  await expect(tab.getByRole('button', { name: 'Add common schedules' })).toBeVisible();

  await tab.getByRole('button', { name: 'Add schedule' }).click();
  const form = page.getByRole('dialog', { name: 'Add schedule' });
  await pick(page, form, 'Category', 'Brake Service');
  await expect(form.getByLabel('Title')).toHaveValue('Brake Service');
  await form.getByRole('button', { name: 'Add schedule' }).click();
  await expect(
    form.getByText('Give an interval in months or distance, or a first due date or mileage'),
  ).toBeVisible();

  const dueDay = localDay(-3);
  await form.getByLabel('First due on').fill(dueDay);
  await form.getByRole('button', { name: 'Add schedule' }).click();
  await expectToast(page, 'Schedule added', 'Brake Service');
  await expect(form).toBeHidden();
  const brakes = scheduleCard(page, 'Brake Service');
  await expect(brakes.getByTestId('schedule-state')).toHaveText('Overdue');
  await expect(brakes).toContainText(`Once, on ${shownDate(dueDay)}`);
  await expect(brakes.getByTestId('schedule-due')).toHaveText(`Overdue since ${shownDate(dueDay)}`);
  await expectNoSeriousViolations(page);

  await brakes.getByRole('button', { name: 'Edit Brake Service' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit schedule' });
  await edit.getByLabel('Title').fill('Front brake pads');
  await edit.getByLabel('Every how many months').fill('24');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Schedule updated', 'Front brake pads');
  const pads = scheduleCard(page, 'Front brake pads');
  await expect(pads).toContainText('Brake Service · Every 24 months');
  // Never done, it is still due on its first due day: only Mark done moves it on.
  await expect(pads.getByTestId('schedule-due')).toHaveText(`Overdue since ${shownDate(dueDay)}`);
});

test('the vehicle page’s six tabs: two rows of three on a phone, one row wider, the schedules read when opened', async ({
  page,
}, testInfo) => {
  await signUp(page.request);
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const scheduleReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/schedules')) scheduleReads.push(request.url());
  });
  await page.goto(`/vehicles/${civic.id}`);
  const tabs = page
    .getByRole('tablist')
    .filter({ has: page.getByRole('tab', { name: 'Schedules' }) });
  const names = ['All Records', 'Maintenance', 'Repairs', 'Mods', 'Fuel & Energy', 'Schedules'];
  const boxes = [];
  for (const name of names) {
    const box = await tabs.getByRole('tab', { name, exact: true }).boundingBox();
    boxes.push(box!);
  }
  const rowsOf = new Set(boxes.map((box) => Math.round(box.y)));
  if (testInfo.project.name === 'phone') {
    expect(rowsOf.size).toBe(2);
    expect(Math.round(boxes[2]!.y)).toBe(Math.round(boxes[0]!.y));
    expect(Math.round(boxes[3]!.y)).toBeGreaterThan(Math.round(boxes[0]!.y));
    expect(Math.round(boxes[5]!.y)).toBe(Math.round(boxes[3]!.y));
  } else {
    expect(rowsOf.size).toBe(1);
  }
  const tablist = await tabs.boundingBox();
  for (const box of boxes)
    expect(box.x + box.width).toBeLessThanOrEqual(tablist!.x + tablist!.width + 1);

  expect(scheduleReads).toEqual([]);
  await page.getByRole('tab', { name: 'Schedules' }).click();
  await expect(page.getByTestId('schedules-tab')).toContainText('No service schedules yet');
  expect(scheduleReads).toHaveLength(1);
});
