/**
 * A vehicle with hundreds of records and ten thousand fill-ups: the record tabs read a page at a
 * time and ask for the next as the reader scrolls, each tab's total is the whole tab's (the
 * server's sum, not the loaded cards'), and the fill-ups list holds only the pages asked for. The
 * rows are made in the database (e2e/database.ts), not through the screens.
 */
import type { Page } from '@playwright/test';
import { runSql } from './database';
import { expect, test } from './fixtures';
import { addVehicle, signUp } from './scene';

test.describe.configure({ mode: 'serial' });
// Hundreds of rows made and read back: more than a screen's usual time on a busy machine.
test.setTimeout(90_000);

/** `count` records of the kind's table on the vehicle, one a day back from 2025-06-01, at `cost`. */
async function insertMany(
  table: 'maintenance' | 'repairs' | 'modifications',
  userId: number,
  vehicleId: number,
  count: number,
  cost: string,
) {
  await runSql(
    `insert into ${table} (user_id, vehicle_id, title, category, date, cost, is_completed)
     select $1, $2, $5 || ' ' || n, 'Other', date '2025-06-01' - n, $4::numeric, true
     from generate_series(1, $3::int) as n`,
    [userId, vehicleId, count, cost, table],
  );
}

const cardsOf = (page: Page, listName: string) =>
  page.getByRole('list', { name: listName, exact: true }).getByRole('listitem');

test('@desktop-only the record tabs load more as the reader scrolls, and total the whole tab', async ({
  page,
}) => {
  const { user } = await signUp(page.request, { plan: 'premium' });
  const vehicle = await addVehicle(page.request, { year: 2016, make: 'Subaru', model: 'Outback' });
  await insertMany('repairs', user.id, vehicle.id, 400, '10.25');
  await insertMany('maintenance', user.id, vehicle.id, 200, '5');
  await insertMany('modifications', user.id, vehicle.id, 100, '1');

  const wholeLists: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/(maintenance|repairs|modifications)$/.test(pathname)) wholeLists.push(pathname);
  });

  await page.goto(`/vehicles/${vehicle.id}`);
  const all = cardsOf(page, 'All Records');
  // 400 × 10.25 + 200 × 5 + 100 × 1: every record's cost, not the 25 cards'.
  await expect(page.getByTestId('records-total-cost')).toHaveText('$5,200.00');
  await expect(page.getByTestId('records-count')).toHaveText('· 700 records');
  await expect(page.getByText('Showing 25 of 700')).toBeVisible();
  await expect(all.first()).toContainText('May 31, 2025');
  await expect(all.first()).toHaveAttribute('aria-setsize', '700');

  // Scrolling near the end asks for the next page, in order.
  await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Showing 50 of 700')).toBeVisible();
  await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Showing 75 of 700')).toBeVisible();
  // Three records a day: the 50th, last of the second page and drawn above 'Show more' when it
  // asked for the third, is of the 17th day back, with no card twice on the way.
  await expect(all.and(page.locator('[aria-posinset="50"]'))).toContainText('May 15, 2025');
  const titles = await all.locator('h3').allTextContents();
  expect(new Set(titles).size).toBe(titles.length);

  // Only the cards near the viewport are drawn: a few of the 75 read, however far one scrolls.
  expect(await all.count()).toBeLessThan(40);
  expect(await page.locator('li').count()).toBeLessThan(150);

  // Each tab its own pages and its own total.
  await page.getByRole('tab', { name: 'Repairs' }).click();
  await expect(page.getByTestId('records-total-cost')).toHaveText('$4,100.00');
  await expect(page.getByTestId('records-count')).toHaveText('· 400 records');
  await expect(page.getByText('Showing 25 of 400')).toBeVisible();
  await expect(cardsOf(page, 'Repairs').first()).toHaveAttribute('aria-setsize', '400');
  await page.getByRole('tab', { name: 'Mods' }).click();
  await expect(page.getByTestId('records-total-cost')).toHaveText('$100.00');
  await expect(page.getByText('Showing 25 of 100')).toBeVisible();
  await expect(cardsOf(page, 'Modifications').first()).toHaveAttribute('aria-setsize', '100');

  // Back on every kind: the pages read before, as they were.
  await page.getByRole('tab', { name: 'All Records' }).click();
  await expect(page.getByText('Showing 75 of 700')).toBeVisible();

  // The edit form reads its one record, not the kind's whole list.
  const oneRecord = page.waitForRequest((request) =>
    /\/api\/(maintenance|repairs|modifications)\/\d+$/.test(new URL(request.url()).pathname),
  );
  const firstTitle = await all.first().locator('h3').textContent();
  await all
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  await oneRecord;
  const form = page.getByRole('form', { name: /^Edit / });
  await expect(form.getByLabel('Title')).toHaveValue(firstTitle ?? '');
  await page.keyboard.press('Escape');
  // The tabs and the edit form never read a kind's whole list.
  expect(wholeLists).toEqual([]);
});

test('@desktop-only ten thousand fill-ups: the list holds the pages asked for', async ({
  page,
}) => {
  const { user } = await signUp(page.request, { plan: 'premium' });
  const vehicle = await addVehicle(page.request, { year: 2018, make: 'Toyota', model: 'Corolla' });
  await runSql(
    `insert into energy_entries (user_id, vehicle_id, date, energy, quantity, unit,
       canonical_quantity, unit_price, total_cost)
     select $1, $2, date '2025-06-01' - (n / 3), 'gasoline', 40, 'L', 40, 1.5, 60
     from generate_series(1, 10000) as n`,
    [user.id, vehicle.id],
  );

  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const entries = page.getByRole('list', { name: 'Fill-ups and charges' }).getByRole('listitem');
  await expect(entries).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more', exact: true }).click();
  await expect(entries).toHaveCount(100);
  await expect(page.getByRole('button', { name: 'Load more', exact: true })).toBeEnabled();
});
