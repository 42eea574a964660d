/**
 * Decision 056 in a real browser: the web app sends back the tag of the answer it holds, so a
 * refetch of unchanged data costs a 304 and the page still shows what it showed; after a change
 * the refetch answers the new figures.
 */
import type { Page } from '@playwright/test';
import { EXPENSES_TEXTS } from '../contract/expenses';
import { expect, test } from './fixtures';
import { addRecord, addVehicle, signUp } from './scene';

const THIS_YEAR = new Date().getFullYear();

function totalInvested(page: Page) {
  return page
    .getByRole('list', { name: 'Expense totals' })
    .getByRole('listitem')
    .filter({ has: page.getByText('Total Invested', { exact: true }) });
}

/** Goes to Expenses through the sidebar, as a user does (the query cache stays), and answers
 * the status of the read of `/api/expenses` it made, with the tag the page sent. */
async function openExpenses(page: Page) {
  const read = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/expenses',
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Expenses' })
    .click();
  const response = await read;
  return {
    status: response.status(),
    sentTag: await response.request().headerValue('if-none-match'),
  };
}

test('a refetch of unchanged data costs a 304 and still shows it; a change shows @desktop-only', async ({
  page,
}) => {
  await signUp(page.request, { plan: 'premium' });
  const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic' });
  await addRecord(page.request, 'maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil Change',
    cost: '89.50',
    date: `${THIS_YEAR}-01-02`,
    isCompleted: true,
  });
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/dashboard');
  const first = await openExpenses(page);
  expect(first).toEqual({ status: 200, sentTag: null });
  await expect(totalInvested(page)).toContainText('$89.50');

  // Back to the dashboard and again to Expenses, which reads its figures afresh on every visit.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const unchanged = await openExpenses(page);
  expect(unchanged.status).toBe(304);
  expect(unchanged.sentTag).toMatch(/^"[\w-]+"$/);
  await expect(totalInvested(page)).toContainText('$89.50');
  // The 304 answered the figures held: the read did not fail.
  await expect(page.getByText(EXPENSES_TEXTS.loadFailed)).toHaveCount(0);

  // A repair saved elsewhere (another tab, another device): the next visit shows it.
  await addRecord(page.request, 'repair', {
    vehicleId: civic.id,
    category: 'Brakes',
    title: 'Front brake pads',
    cost: 320,
    date: `${THIS_YEAR}-01-03`,
    isCompleted: true,
  });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const changed = await openExpenses(page);
  expect(changed.status).toBe(200);
  expect(changed.sentTag).toBe(unchanged.sentTag);
  await expect(totalInvested(page)).toContainText('$409.50');
});
