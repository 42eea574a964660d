/**
 * `node scripts/start.mjs` (what `npm start` runs) becomes the server in its own process: the
 * process it started is the one that listens, with the server's V8 flags, and a SIGTERM to it
 * drains, stops the embedded PostgreSQL and exits 0, with no process of ours in between to pass
 * the signal on or to outlive it.
 *
 * The build it starts is a stand-in that runs the server from source (the unit tests run before
 * any build): start.mjs does with it what it does with dist/server/main.js.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isProcessAlive } from '../server/db/data-dir-lock';
import { projectRoot } from '../server/paths';
import {
  embeddedPostgresPid,
  exited,
  type ServerProcess,
  waitForListening,
} from '../server/test/server-process';
// @ts-expect-error: a plain .mjs module without types
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

let root: string;
let distDir: string;
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-start-'));
  fs.chmodSync(root, 0o755);
  distDir = path.join(root, 'dist');
  dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'web'), { recursive: true });
  const tsx = import.meta.resolve('tsx/esm/api');
  const main = pathToFileURL(path.join(projectRoot, 'server/main.ts')).href;
  fs.writeFileSync(
    path.join(distDir, 'server/main.js'),
    `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(main)});\n`,
  );
  fs.writeFileSync(path.join(distDir, 'web/index.html'), '<!doctype html>');
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  const orphan = embeddedPostgresPid(dataDir);
  if (orphan && isProcessAlive(orphan)) process.kill(orphan, 'SIGINT');
  fs.rmSync(root, { recursive: true, force: true });
});

/** The inode of the socket listening on `port` on 127.0.0.1, from /proc/net/tcp. */
function listeningSocketInode(port: number): string | undefined {
  const address = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // Field 3 is the state: 0A is LISTEN.
    if (fields[1] === address && fields[3] === '0A') return fields[9];
  }
  return undefined;
}

/** Whether process `pid` holds the socket `inode` among its open files. */
function holdsSocket(pid: number, inode: string) {
  return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      // Closed while we looked.
      return false;
    }
  });
}

it('runs the server in the process it started, which stops itself and its database on SIGTERM', async () => {
  const started = spawn(process.execPath, [path.join(projectRoot, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  started.stdout.on('data', (chunk) => {
    output += chunk;
  });
  started.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const server: ServerProcess = { child: started, output: () => output };
  const url = await waitForListening(server, 90_000);
  expect(output).not.toContain('Building Garage Ledger');

  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  const inode = listeningSocketInode(Number(new URL(url).port));
  expect(inode).toBeDefined();
  expect(holdsSocket(started.pid!, inode!)).toBe(true);
  // The process is the server itself, running with the server's flags.
  const commandLine = fs.readFileSync(`/proc/${started.pid}/cmdline`, 'utf8').split('\0');
  expect(commandLine).toEqual(
    expect.arrayContaining([...SERVER_NODE_FLAGS, path.join(distDir, 'server/main.js')]),
  );
  expect(commandLine.some((part) => part.endsWith('start.mjs'))).toBe(false);
  const postgres = embeddedPostgresPid(dataDir);
  expect(postgres && isProcessAlive(postgres)).toBe(true);

  started.kill('SIGTERM');
  expect(await exited(started)).toBe(0);
  expect(output).toContain('SIGTERM received, shutting down');
  expect(isProcessAlive(postgres!)).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8').trimEnd()).toMatch(
    /database system is shut down$/,
  );
}, 120_000);
