/**
 * The built server as a separate process on loopback, with its embedded PostgreSQL in a
 * throw-away data folder, and a superuser connection to that database for seeding and EXPLAIN.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

/** The app's own session settings (server/db/open.ts), so that EXPLAIN plans as the app's queries run. */
export const APP_SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0';

export const root = path.resolve(import.meta.dirname, '../..');
export const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function makeDataRoot() {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-bench-'));
  fs.chmodSync(dataRoot, 0o755);
  return dataRoot;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's CPU time so far, in clock ticks (user and system), from /proc/<pid>/stat. */
function cpuTicks(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until the server has stopped working: when a load run stops, the requests it left queued
 * (sign-ins, each a second of Argon2id on a busy machine) are still being answered for a while.
 */
export async function drained(pid) {
  const ticksPerSecond = 100;
  for (let before = cpuTicks(pid); ; ) {
    await sleep(1000);
    const now = cpuTicks(pid);
    if (now - before < 0.1 * ticksPerSecond) return;
    before = now;
  }
}

/** Polls `url` until it answers; resolves with the milliseconds since `startedAt`. */
export async function firstAnswer(url, startedAt, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
}

/**
 * Starts `command` (default: the built server) with a data folder under `dataRoot`; answers when
 * `GET /healthz` does. `nodeArgs` go before the script (e.g. --cpu-prof).
 */
export async function startServer({ dataRoot, nodeArgs = [], script, env = {} }) {
  const port = await freePort();
  const dbPort = await freePort();
  const dataDir = path.join(dataRoot, 'data');
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    // The entry itself runs with the flags scripts/start.mjs would give it.
    script
      ? [...nodeArgs, script]
      : [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(distDir, 'server/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        EMBEDDED_DB_PORT: String(dbPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        PLAN_LIMITS: 'off',
        AUTH_MAX_ATTEMPTS: '100000000',
        AUTH_MAX_FAILURES: '100000000',
        ...env,
      },
      // The request log goes nowhere, as it would to a file: its cost is the server's, not ours.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const startupMs = await firstAnswer(`${url}/healthz`, startedAt, child);
  const password = fs.readFileSync(path.join(dataDir, '.postgres-password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/garage_ledger`;
  return {
    child,
    url,
    dataDir,
    databaseUrl,
    startupMs,
    pool() {
      const pool = new pg.Pool({
        connectionString: databaseUrl,
        max: 4,
        options: APP_SESSION_SETTINGS,
      });
      // The server stopping its database after a failure must not hide that failure.
      pool.on('error', () => {});
      return pool;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
