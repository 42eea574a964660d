/**
 * The embedded database as an operator lives it, with the real server process: data survives a
 * normal restart and a `kill -9` of the app (whose orphaned PostgreSQL the next start stops), and
 * a second app on the same DATA_DIR is refused instead of sharing the store.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedDatabaseUrl,
  embeddedPostgresPid,
  exited,
  queryDatabase,
  type RunningServer,
  spawnServer,
  startServer,
} from '../test/server-process';
import { isProcessAlive } from './data-dir-lock';

let root: string;
let dataDir: string;
const started: ChildProcess[] = [];

function spawnApp(env: Record<string, string>) {
  const app = spawnServer(env);
  started.push(app.child);
  return app;
}

async function startApp(): Promise<RunningServer> {
  const app = await startServer({ DATA_DIR: dataDir });
  started.push(app.child);
  return app;
}

/** Resolves once the process has printed `text`. */
async function waitForOutput(app: RunningServer, text: string) {
  while (!app.output().includes(text)) await new Promise((resolve) => setTimeout(resolve, 10));
}

const postgresPid = () => embeddedPostgresPid(dataDir);

/** Talks to the embedded server directly, as an operator with psql would. */
function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
  return queryDatabase<T>(embeddedDatabaseUrl(dataDir), sql, values);
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-lifecycle-'));
  fs.chmodSync(root, 0o755);
  dataDir = path.join(root, 'data');
});

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
  }
  const orphan = postgresPid();
  if (orphan && isProcessAlive(orphan)) process.kill(orphan, 'SIGINT');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('embedded PostgreSQL in DATA_DIR', () => {
  it('keeps data across a restart and across kill -9, and refuses a second app', async () => {
    const first = await startApp();
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    await query(
      `insert into users (username, email, auth_type) values ('before-restart', 'a@example.com', 'local')`,
    );

    // A normal stop leaves nothing running, even when the signal comes again during it (a stop
    // sent to `npm start`'s process group reaches the server twice; Ctrl-C pressed twice too).
    const pidOfFirstPostgres = postgresPid()!;
    first.child.kill('SIGTERM');
    await waitForOutput(first, 'SIGTERM received, shutting down');
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(isProcessAlive(pidOfFirstPostgres)).toBe(false);

    const second = await startApp();
    expect(
      (await query<{ username: string }>('select username from users')).map((row) => row.username),
    ).toEqual(['before-restart']);
    await query(
      `insert into users (username, email, auth_type) values ('before-crash', 'b@example.com', 'local')`,
    );

    // kill -9: the app dies at once and its PostgreSQL is left orphaned.
    const orphanPid = postgresPid()!;
    second.child.kill('SIGKILL');
    await exited(second.child);
    expect(isProcessAlive(orphanPid)).toBe(true);

    const third = await startApp();
    expect(third.output()).toContain(
      `Stopped PostgreSQL (pid ${orphanPid}) left running by an earlier crash`,
    );
    expect(isProcessAlive(orphanPid)).toBe(false);
    const names = (await query<{ username: string }>('select username from users order by id')).map(
      (row) => row.username,
    );
    expect(names).toEqual(['before-restart', 'before-crash']);
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);

    // A second app on the same folder stops with a clear error and harms nothing.
    const intruder = spawnApp({ DATA_DIR: dataDir });
    expect(await exited(intruder.child)).toBe(1);
    expect(intruder.output()).toContain('is in use by another Garage Ledger process');
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
  }, 120_000);

  it.skipIf(process.getuid?.() !== 0)(
    'explains what to do when the postgres user cannot reach DATA_DIR',
    async () => {
      const privateFolder = path.join(root, 'private');
      fs.mkdirSync(privateFolder, { mode: 0o700 });
      const app = spawnApp({ DATA_DIR: path.join(privateFolder, 'data') });
      expect(await exited(app.child)).toBe(1);
      expect(app.output()).toContain('cannot be used: PostgreSQL runs as the "postgres" user');
      expect(app.output()).toContain('set DATABASE_URL');
      expect(app.output()).not.toContain('initdb');
    },
    60_000,
  );

  it('stops at start-up with a message naming a bad setting', async () => {
    const app = spawnApp({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await exited(app.child)).toBe(1);
    expect(app.output()).toContain('Garage Ledger could not start: Invalid configuration');
    expect(app.output()).toContain('PORT');
  });
});
