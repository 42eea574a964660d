/**
 * Starts the built server (`dist/server/main.js`) once for the browser tests: a free port, a
 * fresh temporary DATA_DIR (its own embedded PostgreSQL), generous sign-in limits so that
 * parallel tests do not trip D8, and a real OpenID Connect provider (oidc-provider) on loopback
 * for single sign-on (D10). Payments are configured as Stripe would be (D13): a payment link on
 * loopback and a webhook secret that tests sign events with. Tests read the addresses from
 * E2E_BASE_URL and E2E_OIDC_ISSUER, the secret from E2E_STRIPE_WEBHOOK_SECRET.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../server/db/embedded-postgres';
import { startOidcProvider } from '../server/test/oidc-provider';
import { SERVING_LINE } from '../server/test/server-process';

export default async function globalSetup() {
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  const serverEntry = path.join(distDir, 'server/main.js');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(distDir, 'web/index.html'))) {
    throw new Error('No production build: run `npm run build` before the browser tests.');
  }
  const port = await findFreePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startOidcProvider({
    redirectUri: `${publicUrl}/api/callback`,
    interactiveLogin: true,
  });
  const webhookSecret = 'whsec_e2e_garage_ledger';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-e2e-'));
  fs.chmodSync(root, 0o755);
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: 'garage-ledger',
      OIDC_CLIENT_SECRET: 'garage-ledger-secret',
      OIDC_ACCOUNT_URL: `${provider.issuer}/account`,
      DATA_DIR: path.join(root, 'data'),
      LOG_LEVEL: 'info',
      AUTH_MAX_FAILURES: '1000',
      AUTH_MAX_ATTEMPTS: '10000',
      SUPPORT_EMAIL: 'help@garage-ledger.test',
      // The payment page stands in for Stripe's: a loopback address the tests can recognise.
      PAYMENT_LINK_URL: `${publicUrl}/test-payment-link`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said it listens must not outlive the test run.
      child.kill('SIGTERM');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    let isListening = false;
    const onData = (chunk: Buffer) => {
      // Past start-up the request log is drained and dropped, so the pipe never fills.
      if (isListening) return;
      output += chunk;
      const match = SERVING_LINE.exec(output);
      if (match) {
        isListening = true;
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_OIDC_ISSUER = provider.issuer;
  process.env.E2E_DATA_DIR = path.join(root, 'data');
  process.env.E2E_STRIPE_WEBHOOK_SECRET = webhookSecret;

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await provider.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
