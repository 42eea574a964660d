#!/usr/bin/env node
/**
 * Imports and restores at size (decision 055), against the built server on loopback:
 *   npm run bench:imports
 * 1. A 10,000-row Fuelly web CSV, and a 10,000-row Spritmonitor fuelings CSV (semicolons,
 *    decimal comma), each previewed (`POST /api/imports`) and applied by a Premium user: the
 *    goal is both calls within 5 s together. The files are the sample builders' own
 *    (server/test/samples), run through tsx.
 * 2. The file-reader pool's overhead per file (decision 061): the same two files read by the
 *    pool's own code on the built worker, cold and warm.
 * 3. A Premium account with 200 MB of files (20 PDFs of 10 MB of random bytes, uploaded through
 *    `POST /api/upload`, each attached to a maintenance record), backed up
 *    (`GET /api/user/backup`, streamed to disk) and restored into a second Premium account
 *    (`POST /api/user/restore`, the zip streamed from disk, then apply): the goal is the
 *    server's RSS within 100 MB of its idle RSS throughout. The server is restarted after the
 *    seeding, so that idle is a server at rest with that account, not one still holding the
 *    uploads' buffers.
 * The server's RSS is sampled every 100 ms. Figures: bench/results/imports.md, summed up in
 * bench/REPORT.md.
 * BENCH_IMPORT_ROWS sets the rows of each CSV (default 10,000); BENCH_BACKUP_FILES the number of
 * 10 MB files (default 20); BENCH_IMPORTS_PART=1 or 2 runs that part alone (the results file is
 * written only by a run of both); BENCH_IMPORTS_PROFILE=1 profiles each timed call of part 1 and
 * prints where the server's time went.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { distDir, makeDataRoot, root, rssMb, startServer } from './lib/server.mjs';
import { summariseProfile } from './profile.mjs';
import { writeReport } from './report.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const FILE_COUNT = Number(process.env.BENCH_BACKUP_FILES ?? 20);
/** The largest attachment an upload takes (UPLOAD_LIMITS.recordFileBytes). */
const FILE_BYTES = 10 * 1024 * 1024;
const PASSWORD = 'benchmark-password-1';
const IMPORT_GOAL_SECONDS = 5;
const RSS_GOAL_MB = 100;
const SAMPLE_MS = 100;
const WARM_RUNS = 5;
const isProfiled = process.env.BENCH_IMPORTS_PROFILE === '1';
const PART = process.env.BENCH_IMPORTS_PART;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => (performance.now() - since) / 1000;
const mb = (bytes) => bytes / 1024 ** 2;
const number = (value) => value.toLocaleString('en-US');

/** Every server of the bench: Premium's storage quota applies, as the accounts are Premium. */
const SERVER_ENV = { PLAN_LIMITS: 'on', UPLOADS_PER_HOUR: '100000' };

/** The sample builders' files (TypeScript), written by a tsx child: name and bytes. */
function sampleFiles(rows) {
  const script = `
    const { fuellyWebCsv } = await import('./server/test/samples/fuelly.ts');
    const { spritmonitorFuelingsCsv } = await import('./server/test/samples/spritmonitor.ts');
    const files = [fuellyWebCsv({ rows: ${rows} }), spritmonitorFuelingsCsv({ rows: ${rows} })];
    process.stdout.write(JSON.stringify(files.map((file) => ({ name: file.name, base64: file.bytes.toString('base64') }))));`;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (child.status !== 0) throw new Error(`the sample builders failed:\n${child.stderr}`);
  return JSON.parse(child.stdout).map((file) => ({
    name: file.name,
    bytes: Buffer.from(file.base64, 'base64'),
  }));
}

/**
 * The file-reader pool's cost per file (decision 061), measured on the built worker
 * (`$DIST_DIR/server/file-reader.worker.js`) by the pool's own code, in a tsx child: each file
 * read once with no spare worker started (cold), then WARM_RUNS times a second and a half apart,
 * as the server's spare worker is ready by then. The overhead is a job's time from `run` to its
 * answer less the reading's own time in its worker: handing the bytes over, cloning the rows
 * back, and the wait for a worker.
 */
