/** The record calls of 001 §7 (HTTP only; the rules live in records.service). */
import { upcomingItemsSchema } from '@contract/records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/open';
import { requireUserId } from '../../plugins/session';
import { createRecordsService } from './records.service';

export const recordsRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const records = createRecordsService({ db });

    /** D18: the user's open records of every kind, soonest due first. */
    app.get(
      '/api/upcoming-maintenance',
      { schema: { response: { 200: upcomingItemsSchema } } },
      async (request) => records.listUpcomingItems(requireUserId(request)),
    );
  };
