/**
 * Finding records (decision 033): the /records search over title, description, category,
 * vehicle, location, technician and notes; the search text and the filters kept in the URL
 * across a reload, Back and a shared link; and each card's PDF and photo markers with counts.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, pick, saveScreenshot, test } from './fixtures';
import { recordCard } from './records-helpers';
import { addRecord, addVehicle, pdfFile, photoFile, signUp, uploadFiles } from './scene';

/** Two vehicles and four records, each findable by one field only. */
async function fillGarage(request: APIRequestContext) {
  const civic = await addVehicle(request, { year: 2019, make: 'Honda', model: 'Civic' });
  const bronco = await addVehicle(request, { year: 2022, make: 'Ford', model: 'Bronco' });
  await addRecord(request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    location: 'Quick Lube on Elm Street',
    date: '2026-01-10',
  });
  await addRecord(request, 'repair', {
    vehicleId: bronco.id,
    category: 'Brakes',
    title: 'Brake pads',
    technician: 'Maria Lopez',
    date: '2026-01-08',
  });
  await addRecord(request, 'modification', {
    vehicleId: civic.id,
    category: 'Exhaust',
    title: 'Cat-back exhaust',
    notes: 'Kept the stock muffler\nin the garage loft',
    date: '2026-01-05',
  });
  await addRecord(request, 'maintenance', {
    vehicleId: bronco.id,
    category: 'Tire Rotation',
    title: 'Tire Rotation',
    date: '2026-01-03',
  });
  return { civic, bronco };
}

test('the search finds a record by its location, technician, notes, vehicle and category', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  await fillGarage(page.request);
  await page.goto('/records');
  const cards = page.getByTestId('record-card');
  await expect(cards).toHaveCount(4);
  const search = page.getByRole('searchbox', { name: 'Search records' });

  // Each word is in one field of one record only, and the case never matters.
  for (const [query, titles] of [
    ['elm street', ['Oil Change']],
    ['MARIA', ['Brake pads']],
    // The note's line break reads as a space; extra spaces typed read as one.
    ['  muffler   in the  ', ['Cat-back exhaust']],
    ['ford bronco', ['Brake pads', 'Tire Rotation']],
    ['rotation', ['Tire Rotation']],
    ['brakes', ['Brake pads']],
  ] as const) {
    await search.fill(query);
    await expect(cards).toHaveCount(titles.length);
    for (const title of titles) await expect(recordCard(page, title)).toBeVisible();
  }
  await search.fill('nowhere at all');
  await expect(cards).toHaveCount(0);
  await expect(page.getByTestId('records-empty')).toContainText('Try adjusting your filters');
});

test('the search and filters stay in the URL across a reload, Back and a shared link', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request, { plan: 'premium' });
  const { civic } = await fillGarage(page.request);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Records' })
    .click();
  await expect(page).toHaveURL(/\/records$/);
  const cards = page.getByTestId('record-card');
  await expect(cards).toHaveCount(4);

  // Typed a key at a time, as a person types.
  const search = page.getByRole('searchbox', { name: 'Search records' });
  await search.pressSequentially('civic');
  await expect(cards).toHaveCount(2);
  await pick(page, page.locator('main'), 'Record type', 'Maintenance (1)');
  await pick(page, page.locator('main'), 'Vehicle', '2019 Honda Civic');
  await expect(cards).toHaveCount(1);
  await expect(recordCard(page, 'Oil Change')).toBeVisible();
  const filtered = `/records?q=civic&type=maintenance&vehicle=${civic.id}`;
  await expect(page).toHaveURL(filtered);

  const expectFiltered = async () => {
    await expect(search).toHaveValue('civic');
    await expect(page.getByRole('combobox', { name: 'Record type' })).toHaveText('Maintenance (1)');
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveText('2019 Honda Civic');
    await expect(cards).toHaveCount(1);
    await expect(recordCard(page, 'Oil Change')).toBeVisible();
  };

  await page.reload();
  await expectFiltered();

  // Away to the vehicles and Back: the same list.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Vehicles' })
    .click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expectFiltered();

  // Typing and choosing replaced the entry as they went: one Back more leaves the page.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A shared link opens on the same list.
  const shared = await page.context().newPage();
  await shared.goto(filtered);
  await expect(shared.getByRole('searchbox', { name: 'Search records' })).toHaveValue('civic');
  await expect(shared.getByTestId('record-card')).toHaveCount(1);
  await expect(recordCard(shared, 'Oil Change')).toBeVisible();
  await shared.close();

  // Cleared filters leave a bare /records.
  await page.goto(filtered);
  await search.fill('');
  await pick(page, page.locator('main'), 'Record type', 'All Types (2)');
  await pick(page, page.locator('main'), 'Vehicle', 'All Vehicles');
  await expect(page).toHaveURL(/\/records$/);
  await expect(cards).toHaveCount(4);
});

test('each card marks its PDF and its photos with their count', async ({ page }, testInfo) => {
  await signUp(page.request, { plan: 'premium' });
  const { civic } = await fillGarage(page.request);
  const [pdfUrl, photoUrl] = await uploadFiles(page.request, [
    pdfFile('invoice.pdf'),
    await photoFile('pads.jpg', '#7dd3fc', '#1e293b'),
  ]);
  const withBoth = await addRecord(page.request, 'repair', {
    vehicleId: civic.id,
    category: 'Brakes',
    title: 'Rotor resurfacing',
    location: 'Elm Street Brakes',
    date: '2026-01-12',
    fileUrl: pdfUrl,
    imageUrl: photoUrl,
  });
  // A second photo, joined to the record's images: two photos in all.
  const added = await page.request.post(`/api/record-images/repair/${withBoth.id}`, {
    multipart: { caption: 'After', image: await photoFile('after.jpg', '#fde68a', '#334155') },
  });
  expect(added.status(), await added.text()).toBe(201);
  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Scheduled Maintenance',
    title: 'State inspection',
    location: 'Elm Street DMV',
    date: '2026-01-11',
    fileUrl: (await uploadFiles(page.request, [pdfFile('certificate.pdf')]))[0],
  });

  await page.goto(`/records?q=elm%20street&vehicle=${civic.id}`);
  const cards = page.getByTestId('record-card');
  await expect(cards).toHaveCount(3);
  const both = recordCard(page, 'Rotor resurfacing');
  await expect(both.getByRole('img', { name: 'PDF attached' })).toHaveText('1');
  await expect(both.getByRole('img', { name: '2 photos' })).toHaveText('2');
  const pdfOnly = recordCard(page, 'State inspection');
  await expect(pdfOnly.getByRole('img', { name: 'PDF attached' })).toHaveText('1');
  await expect(pdfOnly.getByTestId('record-attachment')).toHaveCount(1);
  // Nothing attached, no marker.
  await expect(recordCard(page, 'Oil Change').getByTestId('record-attachment')).toHaveCount(0);

  await expectNoSeriousViolations(page);
  await saveScreenshot(page, 'records-search-markers', testInfo.project.name);
});