function poolOverhead(rows) {
  const script = `
    const { createWorkerPool } = await import('./server/workers/worker-pool.ts');
    const { fuellyWebCsv } = await import('./server/test/samples/fuelly.ts');
    const { spritmonitorFuelingsCsv } = await import('./server/test/samples/spritmonitor.ts');
    const { pathToFileURL } = await import('node:url');
    const workerFile = pathToFileURL(${JSON.stringify(path.join(distDir, 'server/file-reader.worker.js'))});
    const files = [fuellyWebCsv({ rows: ${rows} }), spritmonitorFuelingsCsv({ rows: ${rows} })];
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const results = [];
    for (const file of files) {
      const pool = createWorkerPool({ file: workerFile, timeoutMs: 60_000, heapMb: 512 });
      const task = { kind: 'import', files: [{ name: file.name, bytes: file.bytes }], format: null };
      const timed = async () => {
        const before = pool.figures();
        const started = performance.now();
        await pool.run(task);
        const after = pool.figures();
        return { totalMs: performance.now() - started, taskMs: after.taskMs - before.taskMs };
      };
      const cold = await timed();
      const warm = [];
      for (let run = 0; run < ${WARM_RUNS}; run++) {
        await sleep(1_500);
        warm.push(await timed());
      }
      const figures = pool.figures();
      await pool.close();
      results.push({
        name: file.name,
        bytes: file.bytes.length,
        coldMs: cold.totalMs,
        warmMs: median(warm.map((run) => run.totalMs)),
        taskMs: median(warm.map((run) => run.taskMs)),
        overheadMs: median(warm.map((run) => run.totalMs - run.taskMs)),
        workerStartMs: figures.workerStartMs / figures.workersStarted,
      });
    }
    process.stdout.write(JSON.stringify(results));`;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`the pool's measure failed:\n${child.stderr}`);
  return JSON.parse(child.stdout);
}

/** The server's RSS every 100 ms until `stop`, which answers the peak and the samples taken. */
function sampleRss(pid) {
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssMb(pid));
      return { peak: Math.max(...samples), samples: samples.length };
    },
  };
}

/** The server at rest: the median of 2 s of samples, after a pause for its last work to end. */
async function idleRss(pid) {
  await sleep(3_000);
  const samples = [];
  for (let index = 0; index < 20; index++) {
    samples.push(rssMb(pid));
    await sleep(SAMPLE_MS);
  }
  return samples.sort((a, b) => a - b)[samples.length >> 1];
}

async function api(url, method, pathname, { cookie, body } = {}) {
  const isForm = body instanceof FormData;
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined || isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return { response, json: text ? JSON.parse(text) : null };
}

/** A user registered through the API and made Premium, as a payment would. */
async function premiumUser(server, pool, name) {
  const { response, json } = await api(server.url, 'POST', '/api/register', {
    body: {
      firstName: name,
      lastName: 'Bench',
      email: `${name.toLowerCase()}-${Date.now()}@example.com`,
      password: PASSWORD,
    },
  });
  await pool.query(
    `update users set subscription_status = 'premium',
       subscription_expires_at = now() + interval '1 year' where id = $1`,
    [json.id],
  );
  return { id: json.id, cookie: response.headers.getSetCookie()[0].split(';')[0] };
}

/** Starts V8's profiler in the server (bench/lib/profile-on-signal.mjs); `stop` summarises it. */
async function profileCall(server, file) {
  if (!isProfiled) return { stop: async () => null };
  server.child.kill('SIGUSR2');
  await sleep(200);
  return {
    async stop() {
      server.child.kill('SIGUSR2');
      while (!fs.existsSync(file)) await sleep(100);
      await sleep(500); // written whole by then
      const summary = summariseProfile(file, 12);
      fs.rmSync(file);
      return summary;
    },
  };
}

