/**
 * The app factory: plugins first, then each domain's routes. It never listens; main.ts does, and
 * tests call `app.inject()` (architecture convention 4).
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { LoggerOptions } from 'pino';
import type { Config } from './config';
import type { Db } from './db/open';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** Folder of the built web app; left out, only the API is served. */
  webRoot?: string;
  /** Left out, nothing is logged (tests). */
  logger?: FastifyBaseLogger;
};

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // D6: secrets never reach the logs.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}

export async function buildApp({ config, db, webRoot, logger }: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await app.register(healthRoutes(db));
  await registerWebApp(app, webRoot);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
