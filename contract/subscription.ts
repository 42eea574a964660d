/**
 * The free and Premium plans (001 §1, §9, D12, D13, D36): their limits, the answer of
 * `GET /api/subscription/status`, the 402 a create past the free plan gets, and the upgrade
 * dialog's copy.
 */
import type { z } from 'zod';
import type { PLANS } from './rules/subscription';
import type {
  prepareSubscriptionResponseSchema,
  subscriptionStatusSchema,
} from './schemas/subscription';

export type Plan = (typeof PLANS)[number];

/** 001 §9: the free plan allows 1 vehicle and 1 record (the three kinds counted together, D12). */
export const FREE_PLAN_LIMITS = { vehicles: 1, records: 1 } as const;
const PREMIUM_PRICE = '$9.99';
export const PLAN_LIMIT_CODE = 'PLAN_LIMIT';

export const PLAN_MESSAGES = {
  vehicleLimit: 'The free plan includes 1 vehicle. Upgrade to Premium to add unlimited vehicles.',
  recordLimit: 'The free plan includes 1 record. Upgrade to Premium to add unlimited records.',
} as const;
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export type PrepareSubscriptionResponse = z.infer<typeof prepareSubscriptionResponseSchema>;

export const PAYMENT_MESSAGES = {
  /** D36: no payment link is configured on this server. */
  upgradesUnavailable: 'Upgrades are not available on this server.',
  webhookUnconfigured: 'Payment notifications are not configured on this server.',
  badSignature: 'The Stripe signature of this event is missing or invalid.',
} as const;

/** 001 §4: the upgrade dialog, Free against Premium. */
export const UPGRADE_DIALOG = {
  title: 'Upgrade to Premium',
  description: 'You have reached the limit of the free plan. Upgrade to keep your whole garage.',
  upgradeNow: 'Upgrade Now',
  maybeLater: 'Maybe Later',
  free: { name: 'Free', price: '$0', features: ['1 vehicle', '1 record', 'Expense overview'] },
  premium: {
    name: 'Premium',
    price: `${PREMIUM_PRICE}/month`,
    features: ['Unlimited vehicles', 'Unlimited records', 'Priority support', 'Advanced analytics'],
  },
} as const;