/** One CSV previewed and applied, each call timed with the server's RSS. */
async function importCsv(server, user, file, profileFile) {
  const pid = server.child.pid;
  const before = await idleRss(pid);
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: 'text/csv' }), file.name);

  let profiler = await profileCall(server, profileFile);
  let sampler = sampleRss(pid);
  let started = performance.now();
  let { json: preview } = await api(server.url, 'POST', '/api/imports', {
    cookie: user.cookie,
    body: form,
  });
  const previewSeconds = seconds(started);
  const previewRss = sampler.stop();
  const previewProfile = await profiler.stop();

  // What the file leaves uncertain is confirmed as the preview reads it, as a user would.
  let chooseSeconds = 0;
  const choices = preview.needsChoice;
  if (choices.length > 0) {
    const readings = {
      decimalSeparator: preview.decimalSeparator.value,
      dateFormat: preview.dateFormat.value,
      distanceUnit: preview.units.distance.value,
      volumeUnit: preview.units.volume.value,
      // A new vehicle's details as the preview suggests them, completed where it has none.
      vehicleDetails: Object.fromEntries(
        preview.vehicles
          .filter((vehicle) => vehicle.needsDetails)
          .map((vehicle) => [
            vehicle.key,
            {
              year: vehicle.suggested.year ?? 2020,
              make: vehicle.suggested.make ?? 'Make',
              model: vehicle.suggested.model ?? 'Model',
            },
          ]),
      ),
      currencyRates: Object.fromEntries(
        preview.foreignCurrencies.map((foreign) => [foreign.currency, 'keep']),
      ),
    };
    started = performance.now();
    ({ json: preview } = await api(server.url, 'PATCH', `/api/imports/${preview.id}`, {
      cookie: user.cookie,
      body: Object.fromEntries(choices.map((name) => [name, readings[name]])),
    }));
    chooseSeconds = seconds(started);
  }

  profiler = await profileCall(server, profileFile);
  sampler = sampleRss(pid);
  started = performance.now();
  const { json: result } = await api(server.url, 'POST', `/api/imports/${preview.id}/apply`, {
    cookie: user.cookie,
  });
  const applySeconds = seconds(started);
  const applyRss = sampler.stop();
  const applyProfile = await profiler.stop();
  return {
    name: file.name,
    bytes: file.bytes.length,
    format: preview.formatLabel,
    problems: preview.problemCount,
    choices,
    previewSeconds,
    chooseSeconds,
    applySeconds,
    totalSeconds: previewSeconds + chooseSeconds + applySeconds,
    added: result.added,
    rss: { before, preview: previewRss.peak, apply: applyRss.peak },
    profiles: { preview: previewProfile, apply: applyProfile },
  };
}

/** A PDF of `size` bytes whose body is random, as a scan's would be: nothing compresses it. */
function pdfOf(size, index) {
  const head = Buffer.from(`%PDF-1.4\n% bench file ${index}\n`);
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(size - head.length - tail.length), tail]);
}

/** The account of part 2: one vehicle, and a maintenance record for each uploaded PDF. */
async function seedFiles(server, owner) {
  const started = performance.now();
  const { json: vehicle } = await api(server.url, 'POST', '/api/vehicles', {
    cookie: owner.cookie,
    body: { year: 2016, make: 'Volvo', model: 'V70', mileage: 180_000 },
  });
  for (let index = 0; index < FILE_COUNT; index++) {
    const form = new FormData();
    form.append(
      'files',
      new Blob([pdfOf(FILE_BYTES, index)], { type: 'application/pdf' }),
      `invoice-${index + 1}.pdf`,
    );
    const {
      json: { fileUrls },
    } = await api(server.url, 'POST', '/api/upload', { cookie: owner.cookie, body: form });
    await api(server.url, 'POST', '/api/maintenance', {
      cookie: owner.cookie,
      body: {
        vehicleId: vehicle.id,
        category: 'Oil Change',
        title: `Service ${index + 1}`,
        date: `2024-${String((index % 12) + 1).padStart(2, '0')}-15`,
        cost: 100 + index,
        isCompleted: true,
        fileUrl: fileUrls[0],
      },
    });
  }
  return seconds(started);
}

/** `GET /api/user/backup` written to `file` as it arrives. */
function downloadBackup(server, user, file) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/user/backup`,
      { headers: { cookie: user.cookie } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/user/backup: ${response.statusCode}`));
          response.resume();
          return;
        }
        const promised = Number(response.headers['content-length']);
        pipeline(response, fs.createWriteStream(file)).then(() => {
          const size = fs.statSync(file).size;
          if (size !== promised) reject(new Error(`the backup was ${size} of ${promised} bytes`));
          else resolve(size);
        }, reject);
      },
    );
    request.on('error', reject);
  });
}

