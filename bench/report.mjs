/**
 * bench/REPORT.md, one page of goals and latest figures, from bench/results: api.json
 * (`npm run bench`) and scale.json (`npm run bench:scale`), whose full tables it writes to
 * bench/results/api.md and scale.md, and the pages written by bench:pages, bench:reminders and
 * bench:imports (pages.md, reminders.md, imports.md), each when present. Every benchmark ends by it.
 *   node bench/report.mjs
 */
import fs from 'node:fs';
import path from 'node:path';

import { PAGE_GOALS } from './lib/page-goals.mjs';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');

/** The server's memory once the load is over: read after it idled, when the run did. */
const memoryAfterLoad = (api) => api.memory.settledMb ?? api.memory.afterLoadMb;

const GOALS = {
  p99Ms: 25,
  stackShare: 0.7,
  /** Issue 24: a repeated read of unchanged data, against the wire ceiling's 304. */
  repeatWireShare: 0.5,
  /** Issue 24: the first page of the paged records (and searched, filtered), at 50 connections. */
  pagedP99Ms: 25,
  memoryMb: 200,
  /** Issue 24: the first answer of `npm start` on an existing store, and on a fresh one (initdb). */
  startupMs: 2000,
  freshStartupMs: 2500,
  scaleP99Factor: 2,
  /** Decision 050: a vehicle's economy over 10,000 entries, at 10 connections. */
  economyP99Ms: 50,
};

/** The headings of the full pages that REPORT.md's goals link to. */
const HEADINGS = {
  api: 'API against its ceilings (`npm run bench`)',
  firstReads: 'First reads',
  repeats: 'Repeated reads (`If-None-Match`, 50 connections)',
  paged: 'The paged records: first page, 50 connections',
  memory: 'Memory',
  startup: 'Start-up (`npm start`, build already there)',
  scale: 'A million records (`npm run bench:scale`)',
};
const explainHeading = (scale) =>
  `EXPLAIN (ANALYZE, BUFFERS) of every per-user query, on ${scale.large.records} records`;

/** The read the issue's goals name: one vehicle's records, at 50 connections. */
const HEADLINE_READ = 'GET /api/vehicles/{id}/maintenance';
const headlineOf = (api) =>
  api.reads.find((row) => row.connections === 50 && row.name === HEADLINE_READ);

function readJson(name) {
  const file = path.join(resultsDir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

const ratio = (a, b) => (b ? (a / b).toFixed(2) : '–');
const mark = (ok) => (ok ? 'yes' : '**no**');
/** A run in which not one request completed within the run's length. */
const NO_FIGURE = '**no figure** (no request completed within the run)';

function machineLine(machine) {
  return (
    `${machine.date} · ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB · ` +
    `Node ${machine.node} · ${machine.seconds} s per load run · load average ` +
    `${machine.loadAverage.join(' ')} at the start, ${machine.loadAverageAtEnd?.join(' ') ?? '?'} at the end`
  );
}

/** An honest line about how busy the machine was, read from the wire ceiling's own figures. */
function loadLine(api) {
  const smallest = Math.min(...api.reads.map((row) => row.bytes));
  const small = api.reads.filter((row) => row.bytes === smallest);
  const wire = small.map((row) => row.wire.requestsPerSecond);
  // Measured on this machine when it ran nothing else: the wire ceiling at 25,000–34,000 req/s
  // (2026-11-23) and 55,000–70,000 (2026-11-24, a faster host under the same name).
  const quiet = Math.min(...wire) >= 25_000;
  return (
    `**Load on the machine:** a load average of ${api.machine.loadAverage[0]} at the start and ` +
    `${api.machine.loadAverageAtEnd?.[0] ?? '?'} at the end on ${api.machine.cores} cores; the ` +
    'benchmark itself keeps two to four processes busy (autocannon, the server, PostgreSQL). The ' +
    `wire ceiling, which does nothing but answer bytes from memory, reached ${Math.min(...wire)}–` +
    `${Math.max(...wire)} req/s on the smallest answer (${small[0].name}, ${smallest} bytes), ` +
    (quiet
      ? 'as fast as it has been measured on this machine with nothing else running, so nothing ' +
        'else slowed this run much. '
      : 'below the 25,000 it reaches here with nothing else running: other work shared the ' +
        'machine, and the absolute figures below are lower than the same code reaches when it ' +
        'is quiet. ') +
    'Runs minutes apart can meet different loads: read the ratios of the same run.'
  );
}

/** Where the p99 goal stands against what a bare server running the same SQL reaches. */
function p99GapLine(api) {
  const at50 = api.reads.filter((row) => row.connections === 50);
  const missed = at50.filter((row) => row.ours.p99 >= GOALS.p99Ms);
  if (missed.length === 0) return `Every read meets the p99 goal at 50 connections.`;
  const ceilingMisses = missed.filter((row) => row.stack.p99 >= GOALS.p99Ms);
  const ours = missed.filter((row) => row.stack.p99 < GOALS.p99Ms);
  const wireMisses = missed.filter((row) => row.wire.p99 >= GOALS.p99Ms);
  const name = (row) => `\`${row.name}\` (ours ${row.ours.p99} ms, stack ${row.stack.p99} ms)`;
  return (
    `**Where the p99 goal is missed at 50 connections:** ` +
    (ceilingMisses.length > 0
      ? `the stack ceiling itself, with nothing but the SQL and \`JSON.stringify\`, misses it on ` +
        `${ceilingMisses.map(name).join(', ')}: at 50 connections a p99 of ${GOALS.p99Ms} ms needs ` +
        `about ${Math.round((50 / GOALS.p99Ms) * 1000)} answers a second (Little's law), and these ` +
        "reads' SQL and bytes do not allow that on two cores shared with the load and PostgreSQL. "
      : '') +
    (wireMisses.length > 0
      ? `Even the wire ceiling, answering the same bytes from memory, misses it on ` +
        `${wireMisses.map((row) => `\`${row.name}\` (${row.wire.p99} ms)`).join(', ')}: ` +
        'there the answer is so large that sending it at 50 connections takes longer than the ' +
        'goal, whatever makes it. '
      : '') +
    (ours.length > 0
      ? `Ours alone misses it where the ceiling does not on ${ours.map(name).join(', ')}: ` +
        'that gap is our framework, session lookup, validation and logging (profile below).'
      : 'Ours misses it nowhere the stack ceiling meets it.')
  );
}

/**
 * The repeats with If-None-Match, against the wire ceiling's 304 and the stack ceiling's: the
 * session lookup through `pg`, then the 304, which is the least a 304 that reads the data
 * version from the database can do.
 */
function repeatLines(api) {
  const rows = api.reads.filter((row) => row.repeat);
  if (rows.length === 0) return [];
  const lines = [
    '',
    `## ${HEADINGS.repeats}`,
    '',
    '| read | ours 304 req/s | p50 ms | p99 ms | errors | stack 304 req/s | ours ÷ stack | wire 304 req/s | ours ÷ wire | 0.5× goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    if (!row.repeat.ours) {
      lines.push(`| ${row.name} | ${row.repeat.missing} | | | | | | | | ${NO_FIGURE} |`);
      continue;
    }
    const { ours, stack, wire } = row.repeat;
    const stackFigures = stack
      ? `${stack.requestsPerSecond} | ${ratio(ours.requestsPerSecond, stack.requestsPerSecond)}`
      : 'not measured | ';
    lines.push(
      `| ${row.name} | ${ours.requestsPerSecond} | ${ours.p50} | ${ours.p99} | ${ours.errors} | ` +
        `${stackFigures} | ${wire.requestsPerSecond} | ${ratio(ours.requestsPerSecond, wire.requestsPerSecond)} | ` +
        `${ours.total ? mark(ours.requestsPerSecond >= GOALS.repeatWireShare * wire.requestsPerSecond) : NO_FIGURE} |`,
    );
  }
  return lines;
}

