/**
 * A second built server for the specs whose settings differ from the shared one of
 * global-setup.ts (a self-hosted server that sells nothing, say): its own port and its own
 * embedded PostgreSQL in a temporary folder, started and stopped as the reliability suite starts
 * its servers (server/test/server-process.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../server/db/embedded-postgres';
import { exited, startServer } from '../server/test/server-process';

export type ExtraServer = { url: string; stop: () => Promise<void> };

/**
 * The options of a spec's worker fixture that starts an extra server: a first start initialises
 * its PostgreSQL, which took more than the 30 s a fixture has by default on a busy machine.
 */
export const EXTRA_SERVER_FIXTURE = { scope: 'worker', timeout: 90_000 } as const;

export async function startExtraServer(settings: Record<string, string>): Promise<ExtraServer> {
  const serverEntry = path.join(path.resolve(process.env.DIST_DIR ?? 'dist'), 'server/main.js');
  const port = await findFreePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-e2e-extra-'));
  fs.chmodSync(root, 0o755);
  const server = await startServer(
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The address browsers write from, so that the origin check takes their writes.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(root, 'data'),
      AUTH_MAX_ATTEMPTS: '10000',
      // The shared server's payment link would leak in through this process's environment.
      PAYMENT_LINK_URL: '',
      ...settings,
    },
    { built: serverEntry },
  );
  return {
    url: server.url,
    async stop() {
      server.child.kill('SIGTERM');
      await exited(server.child);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
