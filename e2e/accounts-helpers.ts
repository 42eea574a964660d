/**
 * Accounts through the forms in browser tests: registering and signing in as a person does, and
 * forgiving the HTTP errors a test provokes on purpose.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { newAccount, type TestAccount } from './scene';

/** Opens /auth on the Sign Up tab, fills the form and submits it; lands on /dashboard. */
export async function registerViaUi(
  page: Page,
  overrides: Partial<TestAccount> = {},
): Promise<TestAccount> {
  const account = newAccount(overrides);
  await page.goto('/auth?tab=register');
  await fillRegisterForm(page, { ...account, confirmPassword: account.password });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

export async function fillRegisterForm(
  page: Page,
  values: Partial<TestAccount & { confirmPassword: string }>,
) {
  const form = page.getByRole('form', { name: 'Create account' });
  if (values.firstName !== undefined) await form.getByLabel('First Name').fill(values.firstName);
  if (values.lastName !== undefined) await form.getByLabel('Last Name').fill(values.lastName);
  if (values.email !== undefined) await form.getByLabel('Email').fill(values.email);
  if (values.password !== undefined) {
    await form.getByLabel('Password', { exact: true }).fill(values.password);
  }
  if (values.confirmPassword !== undefined) {
    await form.getByLabel('Confirm Password').fill(values.confirmPassword);
  }
}

/** Fills and submits the Login tab of /auth (the page must already show it). */
export async function submitLoginForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the Login tab of /auth; lands on /dashboard. */
export async function signInViaUi(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.goto('/auth');
  await submitLoginForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Chromium logs every 4xx answer as a console error ("Failed to load resource: … status of
 * 401"). A test that provokes one on purpose (a wrong password) takes exactly those entries out
 * of the fixture's list, so any other console error still fails it.
 */
export function forgiveHttpErrors(consoleErrors: string[], status: number) {
  const expected = `status of ${status}`;
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (consoleErrors[index]?.includes(expected)) consoleErrors.splice(index, 1);
  }
}
