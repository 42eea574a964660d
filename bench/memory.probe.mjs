#!/usr/bin/env node
/**
 * Where the server's memory is after the benchmark's read load (issue 24): the built server
 * (`dist`, nothing is built here) with the flags and environment `npm start` gives it, the
 * benchmark's garage seeded, then each of the benchmark's reads for a short while (at 10
 * connections, then at 50 with repeats with If-None-Match), as api.bench.mjs runs them. Memory
 * is read after seeding, the moment the load stops, after 1, 5 (the benchmark's wait) and 12 s
 * idle, and after a full garbage collection:
 *   - from outside, /proc/<pid>/status and /proc/<pid>/smaps: the resident set, split into the
 *     program's files, glibc's main heap, the heaps of glibc's other arenas (libuv's threads
 *     compress and hash there), and the rest of the anonymous memory (V8's heap among it);
 *   - from inside, through a preload of the probe's own (lib/memory-on-signal.mjs, not part of
 *     the server): process.memoryUsage() and V8's heap spaces before and after the collection.
 *
 *   node bench/memory.probe.mjs [--seconds=3] [--writes] [--node-flag=--x=1]… [--env=NAME=value]…
 *
 * --writes adds the benchmark's last runs, records created and sign-ins (Argon2id, 19 MiB each),
 * measured apart: the goal is on the reads, the benchmark's figure came after both.
 * --node-flag and --env change the server's flags and environment for an experiment.
 * Prints a table and writes the figures as JSON to --out=FILE when given.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_HEADERS, rawRequest } from './capture.mjs';
import { load } from './lib/load.mjs';
import { pagedReadsOf, readsOf, writesOf } from './lib/reads.mjs';
import { distDir, drained, makeDataRoot, root, startServer } from './lib/server.mjs';
import { GARAGE, PASSWORD, seedGarage, seedOtherUsers } from './seed.mjs';

/** When the idle server is read again: the benchmark's MEMORY_SETTLE_MS is 5 s. */
const IDLE_SAMPLES_MS = [1000, 5000, 12_000];
const argv = process.argv.slice(2);
const option = (name) =>
  argv
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const options = (name) =>
  argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
const seconds = Number(option('seconds') ?? 3);
const withWrites = argv.includes('--writes');
const extraFlags = options('node-flag');
const extraEnv = Object.fromEntries(
  options('env').map((pair) => [
    pair.slice(0, pair.indexOf('=')),
    pair.slice(pair.indexOf('=') + 1),
  ]),
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const KB_PER_MB = 1024;
const ARENA_HEAP_BYTES = 64 * 2 ** 20;

/**
 * The resident set of `pid` from /proc, in MB, by kind of memory. glibc gives each arena but the
 * main one heaps of 64 MB reserved at 64 MB boundaries (a readable part, then a `---p` rest):
 * those are told apart by that shape.
 */
function residentOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const mappings = [];
  let current;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      current = {
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3],
        inode: Number(header[4]),
        name: header[5],
        rssKb: 0,
      };
      mappings.push(current);
    } else if (current && line.startsWith('Rss:')) {
      current.rssKb = Number(/(\d+)/.exec(line)[1]);
    }
  }
  const kb = { files: 0, mainHeap: 0, arenaHeaps: 0, otherAnonymous: 0 };
  let arenas = 0;
  mappings.forEach((mapping, index) => {
    if (mapping.inode !== 0 || mapping.name.startsWith('/')) kb.files += mapping.rssKb;
    else if (mapping.name === '[heap]') kb.mainHeap += mapping.rssKb;
    else if (isArenaHeap(mapping, mappings[index + 1])) {
      kb.arenaHeaps += mapping.rssKb;
      arenas += 1;
    } else if (mapping.perms !== '---p') kb.otherAnonymous += mapping.rssKb;
  });
  return {
    rss: field('VmRSS') / KB_PER_MB,
    hwm: field('VmHWM') / KB_PER_MB,
    anonymous: field('RssAnon') / KB_PER_MB,
    ...Object.fromEntries(Object.entries(kb).map(([name, value]) => [name, value / KB_PER_MB])),
    arenas,
    threads: field('Threads'),
  };
}

function isArenaHeap(mapping, next) {
  if (mapping.name !== '' || !mapping.perms.startsWith('rw')) return false;
  if (mapping.start % BigInt(ARENA_HEAP_BYTES) !== 0n) return false;
  const reserved =
    next && next.perms === '---p' && next.start === mapping.end ? next.end : mapping.end;
  return reserved - mapping.start === BigInt(ARENA_HEAP_BYTES);
}

/** The server's own view, before and after a full collection (lib/memory-on-signal.mjs). */
async function heapOf(server, memoryFile) {
  const lines = fs.existsSync(memoryFile) ? fs.readFileSync(memoryFile, 'utf8').split('\n') : [];
  const seen = lines.filter(Boolean).length;
  server.child.kill('SIGUSR2');
  for (;;) {
    const now = fs.existsSync(memoryFile)
      ? fs.readFileSync(memoryFile, 'utf8').split('\n').filter(Boolean)
      : [];
    if (now.length > seen) return JSON.parse(now.at(-1));
    await sleep(50);
  }
}