/** The first page of the paged records, searched and filtered. */
function pagedLines(api) {
  if (!api.paged) return [];
  const lines = ['', `## ${HEADINGS.paged}`, ''];
  if (api.paged.skipped) {
    lines.push(`Not measured: ${api.paged.skipped} on the build measured.`);
    return lines;
  }
  lines.push(
    `Goal: p99 under ${GOALS.pagedP99Ms} ms on the first read of each, over the garage's ` +
      `${api.garage.records.toLocaleString('en-US')} records.`,
    '',
    '| read | JSON → sent bytes | ours req/s | p50 ms | p99 ms | errors | repeat (304) req/s | repeat p99 ms | p99 goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const row of api.paged.rows) {
    lines.push(
      `| \`${row.path}\` | ${row.bytes} → ${row.wireBytes} | ${row.ours.requestsPerSecond} | ${row.ours.p50} | ` +
        `${row.ours.p99} | ${row.ours.errors} | ${row.repeat ? row.repeat.requestsPerSecond : row.repeatMissing} | ` +
        `${row.repeat ? row.repeat.p99 : ''} | ${row.ours.total ? mark(row.ours.p99 < GOALS.pagedP99Ms) : NO_FIGURE} |`,
    );
  }
  return lines;
}

function apiSection(api) {
  const lines = [
    `[← Performance report](../REPORT.md)`,
    '',
    `# ${HEADINGS.api}`,
    '',
    machineLine(api.machine),
    '',
    loadLine(api),
    '',
    `Seeded: one user with ${api.garage.vehicles} vehicles and ${api.garage.records.toLocaleString('en-US')} records ` +
      `(maintenance, repairs, modifications, documents) among ${api.garage.otherUsers.toLocaleString('en-US')} other users; ` +
      `${api.records.toLocaleString('en-US')} records in all. Load: autocannon 8 on loopback, one call per run.`,
    '',
    'Every read is asked as a browser asks: `Accept-Encoding: br, gzip` (our server answers JSON ' +
      'of 1 KB or more in brotli at quality 4), and at 50 connections again as a repeat with ' +
      '`If-None-Match` and the ETag its first answer carried (a refetch of unchanged data; "no ETag" ' +
      'when the first answer carried none). **Stack ceiling**: a bare `node:http` server running ' +
      'the same SQL through `pg`, `JSON.stringify`-ing the rows and compressing them as our server ' +
      'does, checking nothing and keeping nothing. **Wire ceiling**: a bare `node:http` server ' +
      'answering from memory the bytes our server answered (compressed alike), and to a repeat ' +
      'the 304 our server answered. Ours ÷ ceiling is the throughput ratio of the same run.',
    '',
    `Goals: p99 under ${GOALS.p99Ms} ms at 50 connections on every read; first reads at least ` +
      `${GOALS.stackShare}× the stack ceiling's throughput; repeats at least ` +
      `${GOALS.repeatWireShare}× the wire ceiling's 304s (issue 24 names \`${HEADLINE_READ}\`).`,
    '',
    `## ${HEADINGS.firstReads}`,
    '',
    '| read | conns | JSON → sent bytes | ours req/s | p50 ms | p99 ms | errors | stack req/s | ours ÷ stack | wire req/s | ours ÷ wire | p99 goal | 0.7× goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const row of api.reads) {
    const share = row.ours.requestsPerSecond / row.stack.requestsPerSecond;
    const sent =
      row.wireBytes === undefined
        ? `${row.bytes}`
        : `${row.bytes} → ${row.wireBytes}${row.encoding ? ` (${row.encoding})` : ''}`;
    lines.push(
      `| ${row.name} | ${row.connections} | ${sent} | ${row.ours.requestsPerSecond} | ${row.ours.p50} | ${row.ours.p99} | ` +
        `${row.ours.errors} | ${row.stack.requestsPerSecond} | ${ratio(row.ours.requestsPerSecond, row.stack.requestsPerSecond)} | ` +
        `${row.wire.requestsPerSecond} | ${ratio(row.ours.requestsPerSecond, row.wire.requestsPerSecond)} | ` +
        `${row.connections !== 50 ? '' : row.ours.total ? mark(row.ours.p99 < GOALS.p99Ms) : NO_FIGURE} | ` +
        `${row.ours.total && row.stack.total ? mark(share >= GOALS.stackShare) : NO_FIGURE} |`,
    );
  }
  lines.push(...repeatLines(api), ...pagedLines(api));
  lines.push(
    '',
    'Ceilings at p99 (ms), same runs: ' +
      api.reads
        .filter((row) => row.connections === 50)
        .map(
          (row) => `${row.name.replace(/^GET /, '')} stack ${row.stack.p99} / wire ${row.wire.p99}`,
        )
        .join('; ') +
      '.',
    '',
    p99GapLine(api),
    '',
    '## Writes',
    '',
    '| call | conns | req/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...api.writes.map(
      (row) =>
        `| ${row.name} | ${row.connections} | ${row.ours.requestsPerSecond} | ${row.ours.p50} | ${row.ours.p99} | ${row.ours.errors} |`,
    ),
    '',
    `## ${HEADINGS.memory}`,
    '',
    `Server process RSS (PostgreSQL's own processes not included): ${api.memory.afterSeedMb} MB after ` +
      `seeding, ${api.memory.afterLoadMb} MB the moment the last load run stopped (50 sign-ins at ` +
      'once, each an Argon2id hash of 19 MiB, some still in flight)' +
      (api.memory.settledMb === undefined
        ? ` (goal: under ${GOALS.memoryMb} MB: ${mark(memoryAfterLoad(api) < GOALS.memoryMb)}).`
        : `, ${api.memory.settledMb} MB ${api.memory.settleSeconds} s later with the server idle ` +
          `(goal, on the idle figure: under ${GOALS.memoryMb} MB: ${mark(memoryAfterLoad(api) < GOALS.memoryMb)}).`),
    '',
    'Where it went, and what was cut (2026-11-26, `process.memoryUsage()`, `/proc/<pid>/smaps` and ' +
      "V8's heap spaces of the built server; the machine was shared, at load averages of 6–20, so " +
      'throughput figures of those runs mean nothing, but memory ones do):',
    '',
    "- **V8's young generation.** Node 24's V8 grows each semi-space up to 64 MB on a machine with " +
      "this much memory (Node 20's stopped at 16 MB), and loading the app's modules alone grew them " +
      'fully: `new_space` 128 MB, and the idle server (`node dist/server/main.js`, nothing asked ' +
      'yet) at 425 MB RSS. The server now runs with `--max-semi-space-size=8` ' +
      '(`scripts/server-flags.mjs`; `scripts/start.mjs` starts the server with it): idle 229 MB. ' +
      "A request's objects live for milliseconds; 8 MB holds many requests' worth.",
    "- **Drizzle's module graph.** `drizzle-orm` is some 450 ES modules that re-export one another " +
      '(`export *`); importing it as ES modules made about 80 MB of garbage and left the process ' +
      '77 MB larger than requiring the same package as CommonJS (134 against 57 MB RSS, 5 MB of ' +
      'heap either way after a full GC). It is now bundled into the server ' +
      '(`scripts/build-server.mjs`, `BUNDLED_PACKAGES`), resolved once at build time: idle 229 → 149 MB.',
    '- **What stays after the reads** (2026-11-26, `node bench/memory.probe.mjs --writes`: the ' +
      "benchmark's reads, first and repeated, at 10 and 50 connections, 3 s each, then its writes; " +
      'the resident set split by `/proc/<pid>/smaps`, the heap read before and after a full ' +
      'collection; load averages 5–25 on 2 cores, noted per run) is the old generation: some 37 MB ' +
      'alive, and whatever V8 let pile up before its next full collection, since it grows the old ' +
      'space to up to 4× what is alive and keeps the pages committed afterwards. The same reads ' +
      'ended at 156 and 214 MB RSS (old space 48 and 107 MB committed, 37 MB alive; load 12 and ' +
      "22), and at 153 and 273 MB with V8's memory reducer started earlier (old space 46 and 164 MB), " +
      'with the answer cache off at 246 MB (peak 416 MB: every read rebuilt ' +
      "and compressed). Native memory is small beside it: glibc's main heap 8–9 MB and its other " +
      "arenas (libuv's threads, brotli and Argon2id) 11–17 MB, 31 MB with the cache off; " +
      '`external` 4 MB. The server now runs with `--heap-growing-percent=50` (the old generation ' +
      'grows by half of what is alive before it is collected): 159, 161 and 162 MB after the same ' +
      'reads, peaks of 161–181 MB during them (178–289 MB without), and 88,845 reads answered in ' +
      '74 s against 67,001 and 87,013 in the two runs just before without it (load 5, 12 and 11).',
    '- **Tried and dropped**: `--optimize-for-size` (128 MB, but half the reads answered in the ' +
      "same time); starting V8's memory reducer after 1 s of calm instead of 8 " +
      '(`--gc-memory-reducer-start-delay-ms=1000`: 153 MB once, 273 MB the next run, the idle ' +
      'server never shrank within 12 s); `MALLOC_ARENA_MAX=2` and lower trim thresholds before, ' +
      'nothing measurable, and the arenas hold under 20 MB after the reads. `--max-old-space-size` ' +
      'is not set: an import or restore that needs more would then crash the server instead of ' +
      'using the memory.',
    '- **The sign-ins and the answer cache.** The figure above is read after the last load run, 50 ' +
      'sign-ins at once, each an Argon2id hash of 19 MiB on one of 4 libuv threads: 194–226 MB ' +
      'when that run stops, 151–152 MB 2–4 s later once the queued sign-ins are answered (the ' +
      "hashes' memory goes back to the system), which is when the benchmark now starts its " +
      '5 s wait. The seed registers one user (one hash). The cache of finished answers holds the ' +
      "garage's few kept answers here, under 1 MB; with many users it fills to its cap " +
      '(`ANSWER_CACHE_MB`, 32 MB by default), which comes on top.',
    '',
    '## Where the time goes (CPU profile)',
    '',
    "V8's CPU profiler in the server (started and stopped by signal around the load, so start-up " +
      `is left out) under 50 connections on each read in turn; self time, ` +
      `${api.profile.busyMs} ms busy of ${api.profile.totalMs} ms. Summarise any profile with ` +
      '`node bench/profile.mjs <file>.cpuprofile`.',
    '',
    '| by package | share of busy time |',
    '|---|---:|',
    ...api.profile.modules.map((row) => `| ${row.name} | ${(row.share * 100).toFixed(1)} % |`),
    '',
    '| by function | share of busy time |',
    '|---|---:|',
    ...api.profile.functions.map(
      (row) => `| \`${row.name}\` | ${(row.share * 100).toFixed(1)} % |`,
    ),
    '',
    '## What the profile showed, and what was cut',
    '',
    '- **Drizzle building SQL on every request** was the largest share of our own time (16 % of ' +
      'busy time in a profile of `GET /api/vehicles` and `GET /api/user` at 50 connections), much ' +
      'of it for the session lookup that every API call makes. That query is now built once and ' +
      'prepared (named) in PostgreSQL: Drizzle fell to 7.7 % in the same profile, the session ' +
      "lookup's share of it from 252 ms to 85 ms.",
    '- **@fastify/helmet rebuilt helmet for every request**, parsing the whole Content-Security-Policy ' +
      'each time (helmet, @fastify/helmet and `parseDirectives` together about 3 %). Our headers never ' +
      'vary by request, so they are now worked out once at start-up and set as they are.',
    '- **Drizzle building the SQL of every other read on every request.** After the session lookup, ' +
      'a profile of `GET /api/user` alone at 50 connections still gave Drizzle 26 % of busy time: ' +
      'building the user read (`buildSelectQuery` 12 %, its `is` checks 10 %). Every read that a ' +
      'page makes is now written once with placeholders, turned into text once and prepared under ' +
      'a name (`server/db/prepared.ts`): the session, the user, the vehicle ownership check, the ' +
      'vehicle list and one vehicle, the record lists (each kind, all, one vehicle, one record), ' +
      'the open records behind the bell and Upcoming Services, and the recent activity. Measured ' +
      'before and after in one sitting on the seeded garage (50 connections, 6 s each): ' +
      '`GET /api/user` 1,219 → 1,975 req/s, `GET /api/vehicles/{id}/maintenance` 489 → 660, ' +
      '`GET /api/vehicles` 334 → 405; `GET /api/records` stayed at 26–30 (its cost is the 2,000 ' +
      "records' bytes, which the stack ceiling pays too).",
    '- **`GET /api/user` read its user twice**: once in the session lookup every call makes (the ' +
      'user id) and again in the handler (the user). The session lookup now joins the user and ' +
      'carries the fields the answer needs, so the call every page makes first runs one statement ' +
      '(`server/modules/accounts/accounts.test.ts` counts it). The stack ceiling runs that one ' +
      'statement too. Same machine, one day apart, 50 connections: 3,789 req/s at 0.58× a ' +
      'ceiling that ran one query while ours ran two, then 5,022 req/s at 0.96× (p99 20 → 25 ms: ' +
      'a third more calls answered in the same time).',
    '- **Tried and dropped: fast-json-stringify in place of zod.** Compiling each response schema ' +
      "to JSON Schema and writing answers with Fastify's own serializer (which also writes only " +
      'the listed fields) was slower on our answers, which are mostly text: `GET /api/user` 1,038 ' +
      'against 1,219 req/s with zod and `JSON.stringify`, `/api/vehicles/{id}/maintenance` 397 ' +
      'against 489, `/api/vehicles` 276 against 334, `/api/records` 21 against 30 (one sitting, ' +
      'same garage). The zod check stays.',
    '- Measured and left, with the reason: the request log (pino and its redaction, about 2 %: one ' +
      'line when a request arrives and one when it completes, kept for operations); the response ' +
      'check through zod (about 2–8 %: it is what keeps every answer to the contract, dropping any ' +
      "field the contract does not list, so it stays); `pg` parsing rows (about 10 %) and the sockets' " +
      'own writes (`writev`, a third of busy time on `/api/vehicles/{id}/maintenance`, most of it ' +
      'sending the queries to PostgreSQL), which the stack ceiling pays too.',
    '- **Compression is in these figures** (issue 24): every read sends `Accept-Encoding: br, gzip` ' +
      'as browsers do, our server brotli-compresses JSON of 1 KB or more (decision 015: on a phone, ' +
      'bytes cost more than CPU), the stack ceiling compresses its JSON the same way and the wire ' +
      'ceiling answers the same compressed bytes. Figures before 2026-11-26 compared uncompressed ' +
      'answers and are not comparable with these.',
    '',
    `## ${HEADINGS.startup}`,
    '',
    '`npm start` runs `exec node scripts/start.mjs`, which checks the build and then becomes the ' +
      "server (`process.execve`: the same pid, a fresh Node with the server's flags): two " +
      'processes in all, npm (about 70 MB RSS, faults/stop.ts records it) and the server, where ' +
      'there were four (npm, its shell, start.mjs and the server). ' +
      `First answered request (\`GET /healthz\`) after \`node scripts/start.mjs\`: ` +
      `${api.startup.freshMs} ms on a fresh embedded store (initdb, migrations), ` +
      `${api.startup.existingMs} ms on an existing one (goals: within ${GOALS.freshStartupMs} ms fresh, ` +
      `${mark(api.startup.freshMs <= GOALS.freshStartupMs)}; within ${GOALS.startupMs} ms existing, ` +
      `${mark(api.startup.existingMs <= GOALS.startupMs)}).` +
      (api.startup.freshBuilt || api.startup.existingBuilt
        ? ' A source changed during the run (other work goes on in this tree), so npm start built ' +
          `first: the ${api.startup.freshBuilt ? 'fresh' : 'existing'} figure includes a build.`
        : ' Neither start had to build.') +
      (api.startup.serverOnlyExistingMs
        ? ` The server alone (\`node dist/server/main.js\`, no build check) on the existing store: ` +
          `${api.startup.serverOnlyExistingMs} ms.`
        : ''),
    '',
    '<details><summary>The SQL each read runs (session lookup left out), as run by the stack ceiling</summary>',
    '',
    ...api.statements.flatMap((read) => [
      `**${read.name}**`,
      '',
      '```sql',
      ...read.statements.map(
        (statement) => `${statement.text};  -- ${JSON.stringify(statement.values)}`,
      ),
      '```',
      '',
    ]),
    '</details>',
    '',
  );
  return lines;
}

