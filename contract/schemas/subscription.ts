/**
 * The zod schemas of `subscription.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import { PLANS } from '../rules/subscription';

/** D12 and D36: `GET /api/subscription/status`. A null limit means unlimited. */
export const subscriptionStatusSchema = z.object({
  plan: z.enum(PLANS),
  canAddVehicle: z.boolean(),
  canAddRecord: z.boolean(),
  vehicleCount: z.number(),
  recordCount: z.number(),
  limits: z.object({ vehicles: z.number().nullable(), records: z.number().nullable() }),
  /** When Premium lapses (D13), ISO time; null on the free plan. */
  expiresAt: z.string().nullable(),
  /** D36: the payment link, null when the server has none. */
  paymentLinkUrl: z.string().nullable(),
  /**
   * Decision 041: the bytes the user's files take as stored (each file with a photo's two
   * copies) and the most the user's plan lets them take.
   */
  storage: z.object({ usedBytes: z.number(), quotaBytes: z.number() }),
});

/** D13, D36: `POST /api/prepare-subscription` answers the payment page for this user. */
export const prepareSubscriptionResponseSchema = z.object({ url: z.string() });

/** D13: what Stripe's webhook call answers when it is taken. */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });
