/** The account screens have no serious or critical accessibility violations (axe). */
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './scene';

test('/auth, both tabs', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto('/auth?tab=register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('/account, every tab', async ({ page }) => {
  await signUp(page.request);
  await page.goto('/account');
  // The Notifications tab is "Alerts" on a phone, where six full labels do not fit.
  for (const tab of ['Profile', 'Security', 'Plan', /^(Notifications|Alerts)$/, 'Data']) {
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

test('the tabs follow the keyboard: arrows along their orientation, wrapping, Home and End', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signUp(page.request);
  await page.goto('/account');
  // Beside the sections on a wide screen, the tabs stand in a column.
  const list = page.getByRole('tablist', { name: 'Account settings sections' });
  await expect(list).toHaveAttribute('aria-orientation', 'vertical');
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('Profile').focus();
  await page.keyboard.press('ArrowDown');
  await expect(tab('Security')).toBeFocused();
  await expect(tab('Security')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute(
    'aria-labelledby',
    (await tab('Security').getAttribute('id')) ?? '',
  );
  await page.keyboard.press('ArrowRight');
  await expect(tab('Security')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tab('Data')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(tab('Data')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('Profile')).toBeFocused();
  // Only the chosen tab is in the tab order; Tab goes on to its panel.
  await expect(tab('Security')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel')).toBeFocused();
});