function scaleSection(scale) {
  const lines = [
    `[← Performance report](../REPORT.md)`,
    '',
    `# ${HEADINGS.scale}`,
    '',
    machineLine(scale.machine),
    '',
    `The seeded user's reads at 50 connections on the small database (${scale.small.records} records), ` +
      `then again after ${scale.large.records - scale.small.records} more records of every kind went in with ` +
      `\`generate_series\` SQL over 10,000 more users (${scale.seedSeconds} s), ${scale.large.records} in all. ` +
      `Goal: p99 within ${GOALS.scaleP99Factor}× of the small database.`,
    '',
    '| read | small req/s | small p99 ms | large req/s | large p99 ms | p99 large ÷ small | goal |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  scale.small.reads.forEach((small, index) => {
    const large = scale.large.reads[index];
    const factor = large.ours.p99 / Math.max(small.ours.p99, 1);
    const measured = small.ours.total > 0 && large.ours.total > 0;
    lines.push(
      `| ${small.name} | ${small.ours.requestsPerSecond} | ${small.ours.p99} | ${large.ours.requestsPerSecond} | ` +
        `${large.ours.p99} | ${measured ? factor.toFixed(2) : '–'} | ` +
        `${measured ? mark(factor <= GOALS.scaleP99Factor) : NO_FIGURE} |`,
    );
  });
  const misses = scale.small.reads
    .map((small, index) => ({ small, large: scale.large.reads[index] }))
    .filter(
      ({ small, large }) =>
        small.ours.total > 0 &&
        large.ours.total > 0 &&
        large.ours.p99 / Math.max(small.ours.p99, 1) > GOALS.scaleP99Factor,
    );
  for (const { small, large } of misses) {
    const inDatabase = scale.explain.filter(
      (entry) => entry.call === small.name && entry.smallExecutionMs,
    );
    const slowest = Math.max(
      ...inDatabase.map((entry) => entry.executionMs / entry.smallExecutionMs),
      0,
    );
    lines.push(
      '',
      `**${small.name} misses the goal on its tail, not its work:** it answered ` +
        `${small.ours.requestsPerSecond} req/s on the small database and ` +
        `${large.ours.requestsPerSecond} on the large one (p50 ${small.ours.p50} → ` +
        `${large.ours.p50} ms)` +
        (inDatabase.length > 0
          ? `, and its SQL took at most ${slowest.toFixed(2)}× as long inside PostgreSQL (below)`
          : '') +
        `. At that rate 50 connections queue for about ${Math.round((50 / Math.max(large.ours.requestsPerSecond, 1)) * 1000)} ms ` +
        "(Little's law), so its p99 is the queue's longest waits, which move from run to run " +
        'with the machine: its cost is the size of its answer (every record of the garage).',
    );
  }
  lines.push(
    '',
    'Each per-user query inside PostgreSQL (`EXPLAIN (ANALYZE, BUFFERS)`, same parameters, the ' +
      'fastest of 5 runs), small database against large: its execution time, far less touched by ' +
      'the load on the machine than the runs above, and the pages (8 kB buffers) it touched, not ' +
      'touched by it at all (a page read twice counts twice).',
    '',
    '| call | query | small ms | large ms | large ÷ small | small pages | large pages |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...scale.explain.map(
      (entry) =>
        `| ${entry.call} | \`${entry.sql.replace(/\s+/g, ' ').trim().slice(0, 60).replaceAll('|', '\\|')}…\` | ` +
        `${entry.smallExecutionMs ?? '–'} | ${entry.executionMs} | ` +
        `${entry.smallExecutionMs ? ratio(entry.executionMs, entry.smallExecutionMs) : '–'} | ` +
        `${entry.smallBuffers ?? '–'} | ${entry.buffers ?? '–'} |`,
    ),
  );
  const seqScans = scale.explain.filter((entry) => entry.seqScans.length > 0);
  lines.push(
    '',
    `## ${explainHeading(scale)}`,
    '',
    'Found here and fixed: with a million records the planner started two parallel workers for ' +
      'the expenses totals, about 20 ms of process start-up for queries of 2–8 ms on the small ' +
      "database (28.9 and 34.5 ms on the large one). The app's connections now run with " +
      '`max_parallel_workers_per_gather = 0` (server/db/open.ts), and so do the EXPLAINs below.',
    '',
    seqScans.length === 0
      ? 'No sequential scan in any plan: every per-user query is an index scan.'
      : `Sequential scans: ${seqScans.map((entry) => `${entry.call} (${entry.seqScans.join(', ')})`).join('; ')}.`,
    '',
  );
  for (const entry of scale.explain) {
    lines.push(
      `<details><summary>${entry.call}: ${entry.seqScans.length ? `seq scan on ${entry.seqScans.join(', ')}` : 'index scans only'}</summary>`,
      '',
      '```sql',
      entry.sql,
      '```',
      '',
      '```',
      entry.plan,
      '```',
      '',
      '</details>',
      '',
    );
  }
  return lines;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** A link from REPORT.md to a section of a full page in bench/results. */
