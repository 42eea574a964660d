#!/usr/bin/env node
/**
 * Runs the browser tests (arguments go to `playwright test`) in the system's Chromium, never a
 * downloaded one, chosen by scripts/test-browser.mjs. When Debian's headless shell is missing and
 * we run as root on Debian, its package is installed; with no Chromium at all elsewhere, we stop
 * and say what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findTestBrowser, TEST_BROWSER_PACKAGE } from './test-browser.mjs';

let chromium = findTestBrowser();
const isHeadlessShell = chromium?.endsWith(TEST_BROWSER_PACKAGE);
if (!process.env.CHROME_PATH && !isHeadlessShell) {
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    console.error(
      `Installing Debian’s ${TEST_BROWSER_PACKAGE} package for the browser tests (apt-get)…`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', TEST_BROWSER_PACKAGE], {
        stdio: 'inherit',
        env,
      });
    } catch {
      // A full Chromium already there runs the same tests, only slower.
      console.error(`${TEST_BROWSER_PACKAGE} could not be installed.`);
    }
    chromium = findTestBrowser();
  }
  if (!chromium) {
    console.error(
      'The browser tests need Chromium and none was found.\n' +
        `  Install it (Debian: sudo apt-get install ${TEST_BROWSER_PACKAGE}, or chromium) or set CHROME_PATH to a\n` +
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
