/**
 * The data-folder lock after a crash: the pid it names may since have been given to another
 * process, or be a zombie. Only a live Garage Ledger server holds the folder; a live server
 * refusing a second one is shown with real processes in embedded-lifecycle.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

let dataDir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-lock-'));
});
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `command` and answers the first line it prints (or its own pid, when it prints none). */
async function startProcess(command: string, args: string[], printsPid = false) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(child);
  if (!printsPid) return child.pid!;
  const line = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (chunk) => resolve(String(chunk).trim())),
  );
  return Number(line);
}

const lockNaming = (pid: number) =>
  fs.writeFileSync(path.join(dataDir, 'garage-ledger.lock'), `${pid}\n`);

function takeAndRelease() {
  const lock = acquireDataDirLock(dataDir);
  expect(fs.readFileSync(path.join(dataDir, 'garage-ledger.lock'), 'utf8')).toBe(
    `${process.pid}\n`,
  );
  lock.release();
}

describe.skipIf(!fs.existsSync('/proc/self/cmdline'))('a lock left by a crash', () => {
  it('is taken over when its pid now belongs to a live process that is not Garage Ledger', async () => {
    lockNaming(await startProcess('sleep', ['30']));
    takeAndRelease();
  });

  it('is taken over when its pid is a zombie', async () => {
    // The shell becomes `sleep 30`, which never reaps its finished child: a zombie.
    const zombie = await startProcess('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/^\d+ \(sleep\) Z /);
    lockNaming(zombie);
    takeAndRelease();
  });

  it('is respected when its pid is a live Garage Ledger server', async () => {
    // What the server's command line looks like built (`node …/dist/server/main.js`); the
    // process only waits, so that nothing but its command line makes it the server.
    const server = await startProcess(process.execPath, [
      '-e',
      'setTimeout(() => {}, 30_000)',
      path.join(dataDir, 'dist', 'server', 'main.js'),
    ]);
    lockNaming(server);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
  });
});