const linkTo = (file, heading, label = heading?.replaceAll('`', '')) =>
  `[${file}${label ? ` § ${label}` : ''}](results/${file}${heading ? `#${anchorOf(heading)}` : ''})`;

const dayOf = (isoDate) => isoDate.slice(0, 10);
const allOf = (met, of) => `met on ${met} of ${of}`;

/**
 * Each goal of the API run: what is measured, the target, the latest figure, met or not, and
 * where its full table is.
 */
function apiGoals(api) {
  const run = dayOf(api.machine.date);
  const rows = [];
  const headline = headlineOf(api);
  if (headline) {
    const firstShare = headline.ours.requestsPerSecond / headline.stack.requestsPerSecond;
    const repeat = headline.repeat?.ours
      ? headline.repeat.ours.requestsPerSecond / headline.repeat.wire.requestsPerSecond
      : undefined;
    rows.push(
      {
        goal: `One vehicle's records (\`${HEADLINE_READ}\`), first reads, 50 connections`,
        target: `≥ ${GOALS.stackShare}× the stack ceiling's req/s`,
        figure: `${firstShare.toFixed(2)}×`,
        met: firstShare >= GOALS.stackShare,
        run,
        link: linkTo('api.md', HEADINGS.firstReads),
      },
      {
        goal: `One vehicle's records, repeated reads (\`If-None-Match\`), 50 connections`,
        target: `≥ ${GOALS.repeatWireShare}× the wire ceiling's 304s`,
        figure:
          repeat === undefined
            ? `not measured (${headline.repeat?.missing ?? 'no repeat'})`
            : `${repeat.toFixed(2)}×` +
              (headline.repeat.stack
                ? ` (${(headline.repeat.ours.requestsPerSecond / headline.repeat.stack.requestsPerSecond).toFixed(2)}× the stack ceiling's 304 after its one session lookup)`
                : ''),
        met: repeat !== undefined && repeat >= GOALS.repeatWireShare,
        run,
        link: linkTo('api.md', HEADINGS.repeats),
      },
    );
  }
  if (api.paged) {
    const met = api.paged.rows.filter(
      (row) => row.ours.total > 0 && row.ours.p99 < GOALS.pagedP99Ms,
    );
    rows.push({
      goal: 'The first page of the paged records (first page, search, type and vehicle filters), 50 connections',
      target: `p99 < ${GOALS.pagedP99Ms} ms on each`,
      figure: api.paged.skipped
        ? `not measured (${api.paged.skipped})`
        : `${allOf(met.length, api.paged.rows.length)} (${api.paged.rows.map((row) => `${row.ours.p99} ms`).join(', ')})`,
      met: !api.paged.skipped && met.length === api.paged.rows.length,
      run,
      link: linkTo('api.md', HEADINGS.paged),
    });
  }
  const at50 = api.reads.filter((row) => row.connections === 50);
  const p99Met = at50.filter((row) => row.ours.total > 0 && row.ours.p99 < GOALS.p99Ms).length;
  const shareMet = api.reads.filter(
    (row) => row.ours.requestsPerSecond >= GOALS.stackShare * row.stack.requestsPerSecond,
  ).length;
  rows.push(
    {
      goal: 'Every read, 50 connections',
      target: `p99 < ${GOALS.p99Ms} ms`,
      figure: `${allOf(p99Met, at50.length)} reads`,
      met: p99Met === at50.length,
      run,
      link: linkTo('api.md', HEADINGS.firstReads),
    },
    {
      goal: 'Every read, at 10 and at 50 connections',
      target: `≥ ${GOALS.stackShare}× the stack ceiling's req/s`,
      figure: `${allOf(shareMet, api.reads.length)} runs`,
      met: shareMet === api.reads.length,
      run,
      link: linkTo('api.md', HEADINGS.firstReads),
    },
    {
      goal: "The server's memory (RSS) after the load",
      target: `< ${GOALS.memoryMb} MB`,
      figure:
        `${memoryAfterLoad(api)} MB` +
        (api.memory.settledMb === undefined
          ? ''
          : ` (${api.memory.afterLoadMb} MB the moment the load stopped)`),
      met: memoryAfterLoad(api) < GOALS.memoryMb,
      run,
      link: linkTo('api.md', HEADINGS.memory),
    },
  );
  const economy = api.reads.find((row) => row.connections === 10 && row.name.includes('/economy'));
  if (economy) {
    rows.push({
      goal: "A vehicle's economy over 10,000 entries, 10 connections",
      target: `p99 < ${GOALS.economyP99Ms} ms`,
      figure: economy.ours.total > 0 ? `${economy.ours.p99} ms` : NO_FIGURE,
      met: economy.ours.total > 0 && economy.ours.p99 < GOALS.economyP99Ms,
      run,
      link: linkTo('api.md', HEADINGS.firstReads),
    });
  }
  const builtFirst = (built) => (built ? ' (a build first included)' : '');
  rows.push(
    {
      goal: 'First answered request after `npm start`, fresh store (initdb, migrations)',
      target: `≤ ${GOALS.freshStartupMs} ms`,
      figure: `${api.startup.freshMs} ms${builtFirst(api.startup.freshBuilt)}`,
      met: api.startup.freshMs <= GOALS.freshStartupMs,
      run,
      link: linkTo('api.md', HEADINGS.startup),
    },
    {
      goal: 'First answered request after `npm start`, existing store',
      target: `≤ ${GOALS.startupMs} ms`,
      figure: `${api.startup.existingMs} ms${builtFirst(api.startup.existingBuilt)}`,
      met: api.startup.existingMs <= GOALS.startupMs,
      run,
      link: linkTo('api.md', HEADINGS.startup),
    },
  );
  return rows;
}

