/** The account screens have no serious or critical accessibility violations (axe). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { registerViaApi } from './accounts-helpers';
import { expect, test } from './fixtures';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('/auth, both tabs', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto('/auth?tab=register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('/account, every tab', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/account');
  for (const tab of ['Profile', 'Security', 'Data']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page);
  }
});
