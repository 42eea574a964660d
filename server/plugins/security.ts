/**
 * Security headers for every answer (helmet, with a CSP the SPA fits in) and D7: a state-changing
 * call whose Origin is another site is refused with 403 before any route runs.
 */

import { COMMON_MESSAGES } from '@contract/common';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isSameOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined || isSameOrigin(request, origin, publicOrigin)) return;
    return reply.status(403).send({ message: COMMON_MESSAGES.crossOrigin });
  });
}