/** `POST /api/user/restore` with the zip streamed from `file` as a multipart body. */
function uploadBackup(server, user, file) {
  const boundary = `----bench${crypto.randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}/api/user/restore`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    request.on('response', async (response) => {
      const chunks = [];
      for await (const chunk of response) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      if (response.statusCode !== 201) {
        reject(new Error(`POST /api/user/restore: ${response.statusCode} ${text}`));
      } else resolve(JSON.parse(text));
    });
    request.on('error', reject);
    async function* body() {
      yield head;
      yield* fs.createReadStream(file);
      yield tail;
    }
    pipeline(Readable.from(body()), request).catch(reject);
  });
}

/** What the account's stored files and records hold, counted by the database. */
async function accountFigures(pool, userId) {
  const { rows } = await pool.query(
    `select (select count(*) from binary_files where user_id = $1)::int as files,
       (select coalesce(sum(size), 0) from binary_files where user_id = $1)::float8 as bytes,
       (select count(*) from maintenance where user_id = $1 and file_url is not null)::int as records,
       (select string_agg(sha, ',' order by sha) from
         (select encode(sha256(data), 'hex') as sha from binary_files where user_id = $1) f) as hashes`,
    [userId],
  );
  return rows[0];
}

async function backupAndRestore(dataRoot) {
  // Seeding: one server, its uploads buffered as every upload is; then stopped.
  let server = await startServer({ dataRoot, env: SERVER_ENV });
  let pool = server.pool();
  let owner;
  let seedSeconds;
  try {
    owner = await premiumUser(server, pool, 'Owner');
    seedSeconds = await seedFiles(server, owner);
  } finally {
    await pool.end();
    await server.stop();
  }

  server = await startServer({ dataRoot, env: SERVER_ENV });
  pool = server.pool();
  const pid = server.child.pid;
  try {
    // The first signed-in call loads what a first call loads; idle is measured after it.
    await api(server.url, 'GET', '/api/user', { cookie: owner.cookie });
    const idle = await idleRss(pid);
    const stored = await accountFigures(pool, owner.id);

    const zipFile = path.join(dataRoot, 'garage-ledger-backup.zip');
    let sampler = sampleRss(pid);
    let started = performance.now();
    const zipBytes = await downloadBackup(server, owner, zipFile);
    const backupSeconds = seconds(started);
    const backupRss = sampler.stop();

    const restorer = await premiumUser(server, pool, 'Restorer');
    const idleBeforeRestore = await idleRss(pid);
    sampler = sampleRss(pid);
    started = performance.now();
    const preview = await uploadBackup(server, restorer, zipFile);
    const previewSeconds = seconds(started);
    const previewRss = sampler.stop();

    sampler = sampleRss(pid);
    started = performance.now();
    const { json: result } = await api(
      server.url,
      'POST',
      `/api/user/restore/${preview.id}/apply`,
      { cookie: restorer.cookie },
    );
    const applySeconds = seconds(started);
    const applyRss = sampler.stop();
    const restored = await accountFigures(pool, restorer.id);
    const idleAfter = await idleRss(pid);
    if (restored.hashes !== stored.hashes || restored.records !== stored.records) {
      throw new Error('the restored account does not hold the backed-up files and records');
    }
    return {
      seedSeconds,
      stored,
      restored,
      zipBytes,
      idle,
      idleBeforeRestore,
      idleAfter,
      backup: { seconds: backupSeconds, peak: backupRss.peak, samples: backupRss.samples },
      preview: { seconds: previewSeconds, peak: previewRss.peak, samples: previewRss.samples },
      apply: { seconds: applySeconds, peak: applyRss.peak, samples: applyRss.samples },
      added: result.added,
    };
  } finally {
    await pool.end();
    await server.stop();
  }
}

async function importBoth(dataRoot, files) {
  const profileFile = path.join(dataRoot, 'server.cpuprofile');
  const server = await startServer({
    dataRoot,
    env: { ...SERVER_ENV, BENCH_PROFILE_FILE: profileFile },
    nodeArgs: isProfiled ? ['--import', path.join(root, 'bench/lib/profile-on-signal.mjs')] : [],
  });
  const pool = server.pool();
  try {
    await api(server.url, 'GET', '/healthz');
    const runs = [];
    for (const file of files) {
      // Each file into an account of its own, with nothing in it yet: all of it is added.
      const user = await premiumUser(server, pool, `Importer${runs.length + 1}`);
      runs.push(await importCsv(server, user, file, profileFile));
    }
    return runs;
  } finally {
    await pool.end();
    await server.stop();
  }
}

