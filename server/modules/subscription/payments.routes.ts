/** The payment calls of D13 and D36 (HTTP only; the rules live in payments.service). */
import {
  prepareSubscriptionResponseSchema,
  webhookReceiptSchema,
} from '@contract/schemas/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireUserId } from '../../plugins/session';
import type { PaymentsService } from './payments.service';

/**
 * Stripe's events carry whole objects (a checkout session with its line items, a subscription
 * with its items), which can pass the API's JSON limit; they are signed, and checked before
 * anything is parsed, so a larger limit costs no parsing of a stranger's body.
 */
const WEBHOOK_BODY_LIMIT_BYTES = 1_048_576;

export const paymentsRoutes =
  ({ payments }: { payments: PaymentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/prepare-subscription',
      {
        schema: {
          summary: 'Prepares the upgrade to Premium: answers where to pay.',
          tags: ['Subscription'],
          security: SIGNED_IN,
          response: { 200: prepareSubscriptionResponseSchema },
        },
      },
      async (request) => payments.prepareSubscription(requireUserId(request)),
    );

    // Stripe signs the exact bytes it sent: this route alone reads its JSON body raw.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/api/billing/webhook',
        {
          bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
          schema: {
            summary: "The payment provider's signed notices (not for scripts).",
            tags: ['Subscription'],
            response: { 200: webhookReceiptSchema },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          await payments.receiveWebhook(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const };
        },
      );
    });
  };
