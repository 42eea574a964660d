/**
 * Expenses & Analytics (001 §2, §4, §9, D37): the figures and percents of a seeded garage, the
 * vehicle selector, both tabs and their lists, the table view of the charts, vehicle labels cut
 * to 15 characters, the one automatic retry and the fallback, the upgrade prompt of the free
 * plan, and a Premium user's period and CSV export.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Vehicle } from '../contract/vehicles';
import { forgiveHttpErrors } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { localDay } from './dates';
import { expect, saveScreenshot, test } from './fixtures';
import { postCreated, signUp } from './scene';

const THIS_YEAR = new Date().getFullYear();
const NEW_YEARS_DAY = `${THIS_YEAR}-01-01`;

/**
 * $57,500 of purchases and $2,409.75 of records: Total Invested $59,909.75. This year alone:
 * the oil change and the roof rack, $839.50 (the purchases are dated earlier or not at all).
 */
async function seedGarage(request: APIRequestContext) {
  const civic = (await postCreated(request, '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    purchasePrice: '12500',
    purchaseDate: '2019-03-01',
    mileage: 40000,
  })) as Vehicle;
  const sprinter = (await postCreated(request, '/api/vehicles', {
    year: 2019,
    make: 'Mercedes-Benz',
    model: 'Sprinter',
    purchasePrice: 45000,
  })) as Vehicle;
  await postCreated(request, '/api/maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    cost: '89.50',
    date: NEW_YEARS_DAY,
    isCompleted: true,
  });
  await postCreated(request, `/api/vehicles/${civic.id}/repairs`, {
    category: 'Brakes',
    title: 'Front brake pads',
    cost: 320,
    date: '2020-05-01',
    isCompleted: true,
  });
  await postCreated(request, '/api/modifications', {
    vehicleId: sprinter.id,
    category: 'Exterior',
    title: 'Roof rack',
    cost: '750',
    date: NEW_YEARS_DAY,
    isCompleted: true,
  });
  await postCreated(request, '/api/modifications', {
    vehicleId: sprinter.id,
    category: 'Electronics',
    title: 'Solar panels, 400W',
    cost: '1250.25',
    date: '2021-06-01',
    isCompleted: true,
  });
  return { civic, sprinter };
}

function card(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Expense totals' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
}

async function expectCard(page: Page, label: string, amount: string, percent: number) {
  await expect(card(page, label)).toContainText(amount);
  await expect(card(page, label)).toContainText(`${percent}% of total`);
}

async function choose(page: Page, combobox: RegExp, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the overview shows the garage’s figures and percents, and one vehicle’s when chosen', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/expenses') calls += 1;
  });
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses & Analytics' })).toBeVisible();

  // 000 §9 Total Invested; 001 §9 rounded percents.
  await expectCard(page, 'Total Invested', '$59,909.75', 100);
  await expectCard(page, 'Vehicle Cost', '$57,500.00', 96);
  await expectCard(page, 'Modifications', '$2,000.25', 3);
  await expectCard(page, 'Maintenance', '$89.50', 0);
  await expectCard(page, 'Repairs', '$320.00', 1);

  const distribution = page.getByTestId('expense-distribution');
  await expect(distribution.getByRole('heading', { name: 'Expense Distribution' })).toBeVisible();
  await expect(distribution.getByTestId('distribution-item')).toHaveText([
    /Vehicle Cost\s*\$57,500\.00\s*96%/,
    /Modifications\s*\$2,000\.25\s*3%/,
    /Maintenance\s*\$89\.50\s*0%/,
    /Repairs\s*\$320\.00\s*1%/,
  ]);
  await expect(
    distribution.getByRole('img', {
      name: /^Expense Distribution chart: Vehicle Cost \$57,500\.00 \(96%\), Modifications \$2,000\.25 \(3%\)/,
    }),
  ).toBeVisible();
  // The ring is drawn, one slice per kind with a cost, in the spec's colours.
  await expect(distribution.locator('[data-slot="ring-slice"]')).toHaveCount(4);
  await expect(distribution.locator('[data-slot="ring-slice"]').first()).toHaveAttribute(
    'fill',
    'var(--color-expense-purchase)',
  );

  // 001 §9: vehicle labels cut to 15 characters; the full name stays in the table.
  const breakdown = page.getByTestId('vehicle-breakdown');
  // The amount axis says its values: the Sprinter's 47,000.25 reaches past the $40K line.
  await expect(breakdown.locator('[data-slot="axis-value"]')).toHaveText([
    '$0',
    '$20K',
    '$40K',
    '$60K',
  ]);
  await expect(breakdown.locator('[data-slot="chart-label"]')).toHaveText([
    '2019 Honda Civi…',
    '2019 Mercedes-B…',
  ]);
  // The bar under the pointer is named in full with its figures.
  await breakdown.locator('[data-slot="chart-bar"]').first().hover();
  const tooltip = breakdown.locator('[data-slot="chart-tooltip"]');
  await expect(tooltip).toContainText('2019 Honda Civic');
  await expect(tooltip).toContainText(/Vehicle Cost\s*\$12,500\.00/);
  await expect(tooltip).toContainText(/Repairs\s*\$320\.00/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await breakdown.getByRole('button', { name: 'Show as table' }).click();
  const table = breakdown.getByRole('table');
  await expect(table.getByRole('row')).toHaveText([
    /Vehicle\s*Vehicle Cost\s*Modifications\s*Maintenance\s*Repairs\s*Total/,
    /2019 Honda Civic\s*\$12,500\.00\s*\$0\.00\s*\$89\.50\s*\$320\.00\s*\$12,909\.50/,
    /2019 Mercedes-Benz Sprinter\s*\$45,000\.00\s*\$2,000\.25\s*\$0\.00\s*\$0\.00\s*\$47,000\.25/,
  ]);
  await breakdown.getByRole('button', { name: 'Show as chart' }).click();
  await expect(breakdown.getByRole('table')).toHaveCount(0);

  // Cost per mile, and what it means (D37).
  const perMile = page.getByTestId('cost-per-mile');
  await expect(perMile).toContainText(
    'Maintenance and repair costs of all time divided by the current odometer reading.',
  );
  // ($89.50 + $320) / 40,000 mi.
  await expect(perMile.getByRole('listitem')).toHaveText([
    '2019 Honda Civic$409.50 over 40,000 mi$0.01/mi',
    '2019 Mercedes-Benz Sprinter$0.00Mileage unknown',
  ]);
  await expect(
    page
      .getByTestId('monthly-spending')
      .getByRole('img', { name: /^Monthly Spending chart: .*June 2021 \$1,250\.25/ }),
  ).toBeVisible();
  // Its largest month, June 2021's 1,250.25, under the top line: $0, $500, $1K, $1.5K.
  await expect(page.getByTestId('monthly-spending').locator('[data-slot="axis-value"]')).toHaveText(
    ['$0', '$500', '$1K', '$1.5K'],
  );

  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'expenses-overview', testInfo.project.name);

  await choose(page, /^Vehicle$/, '2019 Honda Civic');
  await expectCard(page, 'Total Invested', '$12,909.50', 100);
  await expectCard(page, 'Vehicle Cost', '$12,500.00', 97);
  await expectCard(page, 'Modifications', '$0.00', 0);
  await expectCard(page, 'Repairs', '$320.00', 2);
  await choose(page, /^Vehicle$/, 'All Vehicles');
  await expectCard(page, 'Total Invested', '$59,909.75', 100);
  // One call per choice, whatever the garage: the first load, the Civic, all vehicles again.
  expect(calls).toBe(3);
});