/** A folder of its own for each server, readable by the database's own user. */
function folderIn(dataRoot, name) {
  const folder = path.join(dataRoot, name);
  fs.mkdirSync(folder, { mode: 0o755 });
  return folder;
}

/** A peak beside idle: `+51`, `−8`. */
const beyond = (peak, idle) => (peak >= idle ? `+${peak - idle}` : `−${idle - peak}`);

const met = (isMet) => (isMet ? 'met' : '**not met**');

function report(imports, restore, overhead) {
  const lines = [
    '[← Performance report](../REPORT.md)',
    '',
    '# Imports and restores at size',
    '',
    `Run ${new Date().toISOString()} on ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}), Node ${process.version}; \`npm run bench:imports\` (bench/imports.bench.mjs).`,
    '',
    '## A 10,000-row fuel CSV, previewed and applied',
    '',
    'The files are the sample builders’ (`fuellyWebCsv({ rows })` and',
    '`spritmonitorFuelingsCsv({ rows })` in server/test/samples, run through',
    'tsx), each imported into an empty Premium account. RSS is the server’s, sampled every 100 ms:',
    'at rest before the upload, and at its peak during each call.',
    '',
    '| measure | figure | goal | |',
    '|---|---|---|---|',
  ];
  for (const run of imports) {
    const addedRows = Object.values(run.added).reduce((sum, value) => sum + value, 0);
    const label = `${run.format} (${run.name}, ${number(Math.round(run.bytes / 1024))} KB)`;
    lines.push(
      `| ${label}: preview | ${run.previewSeconds.toFixed(2)} s | | |`,
      ...(run.chooseSeconds > 0
        ? [
            `| ${label}: the readings confirmed (${run.choices.join(', ')}) | ${run.chooseSeconds.toFixed(2)} s | | |`,
          ]
        : []),
      `| ${label}: apply | ${run.applySeconds.toFixed(2)} s | | |`,
      `| **${label}: together** | **${run.totalSeconds.toFixed(2)} s** | under ${IMPORT_GOAL_SECONDS} s | ${met(run.totalSeconds < IMPORT_GOAL_SECONDS)} |`,
      `| ${label}: rows added | ${number(addedRows)} (${Object.entries(run.added)
        .filter(([, value]) => value > 0)
        .map(([kind, value]) => `${kind} ${number(value)}`)
        .join(', ')}); ${number(run.problems)} rows the preview could not read | | |`,
      `| ${label}: server RSS at rest / peak in preview / peak in apply | ${run.rss.before} / ${run.rss.preview} / ${run.rss.apply} MB | | |`,
    );
  }
  lines.push(
    '',
    'The preview reads the file and keeps its rows with the import; apply reads them back, compares',
    'them with the account twice (once for the plan’s limits and the order of its locks, once under',
    'the locks) and adds each table’s rows in statements of one array per column (`unnest`).',
    '',
    '## The file-reader pool’s overhead per file',
    '',
    'Every upload is read in a worker process of its own (decision 061). Measured with the pool’s',
    'own code on the built worker, in a process of its own: each file read once before any worker',
    `was started (cold), then ${WARM_RUNS} times 1.5 s apart, when the spare worker is ready (warm,`,
    'medians). The overhead is a job’s time less the reading’s own time in its worker: the bytes',
    'handed over, the rows cloned back, the worker taken and ended.',
    '',
    '| file | cold | warm | reading in the worker | **overhead per file** | a worker’s start |',
    '|---|---|---|---|---|---|',
    ...overhead.map(
      (run) =>
        `| ${run.name} (${number(Math.round(run.bytes / 1024))} KB) | ${Math.round(run.coldMs)} ms | ${Math.round(run.warmMs)} ms | ${Math.round(run.taskMs)} ms | **${Math.round(run.overheadMs)} ms** | ${Math.round(run.workerStartMs)} ms |`,
    ),
    '',
    'A worker’s start is paid by the first file after the server starts, and by a file that comes',
    'while the spare is still starting; otherwise it is off the request’s path.',
  );
  const limit = restore.idle + RSS_GOAL_MB;
  const peak = Math.max(restore.backup.peak, restore.preview.peak, restore.apply.peak);
  const rate = (bytes, time) => `${mb(bytes / time).toFixed(1)} MB/s`;
  lines.push(
    '',
    `## Backup and restore of an account with ${Math.round(mb(restore.stored.bytes))} MB of files`,
    '',
    `One Premium account with one vehicle and ${restore.stored.records} maintenance records, each with a PDF of`,
    `${mb(FILE_BYTES)} MB of random bytes (uploaded through \`POST /api/upload\`, ${restore.seedSeconds.toFixed(0)} s), backed up`,
    'to a file (`GET /api/user/backup`, streamed), restored into a second Premium account',
    '(`POST /api/user/restore` streamed from that file, then `POST /api/user/restore/{id}/apply`).',
    'The server was restarted after the uploads: idle is a server at rest, signed in, with that',
    'account. MB are MiB throughout.',
    '',
    '| measure | figure | goal | |',
    '|---|---|---|---|',
    `| server RSS at rest | ${restore.idle} MB | | |`,
    `| backup: ${number(restore.zipBytes)} bytes in | ${restore.backup.seconds.toFixed(1)} s (${rate(restore.zipBytes, restore.backup.seconds)}) | | |`,
    `| **backup: peak RSS** | **${restore.backup.peak} MB** (${beyond(restore.backup.peak, restore.idle)}) | ≤ ${limit} MB | ${met(restore.backup.peak <= limit)} |`,
    `| restore preview (upload, checks, files kept) | ${restore.preview.seconds.toFixed(1)} s (${rate(restore.zipBytes, restore.preview.seconds)}) | | |`,
    `| **restore preview: peak RSS** | **${restore.preview.peak} MB** (${beyond(restore.preview.peak, restore.idle)}) | ≤ ${limit} MB | ${met(restore.preview.peak <= limit)} |`,
    `| restore apply | ${restore.apply.seconds.toFixed(1)} s (${rate(restore.stored.bytes, restore.apply.seconds)} of files) | | |`,
    `| **restore apply: peak RSS** | **${restore.apply.peak} MB** (${beyond(restore.apply.peak, restore.idle)}) | ≤ ${limit} MB | ${met(restore.apply.peak <= limit)} |`,
    `| **throughout** | **peak ${peak} MB** (${beyond(peak, restore.idle)}) | within ${RSS_GOAL_MB} MB of idle | ${met(peak <= limit)} |`,
    `| server RSS at rest before the restore / after it | ${restore.idleBeforeRestore} / ${restore.idleAfter} MB | | |`,
    `| restored | ${restore.restored.files} files, ${number(restore.restored.bytes)} bytes, ${restore.restored.records} records; every file's SHA-256 equal to the original's | | |`,
    '',
    'The backup is written while it is sent: each file read in 128 KB slices as the zip is taken',
    '(decision 045). The restore receives the zip to disk, reads and checks one file of it at a',
    'time and keeps it with the import; apply copies the kept files inside the database.',
    '',
  );
  return lines;
}

