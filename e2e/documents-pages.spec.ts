/**
 * The Documents view reads pages (D27, decision 057): a garage of 500 files (records' PDFs and
 * photos, stored documents) read a page at a time as the view is scrolled to its end, two to a
 * row, never more than a few screens of entries in the page; the server's search finds one by its
 * notes; the type and vehicle filters narrow what the server answers.
 */
import { expectNoSeriousViolations } from './axe';
import { closeDatabase, runSql } from './database';
import { expect, pick, test } from './fixtures';
import { addVehicle, signUp } from './scene';

test.afterAll(closeDatabase);

test('a garage of 500 files: paged as it scrolls, searched and filtered by the server', {
  tag: '@desktop-only',
}, async ({ page }) => {
  test.setTimeout(120_000);
  const { user } = await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  const bronco = await addVehicle(page.request, { year: 2022, make: 'Ford', model: 'Bronco' });
  // 300 repairs with a PDF, the odd ones on the Bronco, every third with a photo too (400
  // entries), dated n days before 2025-12-31, every 50th undated.
  await runSql(
    `insert into repairs (user_id, vehicle_id, title, category, date, file_url, image_url)
     select $1, ($2::int[])[1 + g % 2], 'Invoice ' || g, 'Other',
       case when g % 50 = 0 then null else date '2025-12-31' - g end,
       '/uploads/invoice-' || g, case when g % 3 = 0 then '/uploads/photo-' || g end
     from generate_series(1, 300) g`,
    [user.id, [civic.id, bronco.id]],
  );
  // 99 receipts on the Civic, older than every repair, and one insurance certificate.
  await runSql(
    `insert into documents (user_id, vehicle_id, title, type, date, file_url)
     select $1, $2, 'Receipt ' || g, 'receipt', date '2024-06-30' - g, '/uploads/receipt-' || g
     from generate_series(1, 99) g`,
    [user.id, civic.id],
  );
  await runSql(
    `insert into documents (user_id, vehicle_id, title, type, date, file_url, notes)
     values ($1, $2, 'Insurance certificate', 'insurance', '2025-01-15', '/uploads/insurance',
       'Renewed with Imogen Vasquez')`,
    [user.id, bronco.id],
  );
  const pageReads: string[] = [];
  const wholeReads: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === '/api/documents/page') pageReads.push(search);
    if (pathname === '/api/records' || pathname === '/api/documents') wholeReads.push(pathname);
  });

  await page.goto('/documents');
  await expect(page).toHaveURL(/\/records\?type=document$/);
  const entries = page.getByTestId('document-entry');
  // Newest first, two to a row: the repairs of 2025-12-30 and 2025-12-29.
  await expect(entries.first()).toContainText('Invoice 1 (PDF)');
  await expect(entries.nth(1)).toContainText('Invoice 2 (PDF)');
  const [first, second] = [await entries.nth(0).boundingBox(), await entries.nth(1).boundingBox()];
  expect(second!.y).toBe(first!.y);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  await expect(page.getByText('Showing 50 of 500')).toBeVisible();
  await expectNoSeriousViolations(page);

  // Scrolled to the end: every page loaded (50 entries each), the entries near the viewport only.
  const showMore = page.getByRole('button', { name: 'Show more' });
  while ((await showMore.count()) > 0) {
    await page.keyboard.press('End');
    await page.waitForTimeout(50);
  }
  // The rows drawn at the end are measured as they are drawn and the list's height changes with
  // them: End again, as a person would, until the end stays in view.
  const last = page.locator('[aria-posinset="500"]');
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(last).toBeVisible({ timeout: 1_000 });
    // The last: the 8 undated entries come last, after the oldest receipt.
    await expect(last).toContainText('No date', { timeout: 1_000 });
    await expect(page.locator('[aria-posinset="492"]')).toContainText('Receipt 99', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  expect(pageReads.length).toBeGreaterThanOrEqual(10);
  expect(await entries.count()).toBeLessThan(60);

  // The server's search finds the one document by its notes.
  await page.keyboard.press('Home');
  const search = page.getByRole('searchbox', { name: 'Search documents' });
  await search.fill('imogen');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Insurance certificate');
  await expect(entries.first()).toContainText('2022 Ford Bronco · Renewed with Imogen Vasquez');
  await search.fill('');

  // The filters: the Bronco's record attachments, 150 PDFs and 50 photos.
  const main = page.locator('main');
  await pick(page, main, 'Document type', 'Record attachment');
  await pick(page, main, 'Document vehicle', '2022 Ford Bronco');
  await expect(page.getByText('Showing 50 of 200')).toBeVisible();
  await expect(entries.first()).toContainText('Invoice 1 (PDF)');
  await expect(entries.nth(1)).toContainText('Invoice 3 (PDF)');
  await pick(page, main, 'Document type', 'Receipt');
  await expect(page.getByTestId('documents-empty')).toContainText('Try adjusting your filters');
  await pick(page, main, 'Document vehicle', 'All Vehicles');
  await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible();
  await expect(page.getByText('Showing 50 of 99')).toBeVisible();

  // Neither whole list is read for the view.
  expect(wholeReads).toEqual([]);
});
