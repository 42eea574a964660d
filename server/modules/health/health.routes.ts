/**
 * `GET /healthz`: answers 200 only when the database answers too, for load balancers, with the
 * figures an operator watches (docs/operations.md): how many users' reminders could not be judged
 * on their last look (decision 062).
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/open';

export const healthRoutes =
  (db: Db, figures: { failingReminderUsers: () => Promise<number> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'Answers whether the server and its database are up (for load balancers).',
          tags: ['Health'],
          response: {
            200: z.object({
              status: z.literal('ok'),
              database: z.literal('ok'),
              reminders: z.object({
                /** Users skipped on their last reminder look because their data threw. */
                failingUsers: z.number().int(),
              }),
            }),
            503: z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') }),
          },
        },
      },
      async (request, reply) => {
        try {
          await db.execute(sql`select 1`);
          const failingUsers = await figures.failingReminderUsers();
          return { status: 'ok', database: 'ok', reminders: { failingUsers } } as const;
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
        }
      },
    );
  };
