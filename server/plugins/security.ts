/**
 * Security headers for every answer (helmet, with a CSP the SPA fits in) and D7: a state-changing
 * call whose Origin is another site is refused with 403 before any route runs. No `/api` answer
 * is kept by a cache.
 */

import { createHash } from 'node:crypto';
import { THEME_SCRIPT } from '@contract/appearance';
import { COMMON_MESSAGES } from '@contract/common';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { APP_START_SCRIPT } from './first-paint';

/**
 * The inline scripts a page may run: the theme's, before the first paint (decision 035). Allowed
 * by their hashes, so that no other inline script, injected or not, runs.
 */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
/** And the one that starts the app after the first paint (decision 058, first-paint.ts). */
export const APP_START_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api`, however it is written (D41 answers `/API/…` as an API path too). */
const API_PATH = /^\/+api(\/|\?|$)/i;

/**
 * RFC 8058's one-click unsubscribe (`POST /api/unsubscribe/{key}`), exempt from the origin check
 * on purpose: the mail provider sends it from its own servers, with whatever Origin it likes. It
 * is safe without the check, which guards the session cookie: the call reads no session, and
 * acts only through the secret key in its URL, which a forged request from another site could
 * not know; all it can do is turn a reminder channel off.
 */
const ONE_CLICK_UNSUBSCRIBE_PATH = /^\/+api\/unsubscribe\/[^/?#]+\/?(\?|$)/i;

function isSameOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/** Headers of every answer that Fastify itself sets, not helmet. */
const FASTIFY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection']);

/**
 * The headers helmet sets with these options, worked out once on a throw-away instance.
 * @fastify/helmet builds a new helmet (parsing the whole CSP) on every request; our headers
 * never vary by request (no nonces), and a profile under load showed that rebuild as a few
 * per cent of the server's time (bench/REPORT.md).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject('/');
  await probe.close();
  return Object.entries(answer.headers)
    .filter(([name]) => !FASTIFY_HEADERS.has(name))
    .map(([name, value]) => [name, String(value)]);
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_SOURCE, APP_START_SCRIPT_SOURCE],
        // Radix primitives inject <style> elements and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for previews of photos before upload.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Set where helmet sets them: on the raw answer, before any route runs.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });

  // API answers carry one user's data: no browser or proxy may keep them, or a shared
  // computer's back button would show them to the next person. A route that sets its own
  // Cache-Control keeps it; stored files (`/uploads`) have theirs.
  app.addHook('onSend', async (request, reply) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.method === 'POST' && ONE_CLICK_UNSUBSCRIBE_PATH.test(request.url)) return;
    const origin = request.headers.origin;
    if (origin === undefined || isSameOrigin(request, origin, publicOrigin)) return;
    return reply.status(403).send({ message: COMMON_MESSAGES.crossOrigin });
  });
}
