/**
 * D10: `GET /api/login` (a browser navigation) starts single sign-on; `GET /api/callback` is where
 * the provider sends the browser back. Every failure lands on /auth with a reason, never a stack.
 */
import type { SsoError } from '@contract/accounts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { type OidcService, SsoFailure } from './oidc.service';
import type { SessionsService } from './sessions.service';

export const OIDC_STATE_COOKIE = 'gl_oidc_state';
const CALLBACK_PATH = '/api/callback';

/** Both calls are browser navigations: they always answer a redirect, failures included. */
const redirectSchema = (summary: string, where: string) => ({
  schema: {
    summary,
    tags: ['Accounts'],
    response: { 302: z.null().describe(where) },
  },
});

const authWithError = (code: SsoError) => `/auth?error=${code}`;

export const oidcRoutes =
  ({
    config,
    oidc,
    sessions,
  }: {
    config: Config;
    oidc: OidcService;
    sessions: SessionsService;
  }): FastifyPluginAsync =>
  async (app) => {
    const stateCookieOptions = {
      path: CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.publicUrl.startsWith('https://'),
    };

    app.get(
      '/api/login',
      redirectSchema(
        'Starts single sign-on (a browser navigation, not for scripts).',
        "Redirects to the identity provider, or to /auth with the reason it can't start.",
      ),
      async (request, reply) => {
        if (!oidc.isConfigured) return reply.redirect(authWithError('sso_unavailable'));
        try {
          const { authorizationUrl, state } = await oidc.startSignIn();
          reply.setCookie(OIDC_STATE_COOKIE, state, { ...stateCookieOptions, maxAge: 600 });
          return reply.redirect(authorizationUrl);
        } catch (error) {
          request.log.warn({ err: error }, 'could not start single sign-on');
          return reply.redirect(authWithError('sso_failed'));
        }
      },
    );

    app.get(
      CALLBACK_PATH,
      redirectSchema(
        'Where the identity provider sends the browser back after single sign-on.',
        'Redirects to /dashboard signed in, or to /auth with the reason it failed.',
      ),
      async (request, reply) => {
        const state = request.cookies[OIDC_STATE_COOKIE];
        reply.clearCookie(OIDC_STATE_COOKIE, stateCookieOptions);
        try {
          const token = await oidc.finishSignIn(new URL(request.url, config.publicUrl), state, {
            userAgent: request.headers['user-agent'],
          });
          // D5: a new session replaces whatever session the browser had, as on password sign-in.
          const previous = request.cookies[SESSION_COOKIE];
          if (previous) await sessions.endSessionByToken(previous);
          setSessionCookie(request, reply, config, token, sessions.ttlMs);
          return reply.redirect('/dashboard');
        } catch (error) {
          const code = error instanceof SsoFailure ? error.code : 'sso_failed';
          if (!(error instanceof SsoFailure))
            request.log.error({ err: error }, 'single sign-on failed');
          return reply.redirect(authWithError(code));
        }
      },
    );
  };