const samples = [];
async function sample(server, memoryFile, moment, { collect = false } = {}) {
  const entry = { moment, loadAverage: os.loadavg()[0], resident: residentOf(server.child.pid) };
  if (collect) {
    entry.heap = await heapOf(server, memoryFile);
    entry.residentAfterGc = residentOf(server.child.pid);
  }
  samples.push(entry);
  const heap = entry.heap
    ? ` | heap used ${entry.heap.before.heapUsed.toFixed(0)} → ${entry.heap.after.heapUsed.toFixed(0)} MB after GC, total ${entry.heap.before.heapTotal.toFixed(0)} → ${entry.heap.after.heapTotal.toFixed(0)}, external ${entry.heap.after.external.toFixed(0)} (buffers ${entry.heap.after.arrayBuffers.toFixed(0)}); RSS after GC ${entry.residentAfterGc.rss.toFixed(0)}`
    : '';
  const r = entry.resident;
  console.log(
    `${moment.padEnd(26)} RSS ${r.rss.toFixed(0)} MB (files ${r.files.toFixed(0)}, main heap ${r.mainHeap.toFixed(0)}, ${r.arenas} arena heaps ${r.arenaHeaps.toFixed(0)}, other anon ${r.otherAnonymous.toFixed(0)}; peak ${r.hwm.toFixed(0)}, ${r.threads} threads; load ${entry.loadAverage.toFixed(1)})${heap}`,
  );
  return entry;
}

/** The benchmark's reads: each at 10 connections, then each at 50 with its repeat, then the paged. */
/**
 * The resident set while the server idles: at the benchmark's MEMORY_SETTLE_MS, and after V8's
 * memory reducer would have run by default (8 s after the allocation rate drops), then the heap.
 */
async function idleSamples(server, memoryFile, phase) {
  let idleMs = 0;
  for (const atMs of IDLE_SAMPLES_MS) {
    await sleep(atMs - idleMs);
    idleMs = atMs;
    await sample(server, memoryFile, `${phase}: ${atMs / 1000} s idle`, {
      collect: atMs === IDLE_SAMPLES_MS.at(-1),
    });
  }
}

async function loadReads(server, garage) {
  const browser = { ...BROWSER_HEADERS, cookie: garage.cookie };
  const runs = [
    ...readsOf(garage).map((read) => ({ read, connections: 10, repeat: false })),
    ...[...readsOf(garage), ...pagedReadsOf(garage)].map((read) => ({
      read,
      connections: 50,
      repeat: true,
    })),
  ];
  let requests = 0;
  for (const { read, connections, repeat } of runs) {
    const url = `${server.url}${read.path}`;
    // The first answer's tag, as the benchmark captures it before its runs.
    const first = await rawRequest(url, { headers: browser });
    if (first.status !== 200) {
      console.log(`${read.name} answered ${first.status}: left out`);
      continue;
    }
    requests += (await load({ url, connections, headers: browser, seconds })).total;
    if (repeat && first.headers.etag) {
      const repeated = await load({
        url,
        connections: 50,
        headers: { ...browser, 'if-none-match': first.headers.etag },
        expectStatus: 304,
        seconds,
      });
      requests += repeated.total;
    }
  }
  return requests;
}

/** The benchmark's last runs: records created and sign-ins (Argon2id), at 10 then 50 connections. */
async function loadWrites(server, garage) {
  for (const connections of [10, 50]) {
    const figures = [];
    for (const { name: _, ...request } of writesOf(server.url, garage, PASSWORD)) {
      figures.push(await load({ ...request, connections, seconds }));
    }
    const [created, signIns] = figures;
    console.log(
      `writes @${connections}: ${created.requestsPerSecond} records/s, ${signIns.requestsPerSecond} sign-ins/s`,
    );
  }
}

if (!fs.existsSync(path.join(distDir, 'server/main.js'))) {
  throw new Error(`No build in ${distDir}: run npm run build first`);
}
const dataRoot = makeDataRoot();
const memoryFile = path.join(dataRoot, 'memory.jsonl');
const started = { at: new Date().toISOString(), loadAverage: os.loadavg() };
console.log(
  `flags ${extraFlags.join(' ') || '(as npm start)'}; env ${JSON.stringify(extraEnv)}; ${seconds} s a run`,
);
let server;
try {
  server = await startServer({
    dataRoot,
    nodeArgs: [...extraFlags, '--import', path.join(root, 'bench/lib/memory-on-signal.mjs')],
    env: { ...extraEnv, BENCH_MEMORY_FILE: memoryFile },
  });
  await sample(server, memoryFile, 'started');
  const pool = server.pool();
  const garage = await seedGarage(server.url, pool);
  await seedOtherUsers(pool, { count: GARAGE.otherUsers, records: GARAGE.otherUsers * 5 });
  await pool.end();
  await sample(server, memoryFile, 'seeded');
  const readsStarted = performance.now();
  const readRequests = await loadReads(server, garage);
  const readsSeconds = (performance.now() - readsStarted) / 1000;
  console.log(`reads: ${readRequests} answered in ${readsSeconds.toFixed(0)} s`);
  await sample(server, memoryFile, 'reads: load stopped');
  await idleSamples(server, memoryFile, 'reads');
  if (withWrites) {
    await loadWrites(server, garage);
    await sample(server, memoryFile, 'writes: load stopped');
    const stopped = performance.now();
    await drained(server.child.pid);
    await sample(
      server,
      memoryFile,
      `writes: drained after ${((performance.now() - stopped) / 1000).toFixed(0)} s`,
    );
    await idleSamples(server, memoryFile, 'writes');
  }
  const out = option('out');
  if (out) {
    fs.writeFileSync(
      out,
      `${JSON.stringify({ started, flags: extraFlags, env: extraEnv, seconds, readsSeconds, readRequests, samples }, null, 2)}\n`,
    );
  }
} finally {
  await server?.stop();
  fs.rmSync(dataRoot, { recursive: true, force: true });
}
