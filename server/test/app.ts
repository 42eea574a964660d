/**
 * The app as tests use it: built by `buildApp` on a database of the file's own, with settings
 * from `loadConfig` so that tests see the same defaults as production.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { checkAnswersAgainstDocument } from './api-conformance';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: TestDatabase };

export async function createTestApp(
  settings: Record<string, string> = {},
  options: { webRoot?: string } = {},
) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', ...settings });
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
