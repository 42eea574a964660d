/**
 * The app as tests use it: built by `buildApp` on a database of the file's own, with settings
 * from `loadConfig` so that tests see the same defaults as production, but one: ntfy and webhook
 * addresses may be private (ALLOW_PRIVATE_WEBHOOKS=true), as the suites' receivers are on loopback.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import * as schema from '../db/schema';
import { checkAnswersAgainstDocument } from './api-conformance';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: TestDatabase };

export async function createTestApp(
  settings: Record<string, string> = {},
  options: { webRoot?: string; logger?: FastifyBaseLogger } = {},
) {
  const database = await createTestDatabase();
  // The suites' ntfy and webhook addresses are on loopback (their receivers, or a port nothing
  // listens on), so private addresses are allowed here; the tests of the refusal say `false`
  // (decision 063), as a server does by default.
  const config = loadConfig({ NODE_ENV: 'test', ALLOW_PRIVATE_WEBHOOKS: 'true', ...settings });
  const app = await buildApp({ config, db: database.db, ...options });
  // Every answer of every suite is held to the API document (docs/decisions/009).
  const conformance = checkAnswersAgainstDocument(app);
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      const violations = conformance.takeUnreported();
      if (violations.length > 0) {
        throw new Error(
          `Answers outside any test do not conform to the API document:\n${violations.join('\n')}`,
        );
      }
    },
  };
}

/**
 * A second app on a test app's database that counts the SQL statements each call runs: what
 * the tests of a constant number of statements per page read (D20). `inject` answers the
 * response and the statements that call ran.
 */
export async function createStatementCountingApp(testApp: {
  config: Config;
  database: TestDatabase;
}) {
  let statements = 0;
  const app = await buildApp({
    config: testApp.config,
    db: drizzle(testApp.database.pool, {
      schema,
      logger: {
        logQuery() {
          statements += 1;
        },
      },
    }),
  });
  return {
    async inject(options: InjectOptions) {
      statements = 0;
      const response = await app.inject(options);
      return { response, statements };
    },
    close: () => app.close(),
  };
}

/**
 * The file's app, built before its tests and closed after them: what most API test files start
 * with. Its members are read when a test runs, after `beforeAll` has built the app; hooks the
 * file registers after this call run after the app exists.
 */
export function setUpTestApp(
  settings: Record<string, string> = {},
  options: { webRoot?: string; logger?: FastifyBaseLogger } = {},
) {
  let built: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    built = await createTestApp(settings, options);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('The test app is used before beforeAll has built it.');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    inject: (request: InjectOptions) => current().app.inject(request),
    db: () => current().database.db,
  };
}
