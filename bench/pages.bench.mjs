#!/usr/bin/env node
/**
 * Pages on a phone (issue 11): Lighthouse 12 with its mobile preset (a mid-range phone on slow
 * 4G, CPU slowed 4×) on the built app, signed out on `/` and `/auth`, signed in with a seeded
 * garage everywhere else. Each page runs RUNS times and the median run is reported, since the
 * throttled score moves with whatever else the machine is doing. Writes bench/results/pages.md,
 * then bench/REPORT.md again.
 *
 *   npm run bench:pages                      builds, then measures
 *   DIST_DIR=dist-x node bench/pages.bench.mjs   measures an existing build
 *   RUNS=5 PAGES=/,/dashboard node bench/pages.bench.mjs
 *   BASE_DIST_DIR=dist-base node bench/pages.bench.mjs   the same pages of a second build, A/B
 *
 * With BASE_DIST_DIR a second server runs that build with the same garage, and each run of a page
 * measures both builds one right after the other, alternating which goes first: on a shared
 * machine the load moves between minutes, so only scores taken side by side compare.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { CHROMIUM_FLAGS } from '../scripts/chromium-flags.mjs';
import { PAGE_GOALS } from './lib/page-goals.mjs';
import { distDir, makeDataRoot, root, startServer } from './lib/server.mjs';
import { writeReport as writeSummary } from './report.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const GARAGE = { vehicles: 20, recordsPerVehicle: 15, photosOnVehicles: 8 };
const PUBLIC_PAGES = ['/', '/auth'];
const ALL_PAGES = [
  '/',
  '/auth',
  '/dashboard',
  '/vehicles',
  '/vehicles/{id}',
  '/records',
  '/expenses',
];
const PAGES = process.env.PAGES ? process.env.PAGES.split(',') : ALL_PAGES;
/** A build to compare with, measured alternately with this one (an A/B column). */
const BASE_DIST_DIR = process.env.BASE_DIST_DIR
  ? path.resolve(root, process.env.BASE_DIST_DIR)
  : null;
const loadAverage = () => os.loadavg()[0];
/** Lighthouse drives Chromium itself, so it asks for headless here. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

async function call(url, method, pathname, { json, form, cookie } = {}) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: json ? JSON.stringify(json) : form,
  });
  if (!response.ok) {
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  }
  return response;
}

/**
 * A photo like a phone's, 1600×1200: a gradient under fine grain, so that it weighs what a
 * picture of a car does once stored (about 180 KB as the 1200-px JPEG the server keeps) rather
 * than compressing to nothing.
 */
async function photo(hue) {
  const width = 1600;
  const height = 1200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},50%,25%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="300" fill="hsl(${hue},20%,85%)"/>
  </svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The seeded garage, through the API: the user, 20 vehicles, 300 records, photos. */
