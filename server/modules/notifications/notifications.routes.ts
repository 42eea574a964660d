/**
 * The notification calls of decision 054 (HTTP only; the rules live in notifications.service):
 * the signed-in user's settings and 'Send a test', and the unsubscribe link every message
 * carries, which works without a session.
 */
import { messageSchema } from '@contract/schemas/accounts';
import {
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationTestSchema,
  oneClickUnsubscribeSchema,
  unsubscribeParamsSchema,
  unsubscribeQuerySchema,
} from '@contract/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireSessionUser, requireUserId } from '../../plugins/session';
import type { NotificationsService } from './notifications.service';

const TAGS = ['Notifications'];

const settingsRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/user/notifications',
      {
        schema: {
          summary:
            'Answers where and when reminders go (the defaults until the first save), with the newest deliveries.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: notificationSettingsSchema },
        },
      },
      async (request) => notifications.getSettings(requireSessionUser(request)),
    );

    app.patch(
      '/api/user/notifications',
      {
        config: { ruleAnswers: [409] },
        schema: {
          summary:
            'Changes any of the notification settings; what is left out stays. A webhook saved without a secret gets one. An ntfy or webhook address on a private network is refused (400) unless the server allows them. E-mail needs a server that sends mail (409).',
          tags: TAGS,
          security: SIGNED_IN,
          body: notificationSettingsUpdateSchema,
          response: { 200: notificationSettingsSchema },
        },
      },
      async (request) => notifications.updateSettings(requireSessionUser(request), request.body),
    );

    app.post(
      '/api/user/notifications/test',
      {
        config: { ruleAnswers: [409, 429] },
        schema: {
          summary:
            'Sends a test message through one channel with the saved settings, and lists it among the deliveries.',
          tags: TAGS,
          security: SIGNED_IN,
          body: notificationTestSchema,
          response: {
            200: messageSchema.describe('Sent: `message` says where it went.'),
            502: messageSchema.describe(
              'The channel did not take the message: `message` gives the status it answered, or says that its address could not be reached or is private.',
            ),
          },
        },
      },
      async (request) => notifications.sendTest(requireSessionUser(request), request.body.channel),
    );
  };

/** The unsubscribe page of the web app, which a person clicking the link is sent to. */
const UNSUBSCRIBE_PAGE = '/unsubscribe';

const unsubscribeRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` form-encoded. Only these routes
    // read forms; the rest of the API takes JSON.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    app.get(
      '/api/unsubscribe/:key',
      {
        schema: {
          summary:
            'Opens the unsubscribe page for a link clicked in a message; a GET changes nothing, since mail scanners open links.',
          tags: TAGS,
          params: unsubscribeParamsSchema,
          querystring: unsubscribeQuerySchema,
          response: { 302: z.null().describe('To the unsubscribe page, which asks to confirm.') },
        },
      },
      async (request, reply) => {
        const query = new URLSearchParams({
          key: request.params.key,
          channel: request.query.channel,
        });
        return reply.redirect(`${UNSUBSCRIBE_PAGE}?${query}`);
      },
    );

    app.post(
      '/api/unsubscribe/:key',
      {
        schema: {
          summary:
            'Turns off the e-mail reminders of the user whose unsubscribe link this is, without signing in (RFC 8058 one-click); ntfy, the webhook and every other setting stay. The link is for `channel=email` only.',
          tags: TAGS,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          params: unsubscribeParamsSchema,
          querystring: unsubscribeQuerySchema,
          body: oneClickUnsubscribeSchema,
          response: {
            200: messageSchema,
            404: messageSchema.describe(
              'No unsubscribe link has this key, or the link names another channel than e-mail.',
            ),
          },
        },
      },
      async (request) => notifications.unsubscribe(request.params.key, request.query.channel),
    );
  };

export const notificationsRoutes =
  ({ notifications }: { notifications: NotificationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(settingsRoutes(notifications));
    await app.register(unsubscribeRoutes(notifications));
  };
