/**
 * Payments on a real database (D13, D36): the payment page 'Upgrade Now' is sent to, and Stripe's
 * webhook verified with the real `stripe` library over payloads it signs as Stripe does: the
 * events that set the plan, replays and late events, and every way a forged call is refused.
 */

import { subscriptionStatusSchema } from '@contract/schemas/subscription';
import { PAYMENT_MESSAGES } from '@contract/subscription';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vehicles } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, postVehicle } from '../../test/factory';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SECRET = 'whsec_test_garage_ledger';
const PAYMENT_LINK = 'https://buy.stripe.com/test_premium?locale=en';
const GENEROUS_AUTH = { AUTH_MAX_ATTEMPTS: '100000' };
const DAY_S = 24 * 60 * 60;

let paying: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  paying = await createTestApp({
    ...GENEROUS_AUTH,
    PAYMENT_LINK_URL: PAYMENT_LINK,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  unconfigured = await createTestApp(GENEROUS_AUTH);
});
afterAll(async () => {
  await paying?.close();
  await unconfigured?.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
let eventNumber = 0;

/** A Stripe event as its webhook delivers it. */
function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  eventNumber += 1;
  return {
    id: `evt_test_${eventNumber}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function checkoutCompleted(userId: number | string, created?: number) {
  return stripeEvent(
    'checkout.session.completed',
    {
      id: `cs_test_${eventNumber}`,
      object: 'checkout.session',
      client_reference_id: String(userId),
      customer: `cus_${userId}`,
      subscription: `sub_${userId}`,
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
    },
    created,
  );
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  userId: number,
  fields: { status: string; periodEnd?: number; endedAt?: number | null },
  created?: number,
) {
  return stripeEvent(
    type,
    {
      id: `sub_${userId}`,
      object: 'subscription',
      customer: `cus_${userId}`,
      status: fields.status,
      ended_at: fields.endedAt ?? null,
      items: {
        object: 'list',
        data: [
          { id: `si_${userId}`, object: 'subscription_item', current_period_end: fields.periodEnd },
        ],
      },
    },
    created,
  );
}

/** Delivers `event` as Stripe does: the raw JSON and its `Stripe-Signature` header. */
function deliver(
  testApp: TestApp,
  event: object,
  { secret = SECRET, signature }: { secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret })
      : signature;
  return testApp.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

async function planColumns(testApp: TestApp, userId: number) {
  const [row] = await testApp.database.db
    .select({
      status: users.subscriptionStatus,
      expiresAt: users.subscriptionExpiresAt,
      customerId: users.stripeCustomerId,
      subscriptionId: users.stripeSubscriptionId,
      pendingAt: users.subscriptionPendingAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function status(testApp: TestApp, user: SignedInUser) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/subscription/status',
    headers: { cookie: user.cookie },
  });
  return subscriptionStatusSchema.parse(response.json());
}

describe('POST /api/prepare-subscription', () => {
  it('answers the payment link for this user and records the pending upgrade', async () => {
    const user = await newUser(paying);
    const response = await paying.app.inject({
      method: 'POST',
      url: '/api/prepare-subscription',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://buy.stripe.com/test_premium');
    expect(url.searchParams.get('locale')).toBe('en');
    expect(url.searchParams.get('client_reference_id')).toBe(String(user.id));
    expect(url.searchParams.get('prefilled_email')).toBe(user.email);
    expect((await planColumns(paying, user.id)).pendingAt).toBeInstanceOf(Date);
  });

  it('answers 401 signed out and 503 with a message when the server has no payment link', async () => {
    const signedOut = await paying.app.inject({ method: 'POST', url: '/api/prepare-subscription' });
    expect(signedOut.statusCode).toBe(401);

    const user = await newUser(unconfigured);
    const response = await unconfigured.app.inject({
      method: 'POST',
      url: '/api/prepare-subscription',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.upgradesUnavailable });
    expect((await planColumns(unconfigured, user.id)).pendingAt).toBeNull();
  });
});

describe('POST /api/billing/webhook', () => {
  it('makes the buyer Premium on checkout, lifting both limits at once', async () => {
    const user = await newUser(paying);
    expect((await postVehicle(paying, user, { model: 'Civic' })).statusCode).toBe(201);
    expect((await postVehicle(paying, user, { model: 'Accord' })).statusCode).toBe(402);

    const response = await deliver(paying, checkoutCompleted(user.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await planColumns(paying, user.id)).toMatchObject({
      status: 'premium',
      customerId: `cus_${user.id}`,
      subscriptionId: `sub_${user.id}`,
      pendingAt: null,
    });
    expect(await status(paying, user)).toMatchObject({
      plan: 'premium',
      canAddVehicle: true,
      canAddRecord: true,
    });
    expect((await postVehicle(paying, user, { model: 'Accord' })).statusCode).toBe(201);
  });

  it('keeps the expiry in step with the subscription, and a lapse keeps what the user has', async () => {
    const user = await newUser(paying);
    const start = nowSeconds() - 60;
    expect((await deliver(paying, checkoutCompleted(user.id, start))).statusCode).toBe(200);
    const periodEnd = nowSeconds() + 30 * DAY_S;
    const renewed = subscriptionEvent(
      'customer.subscription.updated',
      user.id,
      { status: 'active', periodEnd },
      start + 1,
    );
    expect((await deliver(paying, renewed)).statusCode).toBe(200);
    expect((await planColumns(paying, user.id)).expiresAt?.getTime()).toBe(periodEnd * 1000);
    expect(await status(paying, user)).toMatchObject({
      plan: 'premium',
      expiresAt: new Date(periodEnd * 1000).toISOString(),
    });
    for (const model of ['Civic', 'Accord', 'Pilot']) {
      expect((await postVehicle(paying, user, { model })).statusCode).toBe(201);
    }

    const cancelled = subscriptionEvent(
      'customer.subscription.deleted',
      user.id,
      { status: 'canceled', endedAt: start + 2 },
      start + 2,
    );
    expect((await deliver(paying, cancelled)).statusCode).toBe(200);
    expect(await status(paying, user)).toMatchObject({
      plan: 'free',
      canAddVehicle: false,
      vehicleCount: 3,
    });
    // Nothing the user has is deleted or hidden; only adding more waits for an upgrade.
    const list = await paying.app.inject({
      method: 'GET',
      url: '/api/vehicles',
      headers: { cookie: user.cookie },
    });
    expect(list.json()).toHaveLength(3);
    expect((await postVehicle(paying, user, { model: 'Odyssey' })).statusCode).toBe(402);
  });

  it('treats an unpaid subscription as the free plan', async () => {
    const user = await newUser(paying);
    const start = nowSeconds() - 60;
    await deliver(paying, checkoutCompleted(user.id, start));
    const unpaid = subscriptionEvent(
      'customer.subscription.updated',
      user.id,
      { status: 'unpaid', periodEnd: nowSeconds() + DAY_S },
      start + 1,
    );
    expect((await deliver(paying, unpaid)).statusCode).toBe(200);
    expect((await status(paying, user)).plan).toBe('free');
  });

  it('is harmless when an event is replayed or arrives late', async () => {
    const user = await newUser(paying);
    const start = nowSeconds() - 120;
    const checkout = checkoutCompleted(user.id, start);
    const cancelled = subscriptionEvent(
      'customer.subscription.deleted',
      user.id,
      { status: 'canceled', endedAt: start + 60 },
      start + 60,
    );
    expect((await deliver(paying, checkout)).statusCode).toBe(200);
    expect((await deliver(paying, cancelled)).statusCode).toBe(200);
    const afterCancel = await planColumns(paying, user.id);
    expect(afterCancel.status).toBe('free');

    // The checkout again (a replay) and an older renewal (out of order) change nothing.
    expect((await deliver(paying, checkout)).statusCode).toBe(200);
    const olderRenewal = subscriptionEvent(
      'customer.subscription.updated',
      user.id,
      { status: 'active', periodEnd: nowSeconds() + 30 * DAY_S },
      start + 30,
    );
    expect((await deliver(paying, olderRenewal)).statusCode).toBe(200);
    expect(await planColumns(paying, user.id)).toEqual(afterCancel);
    expect((await status(paying, user)).plan).toBe('free');
  });

  it('refuses unsigned, wrongly signed, tampered and stale events with 400, changing nothing', async () => {
    const user = await newUser(paying);
    const before = await planColumns(paying, user.id);
    const event = checkoutCompleted(user.id);
    const payload = JSON.stringify(event);
    const staleHeader = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: nowSeconds() - 10 * 60,
    });
    const signedForOther = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(checkoutCompleted(999_999)),
      secret: SECRET,
    });

    const attempts = [
      deliver(paying, event, { signature: null }),
      deliver(paying, event, { secret: 'whsec_someone_else' }),
      deliver(paying, event, { signature: 't=1,v1=deadbeef' }),
      deliver(paying, event, { signature: staleHeader }),
      deliver(paying, event, { signature: signedForOther }),
      deliver(paying, event, { signature: 'garbage' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.badSignature });
    }
    expect(await planColumns(paying, user.id)).toEqual(before);
  });

  it('refuses an event signed more than the tolerance ahead of the clock, and takes a small skew', async () => {
    const user = await newUser(paying);
    const before = await planColumns(paying, user.id);
    const event = checkoutCompleted(user.id);
    const signedAt = (secondsAhead: number) =>
      Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(event),
        secret: SECRET,
        timestamp: nowSeconds() + secondsAhead,
      });
    const future = await deliver(paying, event, { signature: signedAt(10 * 60) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ message: PAYMENT_MESSAGES.badSignature });
    expect(await planColumns(paying, user.id)).toEqual(before);
    // A sender's clock a minute ahead of ours is a skew, not a forged date.
    expect((await deliver(paying, event, { signature: signedAt(60) })).statusCode).toBe(200);
    expect((await status(paying, user)).plan).toBe('premium');
  });

  it('takes an event larger than the JSON body limit of the rest of the API', async () => {
    const user = await newUser(paying);
    const event = checkoutCompleted(user.id);
    const large = { ...event, padding: 'x'.repeat(200 * 1024) };
    expect((await deliver(paying, large)).statusCode).toBe(200);
    expect((await status(paying, user)).plan).toBe('premium');
  });

  it('answers 200 to events it does not use, and to a checkout for no known user', async () => {
    const other = stripeEvent('invoice.paid', { id: 'in_test', object: 'invoice' });
    expect((await deliver(paying, other)).statusCode).toBe(200);
    expect((await deliver(paying, checkoutCompleted('not-a-user'))).statusCode).toBe(200);
    expect((await deliver(paying, checkoutCompleted(2_000_000_000))).statusCode).toBe(200);
  });

  it('answers 503 when the server has no webhook secret, and changes nothing', async () => {
    const user = await newUser(unconfigured);
    const response = await deliver(unconfigured, checkoutCompleted(user.id));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.webhookUnconfigured });
    expect((await planColumns(unconfigured, user.id)).status).toBe('free');
  });

  it('leaves the other routes reading JSON as before', async () => {
    const user = await newUser(paying);
    const response = await postVehicle(paying, user, { model: 'Civic' });
    expect(response.statusCode).toBe(201);
    const [row] = await paying.database.db
      .select({ model: vehicles.model })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    expect(row?.model).toBe('Civic');
  });
});
