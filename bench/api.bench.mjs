#!/usr/bin/env node
/**
 * The API benchmark (issues 11 and 24), against the built server on loopback, asked as a browser
 * asks: every read sends `Accept-Encoding: br, gzip`, and is run twice, as a first read and as a
 * repeat with `If-None-Match` and the ETag its first answer carried (a browser's refetch):
 *   npm run bench         the seeded garage; each read beside its stack and wire ceilings (which
 *                         compress alike) at 10 and 50 connections, the first page of the paged
 *                         records with its search and filters, the writes, memory, a CPU profile,
 *                         start-up times on a fresh and an existing store
 *   npm run bench:scale   the seeded user's reads on the small database and again with 1,000,000
 *                         records, and EXPLAIN (ANALYZE, BUFFERS) of every per-user query
 * Both write their figures to bench/results/*.json and regenerate bench/REPORT.md and its full
 * pages, bench/results/api.md and scale.md.
 * BENCH_SECONDS (default 5) sets the length of each load run; DIST_DIR the build used.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent, serverEntry } from '../scripts/build-state.mjs';
import { BROWSER_HEADERS, captureCalls } from './capture.mjs';
import { load, SECONDS } from './lib/load.mjs';
import { pagedReadsOf, readsOf, writesOf } from './lib/reads.mjs';
import { distDir, drained, makeDataRoot, root, rssMb, startServer } from './lib/server.mjs';
import { summariseProfile } from './profile.mjs';
import { writeReport } from './report.mjs';
import {
  countRecords,
  GARAGE,
  PASSWORD,
  seedGarage,
  seedImagesAndFiles,
  seedOtherUsers,
} from './seed.mjs';

const isScale = process.argv.includes('--scale');
/** How long the server idles after the load before its memory is read a second time. */
const MEMORY_SETTLE_MS = 5000;
const SCALE_RECORDS = Number(process.env.BENCH_SCALE_RECORDS ?? 1_000_000);
const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });

const machine = () => ({
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  loadAverage: os.loadavg().map((value) => value.toFixed(2)),
  seconds: SECONDS,
});

/** Every other per-user read, for EXPLAIN. */
function otherReadsOf(garage) {
  const vehicleId = garage.vehicleIds[0];
  return [
    '/api/maintenance',
    '/api/repairs',
    '/api/modifications',
    '/api/documents',
    '/api/expenses',
    '/api/subscription/status',
    `/api/vehicles/${vehicleId}`,
    `/api/vehicles/${vehicleId}/repairs`,
    `/api/vehicles/${vehicleId}/modifications`,
    `/api/vehicles/${vehicleId}/images`,
    '/api/user/export',
    `/api/vehicles/${garage.energyVehicleId}/odometer`,
    `/api/vehicles/${garage.energyVehicleId}/energy?limit=50&cursor=2020-01-01~1`,
  ].map((pathname) => ({ name: `GET ${pathname}`, path: pathname }));
}

