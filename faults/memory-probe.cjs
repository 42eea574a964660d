/**
 * Loaded into the app under test by the load scenarios (NODE_OPTIONS `--expose-gc --require`):
 * every MEMORY_PROBE_INTERVAL_MS it collects garbage in full, then appends one JSON line to
 * MEMORY_PROBE_FILE with the time, the resident set and the JS heap still alive.
 *
 * Why: V8 lets its old generation grow well past what is alive before it collects, so under a
 * steady load the resident set read at a random moment climbs for a minute or more without
 * anything leaking (measured: +45 MB in 60 s, back to the start after one full collection).
 * What is still alive after a full collection is what a leak grows; and with the heap collected
 * on a clock, the resident set shows native growth (sharp, the allocator) on its own.
 */
const fs = require('node:fs');

const file = process.env.MEMORY_PROBE_FILE;
const intervalMs = Number(process.env.MEMORY_PROBE_INTERVAL_MS ?? 5000);

if (file && typeof global.gc === 'function') {
  const started = Date.now();
  const take = () => {
    global.gc();
    const usage = process.memoryUsage();
    const line = { at: Date.now() - started, rss: usage.rss, heapUsed: usage.heapUsed };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(take, intervalMs).unref();
}