async function seed(url) {
  const registered = await call(url, 'POST', '/api/register', {
    json: {
      firstName: 'Pat',
      lastName: 'Bench',
      email: 'pages@bench.test',
      password: 'benchmark-password-1',
    },
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const makes = [
    ['Honda', 'Civic'],
    ['Toyota', 'Corolla'],
    ['Ford', 'Mustang'],
    ['Mazda', 'MX-5'],
    ['BMW', '3 Series'],
  ];
  const vehicleIds = [];
  for (let index = 0; index < GARAGE.vehicles; index++) {
    const [make, model] = makes[index % makes.length];
    const response = await call(url, 'POST', '/api/vehicles', {
      cookie,
      json: {
        year: 2000 + (index % 24),
        make,
        model,
        mileage: 20_000 + index * 3_000,
        isProject: index % 3 === 0,
      },
    });
    vehicleIds.push((await response.json()).id);
  }
  const kinds = [
    ['maintenance', ['Oil Change', 'Tire Rotation', 'Brake Service']],
    ['repairs', ['Engine', 'Transmission', 'Brakes']],
    ['modifications', ['Performance', 'Exterior', 'Interior']],
  ];
  const today = new Date();
  for (const [vehicleIndex, vehicleId] of vehicleIds.entries()) {
    for (let index = 0; index < GARAGE.recordsPerVehicle; index++) {
      const [collection, categories] = kinds[index % kinds.length];
      const day = new Date(today.getTime() + (index * 23 - 250) * 86_400_000);
      await call(url, 'POST', `/api/vehicles/${vehicleId}/${collection}`, {
        cookie,
        json: {
          category: categories[index % categories.length],
          title: `${categories[index % categories.length]} #${index + 1}`,
          cost: 40 + ((vehicleIndex * 37 + index * 91) % 900),
          date: day.toISOString().slice(0, 10),
        },
      });
    }
  }
  for (let index = 0; index < GARAGE.photosOnVehicles; index++) {
    const form = new FormData();
    form.append('vehicleId', String(vehicleIds[index]));
    form.append('isPrimary', 'true');
    form.append('image', new Blob([await photo(index * 45)], { type: 'image/jpeg' }), 'car.jpg');
    await call(url, 'POST', '/api/vehicle-images', { cookie, form });
  }
  return { cookie, vehicleId: vehicleIds[0] };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function summarise(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
    jsKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    timeGoes: whereTheTimeGoes(lhr),
    failing: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

/**
 * Where a page's time goes, from the audits Lighthouse computes anyway: the phases of the
 * largest paint, the main thread's work by kind, the scripts costing the most CPU, the longest
 * chain of requests before the page could paint, and the code downloaded but never run.
 */
function whereTheTimeGoes(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const phases = (items('largest-contentful-paint-element')[1]?.items ?? []).map((item) => ({
    phase: item.phase,
    ms: item.timing,
  }));
  const mainThread = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((item) => ({ kind: item.groupLabel ?? item.group, ms: item.duration }));
  const scripts = items('bootup-time')
    .slice(0, 3)
    .map((item) => ({ script: shortUrl(item.url), ms: item.total }));
  const chain = lhr.audits['critical-request-chains']?.details?.longestChain;
  return {
    phases,
    mainThread,
    scripts,
    chain: chain
      ? { requests: chain.length, ms: chain.duration, kb: chain.transferSize / 1024 }
      : null,
    unusedJsKb: (lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024,
  };
}

function shortUrl(url) {
  try {
    return new URL(url).pathname.replace(/^\/assets\//, '');
  } catch {
    return String(url);
  }
}

/** One Lighthouse run of `url`; null when Lighthouse could not measure it. */
async function measurePage(chrome, url, { isPublic, cookie, lhrName }) {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: isPublic ? undefined : { Cookie: cookie },
    },
    undefined,
  );
  if (result.lhr.runtimeError) {
    console.log(`${lhrName}: ${result.lhr.runtimeError.code}, not counted`);
    return null;
  }
  if (process.env.LHR_DIR) {
    fs.writeFileSync(path.join(process.env.LHR_DIR, `${lhrName}.json`), JSON.stringify(result.lhr));
  }
  return { ...summarise(result.lhr), loadAverage: loadAverage() };
}

const describeRun = (summary) =>
  `performance ${summary.performance}, accessibility ${summary.accessibility}, LCP ${Math.round(summary.lcpMs)} ms, TBT ${Math.round(summary.tbtMs)} ms, CLS ${summary.cls.toFixed(3)}, JS ${summary.jsKb.toFixed(1)} KB, load ${summary.loadAverage.toFixed(1)}`;

/** The run with the median performance score. */
const medianRun = (runs) =>
  runs.find((run) => run.performance === median(runs.map((r) => r.performance)));

async function startSeeded(dataRoot, script) {
  const server = await startServer({
    dataRoot,
    script,
    env: { PLAN_LIMITS: 'off', SUPPORT_EMAIL: 'help@garage-ledger.test' },
  });
  try {
    return { server, ...(await seed(server.url)) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function main() {
  if (!process.env.DIST_DIR) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const dataRoots = [makeDataRoot(), ...(BASE_DIST_DIR ? [makeDataRoot()] : [])];
  const builds = [];
  let chrome;
  const rows = [];
  try {
    builds.push({ name: 'this', ...(await startSeeded(dataRoots[0])) });
    if (BASE_DIST_DIR) {
      const script = path.join(BASE_DIST_DIR, 'server/main.js');
      builds.push({ name: 'base', ...(await startSeeded(dataRoots[1], script)) });
    }
    console.log(
      `Seeded ${GARAGE.vehicles} vehicles and their records on ${builds.length} server(s)`,
    );
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
    });
    for (const page of PAGES) {
      const isPublic = PUBLIC_PAGES.includes(page);
      const runs = { this: [], base: [] };
      for (let run = 0; run < RUNS; run++) {
        // The builds take turns going first, so neither always meets the same moment's load.
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const url = `${build.server.url}${page.replace('{id}', String(build.vehicleId))}`;
          const lhrName = `${page.replaceAll('/', '_').replace(/[{}]/g, '') || '_'}-${build.name}-${run + 1}`;
          const summary = await measurePage(chrome, url, {
            isPublic,
            cookie: build.cookie,
            lhrName,
          });
          if (!summary) continue;
          runs[build.name].push(summary);
          const label = BASE_DIST_DIR ? ` (${build.name} build)` : '';
          console.log(`${page} run ${run + 1}${label}: ${describeRun(summary)}`);
        }
      }
      if (runs.this.length === 0) continue;
      rows.push({
        page,
        signedIn: !isPublic,
        runs: runs.this,
        median: medianRun(runs.this),
        base: runs.base.length > 0 ? { runs: runs.base, median: medianRun(runs.base) } : null,
      });
      // Written after each page, so an interrupted run still leaves what it measured.
      writeReport(rows);
    }
  } finally {
    await chrome?.kill();
    for (const build of builds) await build.server.stop();
    for (const dataRoot of dataRoots) fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

const eachRun = (runs) =>
  runs.map((run) => `${run.performance} (${run.loadAverage.toFixed(1)})`).join(', ');

/** The A/B table, when a base build was measured beside this one. */
function compareWithBase(rows) {
  const compared = rows.filter((row) => row.base);
  if (compared.length === 0) return [];
  const signed = (value, digits = 0) =>
    `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`;
  return [
    `Against the build \`${path.relative(root, BASE_DIST_DIR)}\`, measured alternately with this one (medians; each run's score with the load average beside it):`,
    '',
    '| page | performance, base → this | LCP, base → this | TBT, base → this | base runs | this build’s runs |',
    '|---|---|---|---|---|---|',
    ...compared.map(({ page, runs, median: m, base }) => {
      const b = base.median;
      return [
        '',
        `\`${page}\``,
        `${b.performance} → ${m.performance} (${signed(m.performance - b.performance)})`,
        `${(b.lcpMs / 1000).toFixed(2)} → ${(m.lcpMs / 1000).toFixed(2)} s`,
        `${Math.round(b.tbtMs)} → ${Math.round(m.tbtMs)} ms`,
        eachRun(base.runs),
        eachRun(runs),
        '',
      ]
        .join(' | ')
        .trim();
    }),
    '',
  ];
}

function writeReport(rows) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  const chromium = execFileSync(process.env.CHROME_PATH, ['--version'], { encoding: 'utf8' })
    .replace(/\s+/g, ' ')
    .trim();
  const mark = (value, goal) => (value >= goal ? `${value}` : `**${value}**`);
  const lines = [
    '[← Performance report](../REPORT.md)',
    '',
    '# Pages on a phone: Lighthouse',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')} at the end (the machine is shared: throttled scores move with its load).`,
    `Lighthouse ${lighthouseVersion}, mobile preset (Moto G Power, slow 4G, 4× CPU slowdown), ${chromium}, build \`${path.relative(root, distDir) || 'dist'}\`. Median of ${RUNS} runs per page (the run with the median performance score).`,
    '',
    `Goals (issue 11): performance ≥ ${PAGE_GOALS.performance} and accessibility ${PAGE_GOALS.accessibility} on every page; misses in **bold**.`,
    '',
    '| page | signed in | performance | accessibility | LCP | TBT | CLS | JS transferred | performance of each run (load average) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(({ page, signedIn, runs, median: m }) =>
      [
        '',
        `\`${page}\``,
        signedIn ? 'yes' : 'no',
        mark(m.performance, PAGE_GOALS.performance),
        mark(m.accessibility, PAGE_GOALS.accessibility),
        `${(m.lcpMs / 1000).toFixed(1)} s`,
        `${Math.round(m.tbtMs)} ms`,
        m.cls.toFixed(3),
        `${m.jsKb.toFixed(1)} KB`,
        eachRun(runs),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    ...compareWithBase(rows),
    'Accessibility audits failed on the median run, if any:',
    '',
    ...rows.map(
      ({ page, median: m }) =>
        `- \`${page}\`: ${m.failing.length > 0 ? m.failing.join(', ') : 'none'}`,
    ),
    '',
    '### Where the time goes',
    '',
    "From the median run of each page: the phases of the largest contentful paint (time to the first byte, the wait before its resource is requested, its download, and the wait until it is painted), the main thread's work by kind, the scripts that cost the most CPU (4× slowed), the longest chain of requests on the critical path, and the JavaScript downloaded that the page never ran.",
    '',
    '| page | LCP phases | main thread | costliest scripts | critical chain | unused JS |',
    '|---|---|---|---|---|---:|',
    ...rows.map(({ page, median: m }) => {
      const t = m.timeGoes;
      const ms = (value) => `${Math.round(value)} ms`;
      return [
        '',
        `\`${page}\``,
        t.phases.map((p) => `${p.phase} ${ms(p.ms)}`).join(', ') || '—',
        t.mainThread.map((w) => `${w.kind} ${ms(w.ms)}`).join(', ') || '—',
        t.scripts.map((s) => `\`${s.script}\` ${ms(s.ms)}`).join(', ') || '—',
        t.chain
          ? `${t.chain.requests} requests, ${ms(t.chain.ms)}, ${t.chain.kb.toFixed(0)} KB`
          : '—',
        `${t.unusedJsKb.toFixed(1)} KB`,
        '',
      ]
        .join(' | ')
        .trim();
    }),
    '',
    '### What was cut, and what is left',
    '',
    '- Decision 014: shared chunks copied into the chunks that use them, so a page loads 4–8 files instead of 24–67.',
    "- Decision 015: the HTML names the page's code (`modulepreload`) and, for a signed-in user, the session, the page's first reads (`preload as=fetch`, handed to the app's own `fetch`) and a vehicle page's picture, so all of it downloads at once instead of one round trip after another; JSON answers and pages over 1 KB go out brotli-compressed; the expenses charts are SVG drawn by the page instead of recharts (about 100 KB gzipped and 1.4 s of the slowed CPU); the vehicle card's menu and the dashboard's dialogs load on first use; the record list renders 20 cards before more follow.",
    "- Decision 016: zod and the contract's schemas left every page that opens on no form (about 30 KB gzipped and 130–150 ms of the slowed CPU).",
    "- Decision 017: the list filters of `/records` and `/expenses` load their select (Radix Select and Floating UI, about 35 KB) when first opened; the tabs are our own (Radix Tabs' roving focus, about 15 KB, gone from the pages that open on tabs).",
    "- Decision 018: photos get a display copy (1,200 px WebP) that the vehicle page's picture and its preload offer by `srcset`; the page's first reads start with the session read, and the first render waits for the page's and the shell's code.",
    "- The seeded photos have a real photo's grain (about 290 KB stored at 1,600 px), so the vehicle page's picture weighs what a user's does.",
    "- Decision 058: the HTML's first paint shows what the page opens with, the page's heading and the line under it (dashboard, vehicles, records, expenses), the sign-in card's heading, the landing page's headline, a vehicle page's picture, so the largest paint no longer waits for React; the app's entry starts once that paint is on screen (before, on a fast link it ran first and the paint waited for it); a signed-in page's first render waits for the session and the units (no spinner between the first paint and the page) and is a transition, rendered in slices.",
    "- Left, measured: the entry's evaluation (React DOM, about 57 KB gzipped) and the page's first render are still the main thread's largest tasks, so total blocking time is the larger cost now and moves most with the machine's load; a dashboard of an empty garage paints its empty-state text larger than the heading, so its largest paint still waits for the app; on `/vehicles/{id}` the picture's download, sharing the slow link with the scripts, is most of its largest paint; on `/records` the cards' render (its list is becoming a paged, virtualized one) is the next cost.",
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm run bench:pages                                   # builds, then measures (about 5 minutes)',
    'DIST_DIR=dist-x node bench/pages.bench.mjs            # an existing build',
    'RUNS=5 PAGES=/,/dashboard node bench/pages.bench.mjs  # more runs, fewer pages',
    'DIST_DIR=dist BASE_DIST_DIR=dist-base node bench/pages.bench.mjs  # two builds, A/B, alternating',
    '```',
    '',
    `The script starts the built server on loopback with a temporary \`DATA_DIR\`, registers a user through the API and gives it ${GARAGE.vehicles} vehicles, ${GARAGE.vehicles * GARAGE.recordsPerVehicle} records and ${GARAGE.photosOnVehicles} photos (1,600 × 1,200 JPEGs with the grain of a real photo), then runs Lighthouse with the session cookie in \`extraHeaders\` (signed out on \`/\` and \`/auth\`, which send a signed-in user to the dashboard). Chromium is \`CHROME_PATH\` (default \`/usr/bin/chromium\`) with the flags of TOOLCHAIN.md.`,
    '',
  ];
  const file = path.join(root, 'bench/results/pages.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join('\n'));
  console.log(`Wrote ${path.relative(root, file)}`);
  writeSummary();
}

await main();