function scaleGoals(scale) {
  const run = dayOf(scale.machine.date);
  const records = scale.large.records.toLocaleString('en-US');
  const factors = scale.small.reads.map(
    (small, index) => scale.large.reads[index].ours.p99 / Math.max(small.ours.p99, 1),
  );
  const seqScans = scale.explain.filter((entry) => entry.seqScans.length > 0).length;
  return [
    {
      goal: `The seeded user's reads on ${records} records, 50 connections`,
      target: `p99 ≤ ${GOALS.scaleP99Factor}× the small database's`,
      figure:
        `${allOf(factors.filter((factor) => factor <= GOALS.scaleP99Factor).length, factors.length)} reads ` +
        `(${factors.map((factor) => `${factor.toFixed(2)}×`).join(', ')})`,
      met: factors.every((factor) => factor <= GOALS.scaleP99Factor),
      run,
      link: linkTo('scale.md', HEADINGS.scale),
    },
    {
      goal: `Every per-user query's plan on ${records} records`,
      target: 'index scans only',
      figure: seqScans === 0 ? 'no sequential scan' : `${seqScans} plans with a sequential scan`,
      met: seqScans === 0,
      run,
      link: linkTo('scale.md', explainHeading(scale)),
    },
  ];
}

/**
 * The pages, reminders and imports benchmarks write markdown only. What the summary takes from
 * them is read from lines their own code writes in a fixed form (the run's line, a table's
 * header and cells); anything else stays on their page, to which the summary links.
 */
