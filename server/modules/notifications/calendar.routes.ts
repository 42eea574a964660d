/**
 * The calendar feed's calls (decision 054; HTTP only, the rules live in calendar.service): the
 * signed-in user's link under `/api/user/calendar-token`, and the feed itself at
 * `/calendar/{token}.ics`, outside `/api` so that no session is read for it and the token opens
 * nothing else.
 */
import {
  calendarFeedParamsSchema,
  calendarTokenSchema,
  createdCalendarTokenSchema,
} from '@contract/schemas/calendar';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../app-error';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireUserId } from '../../plugins/session';
import type { CalendarService } from './calendar.service';

const TAGS = ['Calendar'];
const TOKEN_PATH = '/api/user/calendar-token';

/** Signed-in only, said before anything else (the feed shares this scope and is public). */
const signedInOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireUserId(request);
  },
};

export const calendarRoutes =
  ({ calendar }: { calendar: CalendarService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      TOKEN_PATH,
      {
        ...signedInOnly,
        schema: {
          summary: 'Says whether a calendar feed link exists, and when it was made.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: calendarTokenSchema },
        },
      },
      async (request) => calendar.readCalendarToken(requireUserId(request)),
    );

    app.post(
      TOKEN_PATH,
      {
        ...signedInOnly,
        schema: {
          summary:
            'Makes a new secret calendar feed link, replacing any earlier one (which stops working). The answer is the only time the link is shown.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 201: createdCalendarTokenSchema },
        },
      },
      async (request, reply) => {
        const created = await calendar.createCalendarToken(requireUserId(request));
        return reply.status(201).send(created);
      },
    );

    app.delete(
      TOKEN_PATH,
      {
        ...signedInOnly,
        schema: {
          summary: 'Turns the calendar feed off: its link stops working.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 204: z.null().meta({ description: 'Turned off.' }) },
        },
        config: { ruleAnswers: [404] },
      },
      async (request, reply) => {
        await calendar.revokeCalendarToken(requireUserId(request));
        return reply.status(204).send(null);
      },
    );

    /** The feed a calendar app subscribes to: the token in its path is its only credential. */
    app.get('/calendar/:token.ics', async (request, reply) => {
      const params = calendarFeedParamsSchema.safeParse(request.params);
      // A token of the wrong shape is as unknown as any other: the same plain 404.
      if (!params.success) throw notFound();
      const feed = await calendar.readCalendarFeed(params.data.token);
      return reply
        .header('cache-control', 'no-store')
        .type('text/calendar; charset=utf-8')
        .send(feed);
    });
  };
