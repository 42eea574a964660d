/**
 * Lists that page (decision 057): a garage of 2,000 records read a page at a time as /records is
 * scrolled to its end, never more than a screenful or so of cards in the page; the search done by
 * the server finds one record among them by its technician; a filter shows the server's counts.
 */
import { closeDatabase, insertManyRecords } from './database';
import { expect, pick, pressEndUntilVisible, test } from './fixtures';
import { addRecord, addVehicle, signUp } from './scene';

test.afterAll(closeDatabase);

test('a garage of 2,000 records: paged as it scrolls, searched and counted by the server', {
  tag: '@desktop-only',
}, async ({ page }) => {
  test.setTimeout(180_000);
  const { user } = await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const bronco = await addVehicle(page.request, { year: 2022, make: 'Ford', model: 'Bronco' });
  // 666 of each kind, the odd ones (333 each) on the Bronco; with two more, 2,000.
  await insertManyRecords(user.id, [civic.id, bronco.id], 666);
  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Old service',
    date: '2019-01-01',
  });
  await addRecord(page.request, 'repair', {
    vehicleId: bronco.id,
    category: 'Brakes',
    title: 'Rear calipers',
    technician: 'Imogen Vasquez',
    date: '2020-06-01',
  });
  const pageReads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/records/page') pageReads.push(url.search);
  });

  await page.goto('/records');
  await expect(page.getByText('2000 records')).toBeVisible();
  const type = page.getByRole('combobox', { name: 'Record type' });
  await expect(type).toHaveText('All Types (2000)');
  const cards = page.getByTestId('record-card');
  await expect(cards.first()).toHaveAttribute('aria-label', /^(Service|Repair|Upgrade) 1$/);

  // Scrolled to the end: every page loaded (50 records each), the cards near the viewport only.
  const showMore = page.getByRole('button', { name: 'Show more' });
  while ((await showMore.count()) > 0) {
    await page.keyboard.press('End');
    await page.waitForTimeout(50);
  }
  // The last: undated records come last (001 §4).
  await pressEndUntilVisible(page, page.locator('li[aria-posinset="2000"]'), 'Not scheduled');
  expect(pageReads.length).toBeGreaterThanOrEqual(40);
  expect(await cards.count()).toBeLessThan(40);

  // The server's search finds the one record by its technician.
  await page.keyboard.press('Home');
  await page.getByRole('searchbox', { name: 'Search records' }).fill('imogen');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('aria-label', 'Rear calipers');
  await expect(page.getByText('1 of 2000 records')).toBeVisible();
  await expect(type).toHaveText('All Types (1)');
  await page.getByRole('searchbox', { name: 'Search records' }).fill('');

  // A filter: the type chips count what the vehicle leaves, from the server.
  await pick(page, page.locator('main'), 'Vehicle', '2022 Ford Bronco');
  await expect(type).toHaveText('All Types (1000)');
  await type.click();
  for (const option of ['Maintenance (333)', 'Repairs (334)', 'Modifications (333)']) {
    await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
});