const MARKDOWN_RESULTS = [
  { file: 'pages.md', script: 'bench:pages', goalsOf: pagesGoals },
  { file: 'reminders.md', script: 'bench:reminders', goalsOf: remindersGoals },
  { file: 'imports.md', script: 'bench:imports', goalsOf: importsGoals },
];

/** The line naming when and where a markdown result was measured: `Measured …` or `Run …`. */
const runLineOf = (text) =>
  text.split('\n').find((line) => /^(Measured|Run) \d{4}-\d{2}-\d{2}/.test(line));
const cellsOf = (line) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
const unbold = (cell) => cell.replace(/^\*\*(.*)\*\*$/, '$1');

/** The table under `header`, as objects keyed by its columns; none when the header is not there. */
function tableUnder(text, header) {
  const lines = text.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) return [];
  const columns = cellsOf(header);
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = cellsOf(line);
    rows.push(Object.fromEntries(columns.map((column, index) => [column, cells[index]])));
  }
  return rows;
}

function pagesGoals(text, run) {
  const rows = tableUnder(
    text,
    '| page | signed in | performance | accessibility | LCP | TBT | CLS | JS transferred | performance of each run (load average) |',
  );
  const scores = (column) => rows.map((row) => Number(unbold(row[column])));
  const performance = scores('performance');
  const accessibility = scores('accessibility');
  if (rows.length === 0 || [...performance, ...accessibility].some(Number.isNaN)) return [];
  const goal = (column, values, target) => {
    const met = values.filter((value) => value >= target).length;
    const [lowest, highest] = [Math.min(...values), Math.max(...values)];
    return {
      goal: `Lighthouse ${column}, mobile preset, median of each page`,
      target: `${target === 100 ? '' : '≥ '}${target} on every page`,
      figure: `${allOf(met, values.length)} pages (${lowest === highest ? lowest : `${lowest}–${highest}`})`,
      met: met === values.length,
      run,
      link: linkTo('pages.md'),
    };
  };
  return [
    goal('performance', performance, PAGE_GOALS.performance),
    goal('accessibility', accessibility, PAGE_GOALS.accessibility),
  ];
}

