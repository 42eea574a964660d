#!/usr/bin/env node
/**
 * First paint on a slow network (issue 19, decision 040): Chromium with the network throttled
 * to DevTools' "Fast 3G" (1.6 Mbit/s down, 750 kbit/s up, 562.5 ms round trips) and a cold cache
 * each run, on a public page and a signed-in page of the built app. Prints the median first
 * paint and first contentful paint of RUNS runs, and when the app itself drew (the skeleton gone).
 *
 *   DIST_DIR=dist node bench/first-paint.bench.mjs
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../scripts/chromium-flags.mjs';
import { makeDataRoot, startServer } from './lib/server.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser, url, cookie) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // The app has drawn once its root holds something other than the skeleton.
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return (
        root && root.childElementCount > 0 && !root.querySelector('[data-testid=boot-skeleton]')
      );
    },
    null,
    { timeout: 60_000 },
  );
  // The first contentful paint may come after the app drew (text waiting for a font).
  await page
    .waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  const figures = await page.evaluate(() => {
    const paints = Object.fromEntries(
      performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
    );
    return {
      fp: paints['first-paint'],
      fcp: paints['first-contentful-paint'],
      app: performance.now(),
    };
  });
  await context.close();
  return figures;
}

const server = await startServer({ dataRoot: makeDataRoot() });
try {
  const registered = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Pat',
      lastName: 'Bench',
      email: 'paint@bench.test',
      password: 'benchmark-password-1',
    }),
  });
  const cookie = registered.headers.getSetCookie()[0].split(';')[0];
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  for (const [label, path, session] of [
    ['/auth (visitor)', '/auth', null],
    ['/dashboard (signed in)', '/dashboard', cookie],
  ]) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await measure(browser, `${server.url}${path}`, session));
    }
    const show = (key) => `${Math.round(median(runs.map((figures) => figures[key])))} ms`;
    console.log(
      `${label}: first paint ${show('fp')}, FCP ${show('fcp')}, app drawn by ${show('app')}`,
    );
  }
  await browser.close();
} finally {
  await server.stop();
}
