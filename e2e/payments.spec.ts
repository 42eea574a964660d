/**
 * Premium, bought and confirmed (D12, D13, D36): 'Upgrade Now' opens the payment page in a new
 * tab with the user's reference and e-mail, Stripe's signed webhook makes the user Premium, and
 * the same user can then add a second vehicle; Account Settings › Plan shows each state.
 */
import Stripe from 'stripe';
import { expect, saveScreenshot, test } from './fixtures';
import { postCreated, signUp } from './scene';

function signedCheckout(userId: number, secret: string) {
  const payload = JSON.stringify({
    id: `evt_e2e_${userId}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_e2e_${userId}`,
        object: 'checkout.session',
        client_reference_id: String(userId),
        customer: `cus_e2e_${userId}`,
        subscription: `sub_e2e_${userId}`,
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
      },
    },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

test('a free user upgrades: the payment tab, the signed webhook, then a second vehicle', async ({
  page,
}, testInfo) => {
  // Two visits to Account Settings, a payment tab and a vehicle added: a long walk.
  test.setTimeout(60_000);
  const { account, user } = await signUp(page.request, { plan: 'free' });
  const userId = user.id;
  await postCreated(page.request, '/api/vehicles', { year: 2019, make: 'Honda', model: 'Civic' });

  // Account Settings › Plan: the free plan, its use, and the way up.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Plan' }).click();
  const plan = page.getByTestId('plan-settings');
  await expect(plan).toContainText('Free');
  await expect(page.getByTestId('plan-vehicles')).toHaveText('1 of 1 vehicle');
  await expect(page.getByTestId('plan-records')).toHaveText('0 of 1 record');
  await saveScreenshot(page, 'account-plan-free', testInfo.project.name);

  // 'Upgrade Now' opens the tab inside the click, then sends it to the prepared payment page.
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  const popupOpened = page.waitForEvent('popup');
  await upgrade.getByRole('button', { name: 'Upgrade Now' }).click();
  const paymentTab = await popupOpened;
  await expect.poll(() => paymentTab.url()).toContain('/test-payment-link');
  const paymentUrl = new URL(paymentTab.url());
  expect(paymentUrl.searchParams.get('client_reference_id')).toBe(String(userId));
  expect(paymentUrl.searchParams.get('prefilled_email')).toBe(account.email);
  await paymentTab.close();

  // Stripe confirms the payment: the signed event makes the user Premium.
  const secret = process.env.E2E_STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error('E2E_STRIPE_WEBHOOK_SECRET is not set');
  const forged = signedCheckout(userId, 'whsec_not_ours');
  const refused = await page.request.post('/api/billing/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature },
    data: forged.payload,
  });
  expect(refused.status()).toBe(400);
  const event = signedCheckout(userId, secret);
  const accepted = await page.request.post('/api/billing/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    data: event.payload,
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The same user now adds a second vehicle through the dialog.
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await expect(dialog).toBeVisible();
  await expect(upgrade).toHaveCount(0);
  const form = dialog.getByRole('form', { name: 'Add vehicle' });
  for (const [label, option] of [
    ['Year', '2022'],
    ['Make', 'Ford'],
    ['Model', 'Bronco'],
  ] as const) {
    await form.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).focus();
    await page.keyboard.press('Enter');
  }
  await form.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vehicle-card')).toHaveCount(2);

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Plan' }).click();
  await expect(plan).toContainText('Premium');
  await expect(page.getByTestId('plan-period')).toHaveText('$9.99/month · active');
  await expect(page.getByTestId('plan-vehicles')).toHaveText('2 vehicles · unlimited');
  await saveScreenshot(page, 'account-plan-premium', testInfo.project.name);
});
