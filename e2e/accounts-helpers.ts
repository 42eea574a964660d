/**
 * Accounts in browser tests: fresh users (a unique e-mail each, so tests never share state),
 * registering or signing in through the forms or straight through the API, and the toast that
 * answered. Other specs reuse these to start signed in.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '../contract/accounts';
import { expect } from './fixtures';

export type TestAccount = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct-horse-1',
    ...overrides,
  };
}

/**
 * Registers through the API. Pass `page.request` to sign the page's browser in as well (it
 * shares the page's cookies); pass the `request` fixture for an account the page does not use.
 */
export async function registerViaApi(
  request: APIRequestContext,
  overrides: Partial<TestAccount> = {},
): Promise<{ account: TestAccount; user: User }> {
  const account = newAccount(overrides);
  const response = await request.post('/api/register', { data: { ...account, authType: 'local' } });
  expect(response.status(), await response.text()).toBe(201);
  return { account, user: (await response.json()) as User };
}

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

/** The toast on screen, found by its exact title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  const toast = region.getByRole('listitem').filter({ hasText: title }).first();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }
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
