/**
 * The real server as a child process, for the suites that test what only a process shows:
 * start-up, `kill -9`, a restart on the same data (server/db/embedded-lifecycle.test.ts and the
 * reliability suite in faults/). It runs from source through tsx or from a build, and its
 * embedded PostgreSQL is reached through the files it leaves in DATA_DIR, as an operator would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../paths';

export type ServerProcess = {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output: () => string;
};

export type RunningServer = ServerProcess & { url: string };

/** How to run the server: from source (the default) or a built `main.js`. */
export type ServerEntry = { source: true } | { built: string };

/** The plain line the server prints once it listens (server/main.ts), with its address. */
export const SERVING_LINE = /Garage Ledger is serving on (http:\/\/127\.0\.0\.1:\d+)/;

const FROM_SOURCE: ServerEntry = { source: true };
const OUTPUT_KEPT_CHARS = 1_000_000;

/** Starts the server with `env` on top of this process's environment, on a free port. */
export function spawnServer(
  env: Record<string, string>,
  entry: ServerEntry = FROM_SOURCE,
): ServerProcess {
  const args = 'built' in entry ? [entry.built] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A server under load logs every request: only the last part is kept for the messages.
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > OUTPUT_KEPT_CHARS * 2) output = output.slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** Resolves with the address once the server says it listens; rejects if it exits first. */
export function waitForListening(server: ServerProcess, timeoutMs = 45_000): Promise<string> {
  const { child, output } = server;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${output()}`)), timeoutMs);
    const check = () => {
      const match = SERVING_LINE.exec(output());
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', check);
    check();
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited (${code}):\n${output()}`));
    });
  });
}

/**
 * Starts the server and resolves once it listens. One that does not start in time is killed
 * (and its exit awaited) before the error is thrown, so that no caller is left with a stray
 * process; its embedded PostgreSQL, if it had one yet, stays for the caller's clean-up.
 */
export async function startServer(
  env: Record<string, string>,
  entry: ServerEntry = FROM_SOURCE,
  timeoutMs = 45_000,
): Promise<RunningServer> {
  const server = spawnServer(env, entry);
  try {
    const url = await waitForListening(server, timeoutMs);
    return { ...server, url };
  } catch (error) {
    server.child.kill('SIGKILL');
    await exited(server.child);
    throw error;
  }
}

/** Resolves with the exit code once the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The lines of the embedded PostgreSQL's postmaster.pid, or undefined when it has none. */
function postmasterLines(dataDir: string): string[] | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  return fs.readFileSync(file, 'utf8').split('\n');
}

/** The pid of the embedded PostgreSQL of DATA_DIR (its postmaster), when it left one. */
export function embeddedPostgresPid(dataDir: string): number | undefined {
  const lines = postmasterLines(dataDir);
  return lines ? Number.parseInt(lines[0]!, 10) : undefined;
}

/** The app's database on the embedded PostgreSQL of DATA_DIR, as a connection URL. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const lines = postmasterLines(dataDir);
  if (!lines) throw new Error(`No embedded PostgreSQL running in ${dataDir}`);
  const password = fs.readFileSync(path.join(dataDir, '.postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/garage_ledger`;
}

/** One query on `url`, on its own connection, as an operator with psql would. */
export async function queryDatabase<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
