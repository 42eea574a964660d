/**
 * A second built server for the specs whose settings differ from the shared one of
 * global-setup.ts (a self-hosted server that sells nothing, say): its own port and its own
 * embedded PostgreSQL in a temporary folder, ready once `/healthz` answers, stopped with the
 * worker that started it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../server/db/embedded-postgres';

export type ExtraServer = { url: string; stop: () => Promise<void> };

export async function startExtraServer(settings: Record<string, string>): Promise<ExtraServer> {
  const serverEntry = path.join(path.resolve(process.env.DIST_DIR ?? 'dist'), 'server/main.js');
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-e2e-extra-'));
  fs.chmodSync(root, 0o755);
  // The shared server's settings would leak in through process.env; this one gets only its own.
  const { PAYMENT_LINK_URL: _link, PLAN_LIMITS: _limits, ...environment } = process.env;
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...environment,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: path.join(root, 'data'),
      LOG_LEVEL: 'warn',
      AUTH_MAX_ATTEMPTS: '10000',
      ...settings,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const isReady = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The extra server on ${url} did not become ready.`);
}
