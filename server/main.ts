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
import { type Database, openDatabase } from './db/open';
import { loggerOptions } from './logger';
import { webBuildFolder } from './paths';

/** Start-up failures whose message already says what to do: printed without a stack. */
const EXPLAINED_FAILURES = [ConfigError, DataDirInUseError, DataDirAccessError, EmbeddedStartError];

async function main() {
  const config = loadConfig(process.env);
  const logger = pino(loggerOptions(config.logLevel));

  let database: Database | undefined;
  const closeDatabase = async () => {
    await database?.close();
    database = undefined;
  };

  const databaseReady = openDatabase(config, logger).then(async (opened) => {
    database = opened;
    await migrateDatabase(opened.pool);
    return opened;
  });
  let db: Database['db'];
  let buildApp: typeof import('./app')['buildApp'];
  try {
    [{ db }, { buildApp }] = await Promise.all([databaseReady, import('./app')]);
  } catch (error) {
    await closeDatabase().catch(() => {});
    throw error;
  }

  const app = await buildApp({
    config,
    db,
    webRoot: webBuildFolder,
    logger,
  });

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
      await closeDatabase();
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
    await closeDatabase().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  const explained = EXPLAINED_FAILURES.some((kind) => error instanceof kind);
  console.error(explained ? `Garage Ledger could not start: ${(error as Error).message}` : error);
  process.exit(1);
});