test('the planned part of Total Invested, and the distribution without the purchase price', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = (await postCreated(page.request, '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    purchasePrice: '20000',
  })) as Vehicle;
  const records = [
    ['/api/maintenance', 'Oil Change', '100', true],
    ['/api/maintenance', 'Timing Belt', '250.50', false],
    [`/api/vehicles/${civic.id}/repairs`, 'Brakes', '439.50', false],
    ['/api/modifications', 'Exterior', '1000', true],
  ] as const;
  for (const [path, category, cost, isCompleted] of records) {
    await postCreated(page.request, path, { vehicleId: civic.id, category, cost, isCompleted });
  }

  // 20000 + 100 + 250.50 + 439.50 + 1000 = 21,790.00, of which 250.50 + 439.50 = 690.00 planned.
  await page.goto('/expenses');
  await expectCard(page, 'Total Invested', '$21,790.00', 100);
  await expect(card(page, 'Total Invested').getByTestId('planned-part')).toHaveText(
    'incl. $690.00 planned',
  );

  const distribution = page.getByTestId('expense-distribution');
  const includePurchase = distribution.getByRole('switch', { name: 'Include purchase price' });
  await expect(includePurchase).toHaveAttribute('aria-checked', 'true');
  // Of 21,790: 20,000 → 92%, 1,000 → 5%, 350.50 → 2%, 439.50 → 2%.
  await expect(distribution.getByTestId('distribution-item')).toHaveText([
    /Vehicle Cost\s*\$20,000\.00\s*92%/,
    /Modifications\s*\$1,000\.00\s*5%/,
    /Maintenance\s*\$350\.50\s*2%/,
    /Repairs\s*\$439\.50\s*2%/,
  ]);
  await includePurchase.click();
  await expect(includePurchase).toHaveAttribute('aria-checked', 'false');
  // Of 1,790 without the purchase: 1,000 → 56%, 350.50 → 20%, 439.50 → 25%.
  await expect(distribution.getByTestId('distribution-item')).toHaveText([
    /Modifications\s*\$1,000\.00\s*56%/,
    /Maintenance\s*\$350\.50\s*20%/,
    /Repairs\s*\$439\.50\s*25%/,
  ]);
  await expect(distribution.locator('[data-slot="ring-slice"]')).toHaveCount(3);
  await distribution.getByRole('button', { name: 'Show as table' }).click();
  await expect(distribution.getByRole('table').locator('tfoot')).toContainText(
    /Total without purchase price\s*\$1,790\.00\s*100%/,
  );
  // The overview's cards keep the whole total.
  await expectCard(page, 'Total Invested', '$21,790.00', 100);
  await saveScreenshot(page, 'expenses-without-purchase', testInfo.project.name);

  // The vehicle's own page says it too.
  await page.goto(`/vehicles/${civic.id}`);
  const details = page.getByRole('region', { name: 'Vehicle Details' });
  await expect(details.getByTestId('planned-part')).toHaveText('incl. $690.00 planned');
});

test('a page whose code arrives after its data is drawn once: one read, none cancelled', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  // The page's code comes a second late, long after the session and the shell's read: the page
  // then starts through its lazy stand-in, and must not be drawn again once its code is there.
  await page.route(/\/assets\/expenses-page-[\w-]+\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/expenses') reads.push('sent');
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/api/expenses') reads.push('cancelled');
  });
  await page.goto('/expenses');
  await expectCard(page, 'Total Invested', '$59,909.75', 100);
  await page.getByRole('tab', { name: 'Expense Details' }).click();
  await expect(page.getByRole('tab', { name: 'Expense Details' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['sent']);
});