function remindersGoals(text, run) {
  const row = text
    .split('\n')
    .find((line) => line.startsWith('| **every vehicle evaluated in** |'));
  const verdict = row && /^\*\*(.+?)\*\* \(goal: (.+): (met|not met)\)$/.exec(cellsOf(row)[1]);
  if (!verdict) return [];
  return [
    {
      goal: 'The reminder scan: every vehicle evaluated',
      target: verdict[2],
      figure: verdict[1],
      met: verdict[3] === 'met',
      run,
      link: linkTo('reminders.md'),
    },
  ];
}

/** Every row of imports.md's tables that states a goal: `| measure | figure | goal | met |`. */
function importsGoals(text, run) {
  const rows = [];
  let section;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3);
    const cells = line.startsWith('|') ? cellsOf(line) : [];
    if (cells.length !== 4 || !/^(met|\*\*not met\*\*)$/.test(cells[3]) || !cells[2]) continue;
    rows.push({
      goal: `${section}: ${unbold(cells[0])}`,
      target: cells[2],
      figure: cells[1].replaceAll('**', ''),
      met: cells[3] === 'met',
      run,
      link: linkTo('imports.md', section, 'its table'),
    });
  }
  return rows;
}

/** The benchmarks, one line each; a bench script of package.json missing here is listed bare. */
const BENCHES = {
  bench: {
    measures:
      "builds; the seeded garage's reads beside their stack and wire ceilings at 10 and 50 " +
      'connections, the paged records, the writes, memory, a CPU profile, start-up',
    page: 'api.md',
  },
  'bench:scale': {
    measures:
      'builds; the same reads on 1,000,000 records, and EXPLAIN (ANALYZE, BUFFERS) of every per-user query',
    page: 'scale.md',
  },
  'bench:pages': {
    measures:
      "Lighthouse's mobile preset (slow 4G, 4× CPU slowdown) on the main pages of the build, median of 3 runs",
    page: 'pages.md',
  },
  'bench:reminders': {
    measures: 'builds; the reminder scan over 100,000 users with 10 service schedules each',
    page: 'reminders.md',
  },
  'bench:imports': {
    measures:
      "builds; a 10,000-row fuel CSV previewed and applied, the file-reader pool's overhead per " +
      'file, a 200 MB account backed up and restored',
    page: 'imports.md',
  },
};

