/**
 * Setting a scene through the real API, as a user would have built it: an account on a plan,
 * and the vehicles and records it holds.
 */
import type { APIRequestContext } from '@playwright/test';
import { registerViaApi, type TestAccount } from './accounts-helpers';
import { setSubscriptionStatus, userIdByEmail } from './database';
import { expect } from './fixtures';

/** Registers a user (the context keeps its cookie) and puts them on `plan` (D12, D13). */
export async function signUpWithPlan(
  request: APIRequestContext,
  plan: 'free' | 'premium',
  overrides: Partial<TestAccount> = {},
): Promise<TestAccount> {
  const { account } = await registerViaApi(request, overrides);
  if (plan === 'premium') await setSubscriptionStatus(await userIdByEmail(account.email), plan);
  return account;
}

/** POSTs `data` to `path`, expects 201 Created and answers the created thing. */
export async function postCreated(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
) {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}
