#!/usr/bin/env node
/**
 * Runs the browser tests (arguments go to `playwright test`) in the system's Chromium, never a
 * downloaded one. Chromium is found through CHROME_PATH or /usr/bin/chromium; when missing and we
 * run as root on Debian, Debian's package is installed; otherwise we stop and say what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);
const found = () => candidates.find((file) => fs.existsSync(file));

let chromium = found();
if (!chromium) {
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    console.error('Chromium is missing: installing Debian’s chromium package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    chromium = found();
  }
  if (!chromium) {
    console.error(
      'The browser tests need Chromium and none was found.\n' +
        '  Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to a\n' +
        '  Chromium or Chrome binary. Nothing is downloaded by the tests themselves.',
    );
    process.exit(1);
  }
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(run.status ?? 1);
