/** The session and account calls of 000 §7 (HTTP only; the rules live in accounts.service). */
import { EXPORT_FILE_PREFIX } from '@contract/product';
import {
  loginSchema,
  messageSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
  userSchema,
} from '@contract/schemas/accounts';
import { themeInputSchema } from '@contract/schemas/appearance';
import { exportDocumentSchema } from '@contract/schemas/backup';
import { dashboardLayoutInputSchema } from '@contract/schemas/dashboard';
import { preferencesSchema, preferencesUpdateSchema } from '@contract/schemas/units';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { SIGNED_IN } from '../../plugins/api-description';
import {
  clearSessionCookie,
  requireSessionUser,
  requireUserId,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../plugins/session';
import { todayOf } from '../../today';
import { type AccountsService, toUser } from './accounts.service';
import type { SessionsService } from './sessions.service';

/**
 * Signed-in only, said before validation: a signed-out call learns nothing from the body's
 * field messages (these routes share their scope with public ones, so the check is per route).
 */
const signedInOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireUserId(request);
  },
};

const TAGS = ['Accounts'];

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const accountsRoutes =
  ({
    config,
    accounts,
    sessions,
  }: {
    config: Config;
    accounts: AccountsService;
    sessions: SessionsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** A new session replaces whatever session the browser had (rotation on sign-in, D5). */
    async function replaceSession(request: FastifyRequest) {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.endSessionByToken(previous);
    }

    app.get(
      '/api/user',
      {
        ...signedInOnly,
        schema: {
          summary: 'Answers the signed-in user.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: userSchema },
        },
      },
      // The session lookup read the user already: no second query for the first call of a page.
      async (request) => toUser(requireSessionUser(request)),
    );

    app.post(
      '/api/register',
      {
        schema: {
          summary: 'Creates an account and signs it in: the answer sets the session cookie.',
          tags: TAGS,
          body: registerSchema,
          response: { 201: userSchema },
        },
        config: { ruleAnswers: [409, 429] },
      },
      async (request, reply) => {
        const { user, token } = await accounts.register(request.body, clientOf(request));
        await replaceSession(request);
        setSessionCookie(request, reply, config, token, sessions.ttlMs);
        return reply.status(201).send(user);
      },
    );

    app.post(
      '/api/login',
      {
        schema: {
          summary:
            'Signs in with an e-mail address and a password: the answer sets the session cookie.',
          tags: TAGS,
          body: loginSchema,
          response: { 200: userSchema },
        },
        config: { ruleAnswers: [401, 429] },
      },
      async (request, reply) => {
        const { user, token } = await accounts.login(request.body, clientOf(request));
        await replaceSession(request);
        setSessionCookie(request, reply, config, token, sessions.ttlMs);
        return user;
      },
    );

    app.post(
      '/api/logout',
      {
        schema: {
          summary: 'Signs out: ends the session and clears its cookie.',
          tags: TAGS,
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        if (request.session) await sessions.endSession(request.session.sid);
        clearSessionCookie(request, reply, config);
        return { message: 'Logged out' };
      },
    );

    app.patch(
      '/api/user/profile',
      {
        ...signedInOnly,
        schema: {
          summary: "Changes the signed-in user's name or e-mail address.",
          tags: TAGS,
          security: SIGNED_IN,
          body: profileSchema,
          response: { 200: userSchema },
        },
        config: { ruleAnswers: [409] },
      },
      async (request) => accounts.updateProfile(requireUserId(request), request.body),
    );

    app.put(
      '/api/user/dashboard-layout',
      {
        ...signedInOnly,
        schema: {
          summary: 'Saves the order and visibility of the dashboard sections.',
          tags: TAGS,
          security: SIGNED_IN,
          body: dashboardLayoutInputSchema,
          response: { 200: userSchema },
        },
      },
      async (request) =>
        accounts.updateDashboardLayout(requireUserId(request), request.body.sections),
    );

    app.patch(
      '/api/user/theme',
      {
        ...signedInOnly,
        schema: {
          summary: "Chooses light, dark or the system's theme (decision 035).",
          tags: TAGS,
          security: SIGNED_IN,
          body: themeInputSchema,
          response: { 200: userSchema },
        },
      },
      async (request) => accounts.updateTheme(requireUserId(request), request.body.theme),
    );

    app.get(
      '/api/user/preferences',
      {
        ...signedInOnly,
        schema: {
          summary: 'Answers the units, currency and theme the user sees figures in.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: preferencesSchema },
        },
      },
      async (request) => accounts.getPreferences(requireUserId(request)),
    );

    app.patch(
      '/api/user/preferences',
      {
        ...signedInOnly,
        schema: {
          summary:
            'Changes the units, currency or theme; a field left out stays as it is. Stored amounts are not converted.',
          tags: TAGS,
          security: SIGNED_IN,
          body: preferencesUpdateSchema,
          response: { 200: preferencesSchema },
        },
      },
      async (request) => accounts.updatePreferences(requireUserId(request), request.body),
    );

    app.patch(
      '/api/user/password',
      {
        ...signedInOnly,
        config: { ruleAnswers: [429] },
        schema: {
          summary: 'Changes the password; the other sessions of the account end.',
          tags: TAGS,
          security: SIGNED_IN,
          body: passwordChangeSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        const userId = requireUserId(request);
        await accounts.changePassword(userId, request.session!.sid, request.body);
        return { message: 'Password updated' };
      },
    );

    app.delete(
      '/api/user',
      {
        ...signedInOnly,
        schema: {
          summary: 'Deletes the account with everything in it, for good.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        await accounts.deleteAccount(requireUserId(request));
        clearSessionCookie(request, reply, config);
        return { message: 'Account deleted' };
      },
    );

    app.get(
      '/api/user/export',
      {
        ...signedInOnly,
        schema: {
          summary: 'Downloads everything of the account as one JSON document.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: exportDocumentSchema },
        },
      },
      async (request, reply) => {
        const user = requireSessionUser(request);
        const document = await accounts.exportData(user.id);
        const day = todayOf(user, new Date(document.exportedAt));
        return (
          reply
            .header(
              'Content-Disposition',
              `attachment; filename="${EXPORT_FILE_PREFIX}-${day}.json"`,
            )
            .header('Cache-Control', 'no-store')
            .type('application/json; charset=utf-8')
            // Indented for people who open the file; the schema is the presenter still: only
            // what it describes is written, and a row it does not describe fails here.
            .serializer((payload) => JSON.stringify(exportDocumentSchema.parse(payload), null, 2))
            .send(document)
        );
      },
    );
  };