function benchesSection() {
  const scripts = Object.keys(
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts,
  ).filter((name) => name === 'bench' || name.startsWith('bench:'));
  return [
    '## The benchmarks',
    '',
    '| script | what it measures | full figures |',
    '|---|---|---|',
    ...scripts.map((name) => {
      const bench = BENCHES[name];
      return `| \`npm run ${name}\` | ${bench?.measures ?? ''} | ${bench ? `[results/${bench.page}](results/${bench.page})` : ''} |`;
    }),
    '',
  ];
}

function writeFullPage(file, lines) {
  fs.writeFileSync(path.join(resultsDir, file), lines.join('\n'));
}

export function writeReport() {
  const api = readJson('api.json');
  const scale = readJson('scale.json');
  if (api) writeFullPage('api.md', apiSection(api));
  if (scale) writeFullPage('scale.md', scaleSection(scale));

  const goals = [...(api ? apiGoals(api) : []), ...(scale ? scaleGoals(scale) : [])];
  const runs = [
    api
      ? `- \`npm run bench\`: ${machineLine(api.machine)}`
      : '- `npm run bench`: _no figures yet_',
    ...(api ? ['', loadLine(api), ''] : []),
    scale
      ? `- \`npm run bench:scale\`: ${machineLine(scale.machine)}`
      : '- `npm run bench:scale`: _no figures yet_',
  ];
  for (const { file, script, goalsOf } of MARKDOWN_RESULTS) {
    const fullPath = path.join(resultsDir, file);
    if (!fs.existsSync(fullPath)) {
      runs.push(`- \`npm run ${script}\`: _no figures yet_ (it writes bench/results/${file})`);
      goals.push({
        goal: `\`npm run ${script}\``,
        target: '',
        figure: 'not measured yet',
        run: '',
        link: '',
      });
      continue;
    }
    const text = fs.readFileSync(fullPath, 'utf8');
    const runLine = runLineOf(text);
    runs.push(`- \`npm run ${script}\`: ${runLine ?? '_its page names no run_'}`);
    const fromPage = goalsOf(text, runLine ? /\d{4}-\d{2}-\d{2}/.exec(runLine)[0] : '');
    goals.push(
      ...(fromPage.length > 0
        ? fromPage
        : [
            {
              goal: `\`npm run ${script}\``,
              target: 'see its page',
              figure: '',
              run: '',
              link: linkTo(file),
            },
          ]),
    );
  }

  const lines = [
    '# Performance report',
    '',
    'What the benchmarks measure, the goals they hold the app to and the latest figure of each; ' +
      'the full tables are in `bench/results/`. Each benchmark runs the built server with its ' +
      'embedded PostgreSQL on loopback, in a throw-away data folder. Timings come from one shared, ' +
      'noisy machine: the ratios measured in the same run are what count, and no test asserts a timing.',
    '',
    ...benchesSection(),
    '## The machine and its load, latest runs',
    '',
    ...runs,
    '',
    '## Goals',
    '',
    '| goal | target | latest | met | run | full section |',
    '|---|---|---|---|---|---|',
    ...goals.map(
      (row) =>
        `| ${row.goal} | ${row.target} | ${row.figure} | ${row.met === undefined ? '' : mark(row.met)} | ${row.run} | ${row.link} |`,
    ),
    '',
    'These come from a shared machine: read the load line of each run above before the figures.',
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm run bench                   # builds, then the API against its ceilings (a few minutes)',
    'npm run bench:scale             # builds, then the reads on 1,000,000 records',
    'npm run bench:pages             # Lighthouse on the build (about 5 minutes); more in results/pages.md',
    'npm run bench:reminders         # builds, then the reminder scan',
    'npm run bench:imports           # builds, then imports, the reader pool, backup and restore',
    'BENCH_SECONDS=10 npm run bench  # longer load runs (default 5 s); DIST_DIR sets the build measured',
    'node bench/report.mjs           # this page, results/api.md and results/scale.md again from bench/results',
    '```',
    '',
    'Every benchmark ends by running `bench/report.mjs`, so this page always shows the latest run of each.',
    '',
  ];
  fs.writeFileSync(path.join(root, 'bench/REPORT.md'), lines.join('\n'));
}

if (process.argv[1] === import.meta.filename) writeReport();
