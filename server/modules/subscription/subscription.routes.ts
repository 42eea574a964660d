/** The plan calls of 001 §7 (HTTP only; the rules live in subscription.service). */
import { subscriptionStatusSchema } from '@contract/schemas/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireUserId } from '../../plugins/session';
import type { SubscriptionService } from './subscription.service';

export const subscriptionRoutes =
  ({ subscription }: { subscription: SubscriptionService }): FastifyPluginAsyncZod =>
  async (app) => {
    /** D12, D36: what the user's plan allows, read before every add (001 §4). */
    app.get(
      '/api/subscription/status',
      {
        schema: {
          summary: "Answers the user's plan and what it still allows.",
          tags: ['Subscription'],
          security: SIGNED_IN,
          response: { 200: subscriptionStatusSchema },
        },
      },
      async (request) => subscription.getStatus(requireUserId(request)),
    );
  };
