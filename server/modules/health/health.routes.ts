/** `GET /healthz`: answers 200 only when the database answers too, for load balancers. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/open';

export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'Answers whether the server and its database are up (for load balancers).',
          tags: ['Health'],
          response: {
            200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
            503: z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') }),
          },
        },
      },
      async (request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: 'ok', database: 'ok' } as const;
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
        }
      },
    );
  };
