/**
 * Preloaded into the server (`node --import`) by the benchmark: SIGUSR2 starts V8's CPU profiler,
 * the next SIGUSR2 writes the profile to $BENCH_PROFILE_FILE. Only the load is profiled, not the
 * start-up, which `--cpu-prof` would mix in.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
let running = false;

process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
});
