/**
 * D10: 'More Sign-In Options' is OpenID Connect (authorization code + PKCE) against
 * OIDC_ISSUER_URL. Users created this way are externally managed (no password), found again by
 * issuer + subject, and never linked to an existing account by e-mail alone.
 */
import type { SsoError } from '@contract/accounts';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { findUserByEmail, findUserByOidcIdentity, updateUser } from './accounts.repository';
import { insertUserWithUsername } from './accounts.service';
import { deleteExpiredLoginFlows, insertLoginFlow, takeLoginFlow } from './login-flows.repository';
import { hashToken, type SessionsService } from './sessions.service';

const FLOW_TTL_MS = 10 * 60 * 1000;

export class SsoFailure extends Error {
  constructor(
    readonly code: SsoError,
    message: string,
  ) {
    super(message);
  }
}

type Logger = { warn(object: object, message: string): void };

export function createOidcService({
  db,
  config,
  sessions,
  log,
}: {
  db: Db;
  config: Config;
  sessions: SessionsService;
  log: Logger;
}) {
  const settings = config.oidc;
  const redirectUri = `${config.publicUrl}/api/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  /** The provider's metadata, fetched once; a failed fetch is retried on the next sign-in. */
  function providerConfiguration(): Promise<oidc.Configuration> {
    if (!settings) throw new SsoFailure('sso_unavailable', 'OIDC is not configured');
    discovered ??= oidc
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        settings.issuerUrl.startsWith('http://')
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    isConfigured: settings !== undefined,

    /** Starts a sign-in: answers the provider's URL and the state the browser keeps in a cookie. */
    async startSignIn() {
      const configuration = await providerConfiguration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await insertLoginFlow(db, {
        stateHash: hashToken(state),
        codeVerifier,
        nonce,
        expire: new Date(Date.now() + FLOW_TTL_MS),
      });
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { authorizationUrl: authorizationUrl.href, state };
    },

    /**
     * Finishes a sign-in at the callback: checks state, nonce and PKCE, finds or creates the
     * externally managed user, and answers a session token. Throws SsoFailure with the code /auth
     * shows.
     */
    async finishSignIn(
      callbackUrl: URL,
      stateCookie: string | undefined,
      client: { userAgent?: string },
    ) {
      const configuration = await providerConfiguration();
      const flow = stateCookie ? await takeLoginFlow(db, hashToken(stateCookie)) : undefined;
      if (!stateCookie || !flow || flow.expire.getTime() < Date.now()) {
        throw new SsoFailure('sso_failed', 'no sign-in in progress for this browser');
      }

      let subject: string;
      let profile: oidc.UserInfoResponse;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: stateCookie,
          expectedNonce: flow.nonce,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        subject = claims.sub;
        profile = await oidc.fetchUserInfo(configuration, tokens.access_token, subject);
      } catch (error) {
        log.warn({ err: error }, 'OIDC callback refused');
        throw new SsoFailure('sso_failed', 'the provider’s answer did not check out');
      }

      const issuer = configuration.serverMetadata().issuer;
      let user = await findUserByOidcIdentity(db, issuer, subject);
      if (!user) {
        const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
        if (!email)
          throw new SsoFailure('sso_failed', 'the provider did not share an e-mail address');
        if (await findUserByEmail(db, email)) {
          throw new SsoFailure('email_in_use', 'the e-mail belongs to another account');
        }
        try {
          user = await insertUserWithUsername(
            db,
            {
              email,
              firstName:
                typeof profile.given_name === 'string' ? profile.given_name.slice(0, 100) : null,
              lastName:
                typeof profile.family_name === 'string' ? profile.family_name.slice(0, 100) : null,
              profileImageUrl: typeof profile.picture === 'string' ? profile.picture : null,
              authType: 'oidc',
              oidcIssuer: issuer,
              oidcSubject: subject,
              passwordHash: null,
            },
            typeof profile.preferred_username === 'string' ? profile.preferred_username : undefined,
            async () => {},
          );
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 409) {
            throw new SsoFailure('email_in_use', 'the e-mail belongs to another account');
          }
          throw error;
        }
      }
      const userId = user.id;
      return db.transaction(async (tx) => {
        await updateUser(tx, userId, { lastLoginAt: new Date() });
        return sessions.startSession(tx, userId, client);
      });
    },

    purgeExpired: () => deleteExpiredLoginFlows(db, new Date()),
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
