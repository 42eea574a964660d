/** The account screens have no serious or critical accessibility violations (axe). */
import { registerViaApi } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';

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
  for (const tab of ['Profile', 'Security', 'Plan', 'Data']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page);
  }
});

test('a clicked tab shows no keyboard ring; a tab reached by keyboard does', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await page.goto('/auth');
  const signUp = page.getByRole('tab', { name: 'Sign Up' });
  const login = page.getByRole('tab', { name: 'Login' });
  // ring-2 with ring-offset-1: a shadow spreading 3 px around the tab.
  const keyboardRing = /\) 0px 0px 0px 3px/;
  const shadowOf = (tab: typeof signUp) =>
    tab.evaluate((element) => getComputedStyle(element).boxShadow);
  await signUp.click();
  await expect(signUp).toBeFocused();
  expect(await shadowOf(signUp)).not.toMatch(keyboardRing);
  await page.keyboard.press('ArrowLeft');
  await expect(login).toBeFocused();
  await expect.poll(() => shadowOf(login)).toMatch(keyboardRing);
});
