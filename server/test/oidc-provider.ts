/**
 * A real OpenID Connect provider (oidc-provider) on loopback for the single sign-on tests, and a
 * browser-like walk through its redirects. Interactions are finished in code: the "user" signs in
 * as whichever account `signInAs` names.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export type ProviderAccount = {
  email?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
};

/** Where browser tests register the provider's accounts. */
export const CONTROL_PATH = '/__test/accounts';

const LOGIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title>
<link rel="icon" href="data:,"></head><body><main><h1>Test identity provider</h1>
<form method="post"><label>Subject <input name="subject" required></label>
<button type="submit">Continue</button></form></main></body></html>`;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startOidcProvider({
  redirectUri,
  interactiveLogin = false,
}: {
  redirectUri: string;
  /** true: the provider shows a sign-in page; false: it signs in as `signInAs` at once. */
  interactiveLogin?: boolean;
}) {
  const accounts = new Map<string, ProviderAccount>();
  let signInAs = '';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'garage-ledger',
        client_secret: 'garage-ledger-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'preferred_username'],
    },
    cookies: { keys: ['test-cookie-key'] },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email_verified: true, ...accounts.get(id) }),
    }),
    // Consent is not what these tests are about: every client gets the scopes it asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  const finishLogin = (req: http.IncomingMessage, res: http.ServerResponse, accountId: string) =>
    provider
      .interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
      .catch((error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      });

  server.on('request', (req, res) => {
    // Browser tests register the accounts people may sign in as: POST {subject, account}.
    if (req.method === 'POST' && req.url === CONTROL_PATH) {
      readBody(req).then((body) => {
        const { subject, account } = JSON.parse(body) as {
          subject: string;
          account: ProviderAccount;
        };
        accounts.set(subject, account);
        res.end('ok');
      });
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      if (!interactiveLogin) return void finishLogin(req, res, signInAs);
      // A sign-in page as a browser meets it: the person types who they are.
      if (req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(LOGIN_PAGE);
        return;
      }
      readBody(req).then((body) =>
        finishLogin(req, res, new URLSearchParams(body).get('subject') ?? ''),
      );
      return;
    }
    callback(req, res);
  });

  return {
    issuer,
    addAccount(subject: string, account: ProviderAccount) {
      accounts.set(subject, account);
    },
    signInAs(subject: string) {
      signInAs = subject;
    },
    /**
     * Follows the provider's redirects like a browser (keeping its cookies) from the
     * authorization URL until it sends the browser back to our redirect URI; answers that URL.
     */
    async walkToCallback(authorizationUrl: string): Promise<URL> {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (!url.href.startsWith(issuer)) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair] = header.split(';');
          const [name, ...value] = pair!.split('=');
          cookies.set(name!.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (!location)
          throw new Error(
            `provider stopped at ${url} (${response.status}): ${await response.text()}`,
          );
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
