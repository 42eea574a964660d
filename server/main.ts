/**
 * The process: read the settings, open and migrate the database, listen, and on SIGTERM/SIGINT
 * stop taking requests, drain, close the database (stopping the embedded one) and exit.
 *
 * The app's code (Fastify, zod, Drizzle, sharp and the rest: most of the process's start) is
 * imported while the embedded PostgreSQL starts in processes of its own, not before: a fresh
 * store's initdb alone takes over a second, and neither needs the other until the app is built.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { DataDirAccessError, EmbeddedStartError } from './db/embedded-postgres';
import { migrateDatabase } from './db/migrate';
import { openDatabase } from './db/open';
import { loggerOptions } from './logger';
import { webBuildFolder } from './paths';

/** Start-up failures whose message already says what to do: printed without a stack. */
const EXPLAINED_FAILURES = [ConfigError, DataDirInUseError, DataDirAccessError, EmbeddedStartError];

async function main() {
  const config = loadConfig(process.env);
  const logger = pino(loggerOptions(config.logLevel));

  // The app is built while the database starts (on a fresh store initdb takes most of a
  // second): it queries nothing until it listens, and it listens once the migrations are done.
  const database = await openDatabase(config, logger);
  const buildingApp = async () => {
    const { buildApp } = await import('./app');
    const built = await buildApp({ config, db: database.db, webRoot: webBuildFolder, logger });
    await built.ready();
    return built;
  };
  let app: Awaited<ReturnType<typeof buildingApp>>;
  try {
    [, app] = await Promise.all([
      database.ready.then(() => migrateDatabase(database.pool)),
      buildingApp(),
    ]);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal} received, shutting down`);
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, 20_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  const explained = EXPLAINED_FAILURES.some((kind) => error instanceof kind);
  console.error(explained ? `Garage Ledger could not start: ${(error as Error).message}` : error);
  process.exit(1);
});
