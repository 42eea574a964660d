import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PoolFixtureTask } from '../test/workers/pool-fixture.worker';
import {
  createWorkerPool,
  type WorkerFailure,
  WorkerJobError,
  WorkerJobFailed,
  type WorkerPool,
} from './worker-pool';

const FIXTURE = new URL('../test/workers/pool-fixture.worker.ts', import.meta.url);
const TIME_LIMIT_MS = 1_000;

const pools: WorkerPool[] = [];

/** One job at a time and one waiting, so that the queue's limits show with three jobs. */
function startPool(options: { size?: number; maxWaiting?: number; timeoutMs?: number } = {}) {
  const pool = createWorkerPool({
    file: FIXTURE,
    execArgv: ['--import', 'tsx'],
    timeoutMs: options.timeoutMs ?? TIME_LIMIT_MS,
    heapMb: 64,
    size: options.size ?? 1,
    maxWaiting: options.maxWaiting ?? 1,
  });
  pools.push(pool);
  return {
    pool,
    run: <Result>(task: PoolFixtureTask) => pool.run<Result>(task),
  };
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** Resolves once the spare worker started after the last job has loaded its module. */
async function spareReady(pool: WorkerPool) {
  await vi.waitFor(() => expect(pool.figures().workerStartMs).toBeGreaterThan(0), {
    timeout: 10_000,
    interval: 20,
  });
  const before = pool.figures().workerStartMs;
  await vi.waitFor(() => expect(pool.figures().workerStartMs).toBeGreaterThan(before), {
    timeout: 10_000,
    interval: 20,
  });
}

/** The failure a job was refused with, or the job's own error when it was not WorkerJobFailed. */
async function failureOf(job: Promise<unknown>): Promise<WorkerFailure> {
  const error = await job.then(
    () => {
      throw new Error('The job answered instead of failing');
    },
    (caught: unknown) => caught,
  );
  if (!(error instanceof WorkerJobFailed)) throw error;
  return error.failure;
}

describe('worker pool', () => {
  it('answers a job with what the worker answered', async () => {
    const { run } = startPool();

    await expect(
      run({ kind: 'echo', value: { litres: 41.2, notes: ['ß', null] } }),
    ).resolves.toEqual({ litres: 41.2, notes: ['ß', null] });
  });

  it('ends an endless job at its time limit while the server keeps serving', async () => {
    const { pool, run } = startPool();
    // Warm the spare worker first, so that the endless job starts at once and the time measured
    // is the job's own.
    await run({ kind: 'echo', value: 'warm' });
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = performance.now();
    try {
      expect(await failureOf(run({ kind: 'loop' }))).toBe('timeout');
    } finally {
      clearInterval(ticker);
    }
    const elapsed = performance.now() - started;

    expect(elapsed).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 5);
    expect(elapsed).toBeLessThan(TIME_LIMIT_MS + 3_000);
    // 50 ticks are due in the second the job runs; a blocked event loop would give one or two.
    expect(ticks).toBeGreaterThanOrEqual(20);
    expect(pool.figures().failures.timeout).toBe(1);
  });

  it('ends a job that fills its heap as out of memory', async () => {
    // Filling 64 MB takes one to two seconds on a busy machine: the heap must be what ends it.
    const { pool, run } = startPool({ timeoutMs: 15_000 });

    expect(await failureOf(run({ kind: 'allocate' }))).toBe('memory');
    expect(pool.figures().failures.memory).toBe(1);
    // The pool is still whole: the next job has a worker of its own.
    await expect(run({ kind: 'echo', value: 'after' })).resolves.toBe('after');
  });

  it("carries back the worker's own error with its status and words", async () => {
    const { run } = startPool();

    const error = await run({ kind: 'fail', message: 'Line 3 has no date' }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(WorkerJobError);
    expect(error).toMatchObject({
      message: 'Line 3 has no date',
      statusCode: 400,
    });
  });

  it('reports a worker that exits in the middle of a job as crashed', async () => {
    const { pool, run } = startPool();

    expect(await failureOf(run({ kind: 'exit' }))).toBe('crashed');
    expect(pool.figures().failures.crashed).toBe(1);
    await expect(run({ kind: 'echo', value: 'after' })).resolves.toBe('after');
  });

  it('refuses a job past the waiting queue as busy and runs the waiting one after the first', async () => {
    const { pool, run } = startPool({ size: 1, maxWaiting: 1 });
    const finished: string[] = [];

    const first = run<string>({ kind: 'wait', ms: 300, value: 'first' }).then((value) => {
      finished.push(value);
      return value;
    });
    const second = run<string>({ kind: 'echo', value: 'second' }).then((value) => {
      finished.push(value);
      return value;
    });
    const third = run({ kind: 'echo', value: 'third' });

    expect(await failureOf(third)).toBe('busy');
    await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
    expect(finished).toEqual(['first', 'second']);
    expect(pool.figures()).toMatchObject({ jobs: 2, failures: { busy: 1 } });
  });

  it('runs each job in a worker of its own and keeps one spare worker started', async () => {
    const { pool, run } = startPool();

    const firstWorker = await run<number>({ kind: 'worker' });
    // The job's worker, then the spare started after it.
    expect(pool.figures()).toMatchObject({ jobs: 1, workersStarted: 2 });

    const secondWorker = await run<number>({ kind: 'worker' });
    const thirdWorker = await run<number>({ kind: 'worker' });

    expect(new Set([firstWorker, secondWorker, thirdWorker]).size).toBe(3);
    // Each job took the spare and one new spare was started: one worker per job, plus one.
    expect(pool.figures()).toMatchObject({ jobs: 3, workersStarted: 4 });
  });

  it('ends the running and waiting jobs on close and refuses the next', async () => {
    const { run, pool } = startPool({ size: 1, maxWaiting: 1 });
    await run({ kind: 'echo', value: 'warm' });
    // The endless job must be running in its worker when the pool closes.
    await spareReady(pool);

    const running = failureOf(run({ kind: 'loop' }));
    const waiting = failureOf(run({ kind: 'echo', value: 'waiting' }));
    const closing = performance.now();
    await pool.close();

    expect(await waiting).toBe('crashed');
    expect(await running).toBe('crashed');
    // Ended by the close, not by its time limit.
    expect(performance.now() - closing).toBeLessThan(TIME_LIMIT_MS);
    expect(await failureOf(run({ kind: 'echo', value: 'late' }))).toBe('crashed');
  });

  // A job whose worker is ended by close() before it said it was ready is refused, not left to
  // hold its request until the server stops.
  it('ends on close a job whose worker is still starting', async () => {
    const { run, pool } = startPool({ size: 1, maxWaiting: 1 });
    // The first job has started the spare; the next job takes it before it has loaded.
    await run({ kind: 'echo', value: 'warm' });

    const job = run({ kind: 'loop' }).then(
      () => 'answered',
      () => 'refused',
    );
    await pool.close();
    const unsettled = new Promise((resolve) => setTimeout(() => resolve('unsettled'), 3_000));

    expect(await Promise.race([job, unsettled])).toBe('refused');
  });
});
