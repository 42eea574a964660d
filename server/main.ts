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

/** How long after the serving line the background worker starts. */
const JOBS_START_DELAY_MS = 2_000;

/** Start-up failures whose message already says what to do: printed without a stack. */
const EXPLAINED_FAILURES = [ConfigError, DataDirInUseError, DataDirAccessError, EmbeddedStartError];

async function main() {
  const config = loadConfig(process.env);
  const logger = pino(loggerOptions(config.logLevel));
  // Listened for from the start: a stop during start-up waits for the start to finish (or fail,
  // which stops the database itself) and then shuts down, instead of leaving PostgreSQL running.
  const stopRequested = onFirstStopSignal(logger);

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

  try {
    const address = await app.listen({ host: config.host, port: config.port });
    // One plain line for whoever started it, whatever the log level (the tests and the
    // reliability suite read the address from it: server/test/server-process.ts).
    process.stdout.write(`Garage Ledger is serving on ${address}\n`);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  // A moment after it answers: loading the worker's code and its first queries (its schema's
  // migration, a look at the queue) then never compete with the first requests, which arrive
  // right after the serving line. `app.close()` below stops it before the database goes.
  const startingJobs = setTimeout(() => void app.backgroundJobs.start(), JOBS_START_DELAY_MS);
  startingJobs.unref();

  await stopRequested;
  clearTimeout(startingJobs);
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
}

/**
 * Resolves on the first SIGTERM or SIGINT; every later one is logged and waited out. A stop sent
 * to `npm start`'s process group (what systemd and most supervisors do) reaches this process
 * twice, from the group and passed on by npm, and so does a Ctrl-C pressed twice.
 * With no handler left for it (`process.once`), the second ended the process at once, and the
 * embedded PostgreSQL, in a process group of its own, was left running.
 */
function onFirstStopSignal(logger: pino.Logger): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.info(`${signal} received again: still shutting down, the database stops first`);
        return;
      }
      stopping = true;
      logger.info(`${signal} received, shutting down`);
      resolve();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}

main().catch((error: unknown) => {
  const explained = EXPLAINED_FAILURES.some((kind) => error instanceof kind);
  console.error(explained ? `Garage Ledger could not start: ${(error as Error).message}` : error);
  process.exit(1);
});