function startCeilings(databaseUrl, captured) {
  const specFile = path.join(os.tmpdir(), `gl-ceilings-${process.pid}.json`);
  fs.writeFileSync(
    specFile,
    JSON.stringify({
      databaseUrl,
      poolSize: 10,
      reads: captured.map((read) => ({
        name: read.name,
        statements: read.statements,
        sessionStatements: read.sessionStatements,
        contentType: read.contentType,
        contentEncoding: read.contentEncoding,
        repeat: read.repeat,
        body: read.body.toString('base64'),
      })),
    }),
  );
  const child = spawn(process.execPath, [path.join(root, 'bench/ceilings.mjs'), specFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => {
      const ports = JSON.parse(String(chunk));
      resolve({
        ports,
        async stop() {
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
          fs.rmSync(specFile, { force: true });
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`ceilings exited ${code}`)));
  });
}

const log = (message) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function seed(server) {
  const pool = server.pool();
  const garage = await seedGarage(server.url, pool);
  await seedOtherUsers(pool, { count: GARAGE.otherUsers, records: GARAGE.otherUsers * 5 });
  return { pool, garage, records: await countRecords(pool) };
}

async function loadOurs(server, garage, reads, connections) {
  const rows = [];
  for (const read of reads) {
    const result = await load({
      url: `${server.url}${read.path}`,
      connections,
      headers: { ...BROWSER_HEADERS, cookie: garage.cookie },
    });
    rows.push({ name: read.name, connections, ours: result });
    log(`${read.name} @${connections}: ${result.requestsPerSecond} req/s p99 ${result.p99} ms`);
  }
  return rows;
}

/** Runs of each EXPLAIN ANALYZE: the fastest is kept, the others were slowed by the machine. */
const EXPLAIN_RUNS = 5;

async function explainAll(pool, captured) {
  const plans = [];
  for (const call of captured) {
    for (const statement of call.statements) {
      if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
      let fastest;
      for (let run = 0; run < EXPLAIN_RUNS; run++) {
        const { rows } = await pool.query(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        if (!fastest || executionMs(plan) < executionMs(fastest)) fastest = plan;
      }
      plans.push({
        call: call.name,
        sql: statement.text,
        plan: fastest,
        executionMs: executionMs(fastest),
        buffers: buffersOf(fastest),
        seqScans: seqScansOf(fastest),
      });
    }
  }
  return plans;
}

function executionMs(plan) {
  return Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
}

/** The pages the whole query touched (its top node's buffers): the same on any machine. */
function buffersOf(plan) {
  const line = /Buffers: ([^\n]*)/.exec(plan)?.[1] ?? '';
  return [...line.matchAll(/(?:hit|read)=(\d+)/g)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

/** The tables a plan reads with a sequential scan. */
function seqScansOf(plan) {
  return [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]);
}

/**
 * Start-up is measured on an install already built: in a working tree where sources move on
 * meanwhile, the build is made current first, so that `npm start` does not build.
 */
function ensureCurrentBuild() {
  if (isBuildCurrent()) return;
  log('the build is older than its sources: building again');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

/**
 * The first page of the paged records, searched and filtered, at 50 connections, first and
 * repeated; `skipped` says why when the server has no such call.
 */
async function loadPaged(server, pool, garage) {
  const reads = pagedReadsOf(garage);
  const captured = await captureCalls({ ...server, pool, cookie: garage.cookie, calls: reads });
  const missing = captured.find((read) => read.status !== 200);
  if (missing) {
    log(`${missing.name} answered ${missing.status}: the paged records are not measured`);
    return { skipped: `\`${missing.path}\` answered ${missing.status}`, rows: [] };
  }
  const browser = { ...BROWSER_HEADERS, cookie: garage.cookie };
  const rows = [];
  for (const read of captured) {
    const ours = await load({
      url: `${server.url}${read.path}`,
      connections: 50,
      headers: browser,
    });
    const repeat =
      read.repeat?.status === 304
        ? await load({
            url: `${server.url}${read.path}`,
            connections: 50,
            headers: { ...browser, 'if-none-match': read.etag },
            expectStatus: 304,
          })
        : null;
    rows.push({
      name: read.name,
      path: read.path,
      connections: 50,
      bytes: read.jsonBytes,
      wireBytes: read.body.length,
      ours,
      repeat,
      repeatMissing: repeat ? undefined : read.etag ? `answered ${read.repeat?.status}` : 'no ETag',
    });
    log(`${read.name} @50: ${ours.requestsPerSecond} req/s p99 ${ours.p99} ms`);
  }
  return { rows };
}

async function runMain() {
  const figures = { machine: machine(), garage: GARAGE };
  const dataRoot = makeDataRoot();
  const startScript = path.join(root, 'scripts/start.mjs');
  try {
    ensureCurrentBuild();
    log('starting the server with npm start (scripts/start.mjs) on a fresh store');
    const builtAt = () => fs.statSync(serverEntry).mtimeMs;
    let before = builtAt();
    let server = await startServer({ dataRoot, script: startScript });
    // A source changed between the check above and npm start's own: this start built.
    figures.startup = { freshMs: Math.round(server.startupMs), freshBuilt: builtAt() !== before };
    const { pool, garage, records } = await seed(server);
    figures.records = records;
    const reads = readsOf(garage);
    const captured = await captureCalls({ ...server, pool, cookie: garage.cookie, calls: reads });
    for (const read of captured) {
      if (read.status !== 200) throw new Error(`${read.name} answered ${read.status}`);
    }
    figures.statements = captured.map((read) => ({ name: read.name, statements: read.statements }));
    const ceilings = await startCeilings(server.databaseUrl, captured);
    const pid = server.child.pid;
    figures.memory = { afterSeedMb: rssMb(pid) };
    figures.reads = [];
    const browser = { ...BROWSER_HEADERS, cookie: garage.cookie };
    try {
      for (const connections of [10, 50]) {
        for (const [index, read] of reads.entries()) {
          const first = captured[index];
          const ours = await load({
            url: `${server.url}${read.path}`,
            connections,
            headers: browser,
          });
          const stack = await load({
            url: `http://127.0.0.1:${ceilings.ports.stack}/${index}`,
            connections,
            headers: BROWSER_HEADERS,
          });
          const wire = await load({
            url: `http://127.0.0.1:${ceilings.ports.wire}/${index}`,
            connections,
            headers: BROWSER_HEADERS,
          });
          const row = {
            name: read.name,
            connections,
            ours,
            stack,
            wire,
            bytes: first.jsonBytes,
            wireBytes: first.body.length,
            encoding: first.contentEncoding,
          };
          // The repeats at 50 connections, where the goals are: a refetch of unchanged data.
          if (connections === 50 && first.repeat?.status === 304) {
            row.repeat = {
              ours: await load({
                url: `${server.url}${read.path}`,
                connections,
                headers: { ...browser, 'if-none-match': first.etag },
                expectStatus: 304,
              }),
              stack: await load({
                url: `http://127.0.0.1:${ceilings.ports.stack}/${index}/repeat`,
                connections,
                headers: { ...BROWSER_HEADERS, 'if-none-match': first.etag },
                expectStatus: 304,
              }),
              wire: await load({
                url: `http://127.0.0.1:${ceilings.ports.wire}/${index}/repeat`,
                connections,
                headers: { ...BROWSER_HEADERS, 'if-none-match': first.etag },
                expectStatus: 304,
              }),
            };
          } else if (connections === 50) {
            row.repeat = {
              missing: first.etag ? `If-None-Match answered ${first.repeat?.status}` : 'no ETag',
            };
          }
          figures.reads.push(row);
          log(
            `${read.name} @${connections}: ours ${ours.requestsPerSecond}, stack ${stack.requestsPerSecond}, wire ${wire.requestsPerSecond} req/s; p99 ${ours.p99} ms` +
              (row.repeat?.ours
                ? `; repeat ${row.repeat.ours.requestsPerSecond} (stack ${row.repeat.stack.requestsPerSecond}, wire ${row.repeat.wire.requestsPerSecond}) req/s`
                : row.repeat
                  ? `; repeat: ${row.repeat.missing}`
                  : ''),
          );
        }
      }
    } finally {
      await ceilings.stop();
    }
    figures.paged = await loadPaged(server, pool, garage);
    figures.writes = [];
    for (const connections of [10, 50]) {
      for (const { name, ...request } of writesOf(server.url, garage, PASSWORD)) {
        const ours = await load({ ...request, connections });
        figures.writes.push({ name, connections, ours });
        log(`writes @${connections}: ${name} ${ours.requestsPerSecond} req/s`);
      }
    }
    figures.memory.afterLoadMb = rssMb(pid);
    // The last run is 50 sign-ins at once, each an Argon2id hash of 19 MiB: on a busy machine the
    // sign-ins left queued when the load stops take many seconds more, so the server idles from
    // when it has answered them. Both figures are kept.
    await drained(pid);
    await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLE_MS));
    figures.memory.settledMb = rssMb(pid);
    figures.memory.settleSeconds = MEMORY_SETTLE_MS / 1000;
    await pool.end();
    await server.stop();

    ensureCurrentBuild();
    log('npm start again on the existing store');
    before = builtAt();
    server = await startServer({ dataRoot, script: startScript });
    figures.startup.existingMs = Math.round(server.startupMs);
    figures.startup.existingBuilt = builtAt() !== before;
    await server.stop();

    log('profiling the server under load');
    const profileFile = path.join(dataRoot, 'server.cpuprofile');
    server = await startServer({
      dataRoot,
      nodeArgs: ['--import', path.join(root, 'bench/lib/profile-on-signal.mjs')],
      env: { BENCH_PROFILE_FILE: profileFile },
    });
    figures.startup.serverOnlyExistingMs = Math.round(server.startupMs);
    server.child.kill('SIGUSR2');
    for (const read of reads) {
      await load({
        url: `${server.url}${read.path}`,
        connections: 50,
        headers: { ...BROWSER_HEADERS, cookie: garage.cookie },
        seconds: Math.max(2, Math.round(SECONDS / 2)),
      });
    }
    server.child.kill('SIGUSR2');
    while (!fs.existsSync(profileFile)) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.stop();
    figures.profile = summariseProfile(profileFile, 12);
    figures.machine.loadAverageAtEnd = os.loadavg().map((value) => value.toFixed(2));
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(resultsDir, 'api.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

async function runScale() {
  const figures = { machine: machine(), garage: GARAGE };
  const dataRoot = makeDataRoot();
  try {
    const server = await startServer({ dataRoot });
    try {
      const { pool, garage, records } = await seed(server);
      const reads = readsOf(garage);
      const calls = [...reads, ...otherReadsOf(garage)];
      const explain = async () =>
        explainAll(pool, await captureCalls({ ...server, pool, cookie: garage.cookie, calls }));
      figures.small = { records, reads: await loadOurs(server, garage, reads, 50) };
      const smallPlans = await explain();
      log(`bulk seeding up to ${SCALE_RECORDS} records`);
      const started = performance.now();
      await seedOtherUsers(pool, {
        count: 10_000,
        vehiclesEach: 2,
        records: SCALE_RECORDS - records,
      });
      await seedImagesAndFiles(pool, { perVehicle: 1 });
      // Done now, not by autovacuum in the middle of the measurements.
      await pool.query('vacuum analyze');
      await pool.query('checkpoint');
      figures.seedSeconds = Math.round((performance.now() - started) / 1000);
      const large = await countRecords(pool);
      log(`${large} records in ${figures.seedSeconds} s`);
      figures.large = { records: large, reads: await loadOurs(server, garage, reads, 50) };
      figures.explain = await explain();
      // Each query's own time and pages in PostgreSQL, small against large: far less touched
      // by the machine's noise than a load run (the pages not at all).
      for (const entry of figures.explain) {
        const small = smallPlans.find((plan) => plan.call === entry.call && plan.sql === entry.sql);
        entry.smallExecutionMs = small?.executionMs;
        entry.smallBuffers = small?.buffers;
      }
      await pool.end();
    } finally {
      await server.stop();
    }
    figures.machine.loadAverageAtEnd = os.loadavg().map((value) => value.toFixed(2));
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(resultsDir, 'scale.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

if (!fs.existsSync(path.join(distDir, 'server/main.js'))) {
  throw new Error(`No build in ${distDir}: run npm run build (npm run bench does)`);
}
if (isScale) await runScale();
else await runMain();
// The results are committed: written as the project's formatter (and so `npm run lint`) wants them.
execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', resultsDir], {
  stdio: 'ignore',
});
writeReport();
log('wrote bench/REPORT.md');
