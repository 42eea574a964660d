/**
 * One way to reach the database, whichever it is: with DATABASE_URL, that server; without, the
 * embedded PostgreSQL in DATA_DIR. Nothing outside this file knows which one is in use.
 */
import fs from 'node:fs';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import {
  DataDirAccessError,
  type EmbeddedServer,
  embeddedConnection,
  ensureDatabase,
  findFreePort,
  startEmbeddedPostgres,
} from './embedded-postgres';
import { markAsDriverError } from './errors';
import * as schema from './schema';

// `$client` is the pool itself: what the background worker takes its connections from.
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The database or a transaction on it: what repository functions run their queries on. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
};

type Logger = { info(message: string): void; warn(message: string): void };

const EMBEDDED_DATABASE = 'garage_ledger';

// `numeric` (money) and `date` stay strings: exact cents, and calendar days with no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * Every query of ours reads one user's rows through an index. With a million records the planner
 * nonetheless started parallel workers for the expenses totals (bench/REPORT.md): some 20 ms to
 * start two processes for a query of 2 ms. Queries this small never gain from them.
 */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0';

type ConnectCallback = Parameters<pg.Pool['connect']>[0] & {};

/**
 * The pool, with the errors of its connecting marked as the driver's (errors.ts): a transaction
 * takes its connection with `connect()`, before any query Drizzle would wrap, and a database that
 * is away fails right there.
 */
class MarkedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (!callback) {
      return super.connect().catch((error: unknown) => {
        throw markAsDriverError(error);
      });
    }
    super.connect((error, client, release) =>
      callback(error && markAsDriverError(error), client, release),
    );
    return undefined;
  }
}

export function connectPool(url: string, max: number): Database {
  const pool: pg.Pool = new MarkedPool({ connectionString: url, max, options: SESSION_SETTINGS });
  // An idle client losing its server must not crash the app; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one: the pool stops listening while a client is lent out, and a
  // server shutting down mid-transaction (between two of its queries) would otherwise emit an
  // unhandled 'error'. The transaction's next query fails instead, and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}

/**
 * DATA_DIR, made when missing and locked for this process; or, when it cannot be, a
 * DataDirAccessError saying why and what to do. In a container the usual cause is a folder of the
 * host mounted on /data that the image's user (uid 1000) may not write.
 */
function claimDataDir(dataDir: string): DataDirLock {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    return acquireDataDirLock(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      const uid = process.getuid ? ` (uid ${process.getuid()})` : '';
      throw new DataDirAccessError(
        `DATA_DIR ${dataDir} cannot be written by the user Garage Ledger runs as${uid}. Give ` +
          'that user the folder (for a folder of the host mounted into a container: chown ' +
          '1000:1000 on it), choose another DATA_DIR, or set DATABASE_URL.',
      );
    }
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new DataDirAccessError(
        `DATA_DIR ${dataDir} is not a folder. Choose a folder for DATA_DIR, or set DATABASE_URL.`,
      );
    }
    throw error;
  }
}

/**
 * The database, and a promise of its being ready. With DATABASE_URL it is ready at once. The
 * embedded one answers on a port and with a password known before it starts, so its pool is
 * there at once and the app can be built while initdb and PostgreSQL's start run (on a fresh
 * store the longest step of a start, decision 013); nothing queries it before `ready`.
 */
export async function openDatabase(
  config: Config,
  log: Logger,
): Promise<Database & { ready: Promise<void> }> {
  if (config.databaseUrl) {
    return { ...connectPool(config.databaseUrl, config.dbPoolSize), ready: Promise.resolve() };
  }

  const lock = claimDataDir(config.dataDir);
  let server: EmbeddedServer | undefined;
  let connection: ReturnType<typeof embeddedConnection>;
  let database: Database;
  try {
    connection = embeddedConnection(
      config.dataDir,
      config.embeddedDbPort || (await findFreePort()),
    );
    database = connectPool(connection.url(EMBEDDED_DATABASE), config.dbPoolSize);
  } catch (error) {
    lock.release();
    throw error;
  }
  const ready = (async () => {
    try {
      server = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: connection.port,
        onOrphanStopped: (pid) =>
          log.warn(`Stopped PostgreSQL (pid ${pid}) left running by an earlier crash`),
      });
      await ensureDatabase(server.url('postgres'), EMBEDDED_DATABASE);
      log.info(`Embedded PostgreSQL ready on 127.0.0.1:${server.port}, data in ${config.dataDir}`);
    } catch (error) {
      await server?.stop();
      throw error;
    }
  })();
  return {
    ...database,
    ready,
    async close() {
      await database.close();
      await ready.catch(() => {});
      await server?.stop();
      lock.release();
    },
  };
}