test('Expense Details lists the top 5 of each kind and the Vehicle Cost Summary', async ({
  page,
}, testInfo) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  const { civic, sprinter } = await seedGarage(page.request);
  for (const [title, cost] of [
    ['Seat covers', 120],
    ['Tow hitch', 480.4],
    ['Awning', 990],
    ['Floor mats', 60],
  ] as const) {
    await postCreated(page.request, '/api/modifications', {
      vehicleId: title === 'Floor mats' ? civic.id : sprinter.id,
      category: 'Interior',
      title,
      cost,
      date: '2022-02-02',
      isCompleted: true,
    });
  }
  await page.goto('/expenses');
  await page.getByRole('tab', { name: 'Expense Details' }).click();

  const topModifications = page.getByRole('region', { name: 'Top Modifications' });
  await expect(topModifications.getByTestId('top-expense')).toHaveText([
    /Solar panels, 400W\s*2019 Mercedes-Benz Sprinter · Jun 1, 2021\s*\$1,250\.25/,
    /Awning.*\$990\.00/,
    /Roof rack.*\$750\.00/,
    /Tow hitch.*\$480\.40/,
    /Seat covers.*\$120\.00/,
  ]);
  await expect(page.getByRole('region', { name: 'Top Maintenance' })).toContainText(
    `Oil Change2019 Honda Civic · Jan 1, ${THIS_YEAR}$89.50`,
  );
  await expect(
    page.getByRole('region', { name: 'Top Repairs by Cost' }).getByTestId('top-expense'),
  ).toHaveText([/Front brake pads\s*2019 Honda Civic · May 1, 2020\s*\$320\.00/]);

  const summary = page.getByRole('region', { name: 'Vehicle Cost Summary' });
  if (testInfo.project.name === 'phone') {
    // Phones list one block per vehicle instead of six columns.
    await expect(summary.getByTestId('summary-vehicle')).toHaveText([
      /2019 Honda Civic\s*Vehicle Cost\s*\$12,500\.00\s*Modifications\s*\$60\.00\s*Maintenance\s*\$89\.50\s*Repairs\s*\$320\.00\s*Total\s*\$12,969\.50/,
      /2019 Mercedes-Benz Sprinter\s*Vehicle Cost\s*\$45,000\.00\s*Modifications\s*\$3,590\.65.*Total\s*\$48,590\.65/,
      /Total\s*Vehicle Cost\s*\$57,500\.00\s*Modifications\s*\$3,650\.65.*Total\s*\$61,560\.15/,
    ]);
  } else {
    await expect(summary.getByRole('table').getByRole('row')).toHaveText([
      /Vehicle\s*Vehicle Cost\s*Modifications\s*Maintenance\s*Repairs\s*Total/,
      /2019 Honda Civic\s*\$12,500\.00\s*\$60\.00\s*\$89\.50\s*\$320\.00\s*\$12,969\.50/,
      /2019 Mercedes-Benz Sprinter\s*\$45,000\.00\s*\$3,590\.65\s*\$0\.00\s*\$0\.00\s*\$48,590\.65/,
      /Total\s*\$57,500\.00\s*\$3,650\.65\s*\$89\.50\s*\$320\.00\s*\$61,560\.15/,
    ]);
  }
  expect(sprinter.id).toBeGreaterThan(civic.id);

  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'expenses-details', testInfo.project.name);
});

