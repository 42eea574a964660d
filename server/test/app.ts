/**
 * The app as tests use it: built by `buildApp` on a database of the file's own, with settings
 * from `loadConfig` so that tests see the same defaults as production.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: TestDatabase };

export async function createTestApp(
  settings: Record<string, string> = {},
  options: { webRoot?: string } = {},
) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', ...settings });
  const app = await buildApp({ config, db: database.db, ...options });
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
