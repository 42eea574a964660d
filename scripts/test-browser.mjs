/**
 * Which Chromium the browser tests drive (decision 059): Debian's `chromium-headless-shell`
 * first, the headless-only build with no browser window behind it, which ran the same specs in
 * about two thirds of the time of the full `chromium` on two cores; then the full Chromium.
 * `CHROME_PATH` wins over both. Lighthouse (bench/pages.bench.mjs) keeps the full browser.
 */
import fs from 'node:fs';

/** Debian's package of the preferred browser, which `scripts/e2e.mjs` installs when missing. */
export const TEST_BROWSER_PACKAGE = 'chromium-headless-shell';

const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** The browser the tests run: CHROME_PATH, else the first candidate installed (or undefined). */
export function findTestBrowser(env = process.env) {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return CANDIDATES.find((file) => fs.existsSync(file));
}
