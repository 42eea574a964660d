/**
 * D10 in the browser: 'More Sign-In Options' through a real OpenID Connect provider
 * (oidc-provider, started by global-setup.ts) and back, and what an externally managed account
 * sees in Account Settings.
 */
import type { Page } from '@playwright/test';
import { CONTROL_PATH, type ProviderAccount } from '../server/test/oidc-provider';
import { expect, saveScreenshot, test } from './fixtures';
import { expectToast, signUp, uniqueEmail } from './scene';

/** Gives the provider an account to sign in as. */
async function addProviderAccount(subject: string, account: ProviderAccount) {
  const response = await fetch(`${process.env.E2E_OIDC_ISSUER}${CONTROL_PATH}`, {
    method: 'POST',
    body: JSON.stringify({ subject, account }),
  });
  expect(response.ok).toBe(true);
}

/** On the provider's sign-in page: who the person is. */
async function signInAtProvider(page: Page, subject: string) {
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('signs in through the provider and shows the provider card in Security', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('sso');
  await addProviderAccount(`sub-${email}`, {
    email,
    given_name: 'Katherine',
    family_name: 'Johnson',
    preferred_username: 'katherine',
  });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'More Sign-In Options' }).click();
  await signInAtProvider(page, `sub-${email}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Katherine' })).toBeVisible();

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Last login: \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(
    page.getByText(/Password management is handled by your authentication provider/),
  ).toBeVisible();
  // No password form for an externally managed account.
  await expect(page.getByRole('button', { name: 'Update Password' })).toHaveCount(0);
  const manage = page.getByRole('link', { name: /Manage Provider Account/ });
  await expect(manage).toHaveAttribute('href', `${process.env.E2E_OIDC_ISSUER}/account`);
  await expect(manage).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await saveScreenshot(page, 'account-security-provider', testInfo.project.name);

  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page.getByText(/Your sign-in provider account stays active/)).toBeVisible();
});

test('refuses to sign in through the provider with the e-mail of a local account', async ({
  page,
  request,
}) => {
  const { account } = await signUp(request);
  await addProviderAccount(`sub-${account.email}`, { email: account.email });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'More Sign-In Options' }).click();
  await signInAtProvider(page, `sub-${account.email}`);
  await expectToast(
    page,
    'Sign-in failed',
    'An account with this email already exists. Sign in with your email and password instead.',
  );
  await expect(page).toHaveURL(/\/auth$/);
});

test('More Sign-Up Options uses the same provider', async ({ page }) => {
  const email = uniqueEmail('sso-signup');
  await addProviderAccount(`sub-${email}`, { email, given_name: 'Mary' });
  await page.goto('/auth?tab=register');
  await page.getByRole('button', { name: 'More Sign-Up Options' }).click();
  await signInAtProvider(page, `sub-${email}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Mary' })).toBeVisible();
});
