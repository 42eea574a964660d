/**
 * D10: `GET /api/login` (a browser navigation) starts single sign-on; `GET /api/callback` is where
 * the provider sends the browser back. Every failure lands on /auth with a reason, never a stack.
 */
import type { SsoError } from '@contract/accounts';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { setSessionCookie } from '../../plugins/session';
import { type OidcService, SsoFailure } from './oidc.service';
import type { SessionsService } from './sessions.service';

export const OIDC_STATE_COOKIE = 'gl_oidc_state';
const CALLBACK_PATH = '/api/callback';

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

    app.get('/api/login', async (request, reply) => {
      if (!oidc.isConfigured) return reply.redirect(authWithError('sso_unavailable'));
      try {
        const { authorizationUrl, state } = await oidc.startSignIn();
        reply.setCookie(OIDC_STATE_COOKIE, state, { ...stateCookieOptions, maxAge: 600 });
        return reply.redirect(authorizationUrl);
      } catch (error) {
        request.log.warn({ err: error }, 'could not start single sign-on');
        return reply.redirect(authWithError('sso_failed'));
      }
    });

    app.get(CALLBACK_PATH, async (request, reply) => {
      const state = request.cookies[OIDC_STATE_COOKIE];
      reply.clearCookie(OIDC_STATE_COOKIE, stateCookieOptions);
      try {
        const token = await oidc.finishSignIn(new URL(request.url, config.publicUrl), state, {
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(request, reply, config, token, sessions.ttlMs);
        return reply.redirect('/dashboard');
      } catch (error) {
        const code = error instanceof SsoFailure ? error.code : 'sso_failed';
        if (!(error instanceof SsoFailure))
          request.log.error({ err: error }, 'single sign-on failed');
        return reply.redirect(authWithError(code));
      }
    });
  };
