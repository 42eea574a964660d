/**
 * Payments for Premium (D13, D36). 'Upgrade Now' asks for the payment page: the Stripe Payment
 * Link with the user's id as `client_reference_id` and the e-mail prefilled, the pending time
 * recorded. Stripe then tells us what happened through its signed webhook, which sets the plan:
 * `checkout.session.completed` (matched by `client_reference_id`) makes the user Premium, and
 * `customer.subscription.updated|deleted` keep the plan and its expiry in step with Stripe.
 */
import { PAYMENT_MESSAGES } from '@contract/subscription';
import Stripe from 'stripe';
import { AppError, badRequest, unauthorized } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import {
  applyPlanChange,
  markSubscriptionPending,
  type PlanChange,
  type SubscriptionOwner,
} from './payments.repository';

/**
 * Stripe's own default: an event signed more than 5 minutes ago is refused (replay defence), and
 * so is one signed more than 5 minutes ahead of our clock.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Whether the signature is dated further ahead than the tolerance. Stripe's check measures only
 * the age of a signature, so one dated an hour ahead would be replayable for an hour and five
 * minutes; a sender's clock a little ahead of ours is still taken.
 */
function isDatedAhead(signature: string): boolean {
  const timestamp = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1]);
  return Number.isFinite(timestamp) && timestamp - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS;
}

/** Subscription states in which the customer keeps Premium (past_due: Stripe is still retrying). */
const PREMIUM_STATES = new Set(['active', 'trialing', 'past_due']);

type Log = { info: (object: object, message: string) => void };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromUnixSeconds = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The end of the paid period: on the subscription's items since Stripe's 2025 API versions. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const itemEnds = subscription.items?.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  if (itemEnds?.length) return fromUnixSeconds(Math.max(...itemEnds));
  const legacyEnd = (subscription as { current_period_end?: number }).current_period_end;
  return fromUnixSeconds(legacyEnd);
}

/** What one event means for the plan, and whose plan it is; null for events we do not use. */
export function planChangeOf(
  event: Stripe.Event,
): { owner: SubscriptionOwner; change: PlanChange } | null {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = Number(session.client_reference_id);
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      return {
        owner: { userId },
        change: {
          status: 'premium',
          // The subscription's events bring the end of the period.
          expiresAt: null,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          eventAt,
        },
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const isPremium =
        event.type === 'customer.subscription.updated' && PREMIUM_STATES.has(subscription.status);
      const customerId = idOf(subscription.customer);
      return {
        owner: { customerId, subscriptionId: subscription.id },
        change: {
          status: isPremium ? 'premium' : 'free',
          expiresAt: isPremium
            ? periodEndOf(subscription)
            : (fromUnixSeconds(subscription.ended_at) ?? eventAt),
          customerId,
          subscriptionId: subscription.id,
          eventAt,
        },
      };
    }
    default:
      return null;
  }
}

export function createPaymentsService({
  db,
  config,
  log,
}: {
  db: Db;
  config: Pick<Config, 'paymentLinkUrl' | 'stripeWebhookSecret'>;
  log: Log;
}) {
  return {
    /** `POST /api/prepare-subscription` (D13, D36): the payment page for this user. */
    async prepareSubscription(userId: number): Promise<{ url: string }> {
      if (!config.paymentLinkUrl) throw new AppError(503, PAYMENT_MESSAGES.upgradesUnavailable);
      const user = await markSubscriptionPending(db, userId);
      if (!user) throw unauthorized();
      const url = new URL(config.paymentLinkUrl);
      url.searchParams.set('client_reference_id', String(userId));
      url.searchParams.set('prefilled_email', user.email);
      return { url: url.toString() };
    },

    /**
     * `POST /api/billing/webhook` (D13): verifies the signature over the raw body, then applies
     * the event. Anything unsigned, wrongly signed, too old or dated ahead is a 400 and changes
     * nothing.
     */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!config.stripeWebhookSecret)
        throw new AppError(503, PAYMENT_MESSAGES.webhookUnconfigured);
      if (!signature || isDatedAhead(signature)) throw badRequest(PAYMENT_MESSAGES.badSignature);
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.stripeWebhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw badRequest(PAYMENT_MESSAGES.badSignature);
      }
      const planChange = planChangeOf(event);
      if (!planChange) {
        log.info({ eventId: event.id, type: event.type }, 'Stripe event not used');
        return;
      }
      const matched = await applyPlanChange(db, planChange.owner, planChange.change);
      log.info(
        { eventId: event.id, type: event.type, matched, status: planChange.change.status },
        'Stripe event applied',
      );
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