test('a failed load is retried once after 2 seconds', { tag: '@desktop-only' }, async ({
  page,
  consoleErrors,
}) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  let calls = 0;
  await page.route('**/api/expenses*', async (route) => {
    calls += 1;
    if (calls === 1) {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"x"}',
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/expenses');
  await expect(page.getByTestId('expenses-skeleton')).toBeVisible();
  await expectCard(page, 'Total Invested', '$59,909.75', 100);
  expect(calls).toBe(2);
  await expect(page.getByText('An error occurred loading expenses')).toHaveCount(0);
  forgiveHttpErrors(consoleErrors, 500);
});

test('after the retry fails too, the fallback offers to try again', {
  tag: '@desktop-only',
}, async ({ page, consoleErrors }) => {
  await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
  await seedGarage(page.request);
  let calls = 0;
  let isFailing = true;
  await page.route('**/api/expenses*', async (route) => {
    calls += 1;
    if (isFailing) {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"x"}',
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/expenses');
  const fallback = page
    .getByRole('alert')
    .filter({ hasText: 'An error occurred loading expenses' });
  await expect(fallback).toBeVisible();
  await expect(page.getByTestId('expenses-skeleton')).toHaveCount(0);
  expect(calls).toBe(2);

  isFailing = false;
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expectCard(page, 'Total Invested', '$59,909.75', 100);
  expect(calls).toBe(3);
  forgiveHttpErrors(consoleErrors, 500);
});

test(
  'the free plan sees the advanced analytics with the upgrade prompt instead of the data',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request, { plan: 'free', firstName: 'Grace' });
    await postCreated(page.request, '/api/vehicles', {
      year: 2018,
      make: 'Toyota',
      model: 'Corolla',
      purchasePrice: 9000,
      mileage: 50000,
    });
    let calls = 0;
    page.on('request', (call) => {
      if (new URL(call.url()).pathname.startsWith('/api/expenses')) calls += 1;
    });
    await page.goto('/expenses');
    await expectCard(page, 'Total Invested', '$9,000.00', 100);

    const locked = page.getByTestId('locked-panel');
    await expect(locked).toHaveCount(2);
    await expect(locked.first()).toContainText('Monthly Spending');
    await expect(locked.nth(1)).toContainText('Cost per Mile');
    await expect(page.getByTestId('cost-per-mile')).toHaveCount(0);
    await expect(page.getByTestId('monthly-spending')).toHaveCount(0);

    const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await locked.first().getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toHaveCount(0);

    // The period: choosing one opens the prompt and keeps All time.
    await choose(page, /Period/, 'This year');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(page.getByRole('combobox', { name: /Period/ })).toHaveText('All time');

    // The export: a button to the prompt, never a download.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    expect(calls).toBe(1);

    // The server says the same (D37).
    const refused = await page.request.get('/api/expenses?from=2024-01-01');
    expect(refused.status()).toBe(402);

    await expectNoSeriousViolations(page);
    await saveScreenshot(page, 'expenses-free', testInfo.project.name);
  },
);

test(
  'Premium: the period changes the figures and the CSV export downloads them',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await signUp(page.request, { plan: 'premium', firstName: 'Grace' });
    await seedGarage(page.request);
    await page.goto('/expenses');
    await expectCard(page, 'Total Invested', '$59,909.75', 100);

    await choose(page, /Period/, 'This year');
    // Only the two records of New Year's Day: the purchases are dated earlier or not at all.
    await expectCard(page, 'Total Invested', '$839.50', 100);
    await expectCard(page, 'Vehicle Cost', '$0.00', 0);
    await expectCard(page, 'Maintenance', '$89.50', 11);
    await expectCard(page, 'Modifications', '$750.00', 89);

    const thisYear = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const yearFile = await thisYear;
    // Named by the user's own calendar day (D4), as the JSON export is, not by the UTC day.
    expect(yearFile.suggestedFilename()).toBe(`garage-ledger-expenses-${localDay()}.csv`);
    expect(fs.readFileSync(await yearFile.path(), 'utf8')).toBe(
      [
        'Date,Vehicle,Type,Category,Title,Cost',
        `${NEW_YEARS_DAY},2019 Honda Civic,Maintenance,Oil Change,Oil Change,89.5`,
        `${NEW_YEARS_DAY},2019 Mercedes-Benz Sprinter,Modification,Exterior,Roof rack,750`,
        '',
      ].join('\r\n'),
    );

    await choose(page, /Period/, 'Custom range');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2021-12-31');
    await expectCard(page, 'Total Invested', '$1,570.25', 100);
    await expectCard(page, 'Repairs', '$320.00', 20);
    await saveScreenshot(page, 'expenses-custom-range', testInfo.project.name);

    await choose(page, /Period/, 'All time');
    await expectCard(page, 'Total Invested', '$59,909.75', 100);
    const allTime = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const lines = fs.readFileSync(await (await allTime).path(), 'utf8').split('\r\n');
    expect(lines).toEqual([
      'Date,Vehicle,Type,Category,Title,Cost',
      '2019-03-01,2019 Honda Civic,Purchase,,,12500',
      '2020-05-01,2019 Honda Civic,Repair,Brakes,Front brake pads,320',
      '2021-06-01,2019 Mercedes-Benz Sprinter,Modification,Electronics,"Solar panels, 400W",1250.25',
      `${NEW_YEARS_DAY},2019 Honda Civic,Maintenance,Oil Change,Oil Change,89.5`,
      `${NEW_YEARS_DAY},2019 Mercedes-Benz Sprinter,Modification,Exterior,Roof rack,750`,
      ',2019 Mercedes-Benz Sprinter,Purchase,,,45000',
      '',
    ]);
  },
);
