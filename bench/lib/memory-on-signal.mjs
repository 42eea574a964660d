/**
 * Preloaded into the server (`node --import`) by the memory probe only: on SIGUSR2 it appends one
 * JSON line to $BENCH_MEMORY_FILE with `process.memoryUsage()` and V8's heap spaces as they are,
 * then the same after a full garbage collection. What a full collection frees was garbage not yet
 * collected, not memory the server holds on to. `gc` is taken from V8 here, so the server runs
 * without `--expose-gc` on its command line.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const MB = 2 ** 20;

function snapshot() {
  const usage = process.memoryUsage();
  return {
    rss: usage.rss / MB,
    heapTotal: usage.heapTotal / MB,
    heapUsed: usage.heapUsed / MB,
    external: usage.external / MB,
    arrayBuffers: usage.arrayBuffers / MB,
    spaces: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((space) => [
          space.space_name,
          { committed: space.physical_space_size / MB, used: space.space_used_size / MB },
        ]),
    ),
  };
}

process.on('SIGUSR2', () => {
  const before = snapshot();
  gc();
  const after = snapshot();
  fs.appendFileSync(process.env.BENCH_MEMORY_FILE, `${JSON.stringify({ before, after })}\n`);
});