async function main() {
  const dataRoot = makeDataRoot();
  try {
    const imports =
      PART === '2' ? [] : await importBoth(folderIn(dataRoot, 'imports'), sampleFiles(ROWS));
    const overhead = PART === '2' ? [] : poolOverhead(ROWS);
    const restore = PART === '1' ? null : await backupAndRestore(folderIn(dataRoot, 'restore'));
    if (restore) {
      const lines = report(imports, restore, overhead);
      if (!PART) {
        fs.writeFileSync(path.join(root, 'bench/results/imports.md'), lines.join('\n'));
        writeReport();
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    } else {
      process.stdout.write(
        `${JSON.stringify({ imports, overhead }, (key, value) => (key === 'profiles' ? undefined : value), 2)}\n`,
      );
    }
    for (const run of imports) {
      for (const [call, profile] of Object.entries(run.profiles)) {
        if (!profile) continue;
        process.stdout.write(
          `\n${run.name} ${call}: busy ${profile.busyMs} ms of ${profile.totalMs} ms\n`,
        );
        for (const row of [...profile.modules, ...profile.functions]) {
          process.stdout.write(
            `${(row.share * 100).toFixed(1).padStart(5)}%  ${row.ms} ms  ${row.name}\n`,
          );
        }
      }
    }
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
