/**
 * A worker of the worker pool's own tests: each task behaves the way a hostile or broken file
 * could make a real reader behave (answer, never end, fill the heap, report an error, end its
 * process), so that the pool's answer to each is tested without building such a file.
 */
import { serveTasks } from '../../workers/serve-tasks';

export type PoolFixtureTask =
  | { kind: 'echo'; value: unknown }
  | { kind: 'worker' }
  | { kind: 'wait'; ms: number; value: unknown }
  | { kind: 'loop' }
  | { kind: 'allocate' }
  | { kind: 'fail'; message: string }
  | { kind: 'exit' };

serveTasks<PoolFixtureTask>({
  echo: (task) => task.value,
  /** Which process ran the job: a worker runs one job only. */
  worker: () => process.pid,
  wait: (task) => new Promise((resolve) => setTimeout(() => resolve(task.value), task.ms)),
  loop: () => {
    let turns = 0;
    // Synchronous and endless: only killing the process stops it.
    while (turns >= 0) turns = (turns + 1) % Number.MAX_SAFE_INTEGER;
    return turns;
  },
  allocate: () => {
    const kept: number[][] = [];
    // Kept arrays of a million numbers each, until the heap limit ends the process.
    for (;;) kept.push(new Array<number>(1_000_000).fill(kept.length + 0.5));
  },
  fail: (task) => {
    throw Object.assign(new Error(task.message), { statusCode: 400 });
  },
  exit: () => process.exit(1),
});
