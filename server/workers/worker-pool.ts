/**
 * A pool of worker processes for work on a user's file (decision 061): each job runs in a
 * process of its own with a heap limit (`--max-old-space-size`) and a time limit, and the process
 * is killed when it passes either, so that no file can hold the event loop or the server's
 * memory. A process, not a thread: a thread's memory stays with the server once the thread ends
 * (the C library keeps what the thread freed), and a thread stuck in native code cannot be ended;
 * a process gives all of its memory back when it exits, and SIGKILL ends it wherever it is.
 *
 * A worker runs one job and is then ended: whatever a file made it allocate goes with it, and
 * the next job starts clean. One spare worker is kept started, so that a job does not wait for a
 * process to load its code: from the start when the owner asks (`startSpare`), else after the
 * first job. Workers get no environment but the time zone: a file's reader needs no secret.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export type WorkerPoolOptions = {
  /** The worker's module; it answers each `{ task }` message with one `WorkerAnswer`. */
  file: URL;
  /** Node options of the worker (`--import tsx` when running from source). */
  execArgv?: string[];
  /** Jobs run at once; the others wait their turn. */
  size?: number;
  /** Jobs that may wait; past them a job is refused as busy. */
  maxWaiting?: number;
  timeoutMs: number;
  heapMb: number;
};

/** What a worker sends back: its result, or the error it met, already in the user's words. */
export type WorkerAnswer<Result> = (
  | { ok: true; result: Result }
  | { ok: false; error: { message: string; statusCode?: number } }
) & {
  /** Milliseconds the task itself took in the worker. */
  taskMs: number;
};

/** Why a job gave no answer: it ran out of time or memory, its worker died, or none was free. */
export type WorkerFailure = 'timeout' | 'memory' | 'crashed' | 'busy';

export class WorkerJobFailed extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(`The worker's job failed: ${failure}`);
  }
}

/** An error the worker reported (a damaged file, a budget passed), carried back as it said it. */
export class WorkerJobError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
  ) {
    super(message);
  }
}

type Waiting = { start: () => void; reject: (error: Error) => void };

/** Figures of the pool since it started (the imports benchmark reports them). */
export type WorkerPoolFigures = {
  jobs: number;
  workersStarted: number;
  /** Milliseconds from a worker's creation to its being ready, summed over workers. */
  workerStartMs: number;
  /** Milliseconds of jobs that answered, from `run` to the answer, summed. */
  answeredMs: number;
  /** Of which the tasks' own time in their workers: the rest is the pool's overhead. */
  taskMs: number;
  answered: number;
  failures: Record<WorkerFailure, number>;
};

/** V8 aborts a process whose heap is full: SIGABRT, or 134 where a shell reports it. */
const ranOutOfMemory = (code: number | null, signal: NodeJS.Signals | null) =>
  signal === 'SIGABRT' || code === 134;

export function createWorkerPool(options: WorkerPoolOptions) {
  const size = options.size ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const maxWaiting = options.maxWaiting ?? 20;
  /** A started worker, and its being ready (its module loaded). */
  type Starting = { worker: ChildProcess; ready: Promise<ChildProcess> };
  let spare: Starting | null = null;
  let running = 0;
  let closed = false;
  const waiting: Waiting[] = [];
  const live = new Set<ChildProcess>();
  const figures: WorkerPoolFigures = {
    jobs: 0,
    workersStarted: 0,
    workerStartMs: 0,
    answeredMs: 0,
    taskMs: 0,
    answered: 0,
    failures: { timeout: 0, memory: 0, crashed: 0, busy: 0 },
  };

  /** Keeps (or stops keeping) the server running for a worker and its channel. */
  function hold(worker: ChildProcess, isHeld: boolean) {
    const handles = [worker, worker.channel].filter(Boolean) as { ref(): void; unref(): void }[];
    for (const handle of handles) {
      if (isHeld) handle.ref();
      else handle.unref();
    }
  }

  /** A new worker; `ready` resolves once its module has loaded (it sends `ready`). */
  function startWorker(): Starting {
    const started = performance.now();
    const worker = fork(fileURLToPath(options.file), [], {
      execArgv: [
        ...(options.execArgv ?? []),
        `--max-old-space-size=${options.heapMb}`,
        '--max-semi-space-size=8',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: process.env.TZ ? { TZ: process.env.TZ } : {},
    });
    live.add(worker);
    figures.workersStarted += 1;
    worker.once('exit', () => live.delete(worker));
    // A spare worker must not keep a stopping server alive (a job holds the one it takes).
    hold(worker, false);
    const ready = new Promise<ChildProcess>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      // Ended before it was ready (the pool closing while it loads): its job must not wait on.
      const onExit = () => reject(new Error('The worker ended before it started'));
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.once('message', (message: unknown) => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (message !== 'ready') return reject(new Error('The worker did not start'));
        figures.workerStartMs += performance.now() - started;
        resolve(worker);
      });
    });
    return { worker, ready };
  }

  /** The spare, or a new worker, held from now on: a job waiting for it keeps the server up. */
  function takeWorker(): Promise<ChildProcess> {
    const starting = spare ?? startWorker();
    spare = null;
    hold(starting.worker, true);
    return starting.ready;
  }

  function keepSpare() {
    if (closed || spare) return;
    const starting = startWorker();
    spare = starting;
    // A spare that fails to start is simply not there; the next job starts its own.
    starting.ready.catch(() => {
      if (spare === starting) spare = null;
    });
  }

  function runIn<Result>(worker: ChildProcess, task: unknown, startedAt: number): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        // One job per worker: its memory goes with it, wherever it is stuck.
        worker.kill('SIGKILL');
        live.delete(worker);
        outcome();
      };
      const fail = (failure: WorkerFailure) => {
        figures.failures[failure] += 1;
        settle(() => reject(new WorkerJobFailed(failure)));
      };
      const timer = setTimeout(() => fail('timeout'), options.timeoutMs);
      hold(worker, true);
      worker.on('message', (answer: WorkerAnswer<Result>) => {
        figures.answered += 1;
        figures.answeredMs += performance.now() - startedAt;
        figures.taskMs += answer.taskMs;
        if (answer.ok) settle(() => resolve(answer.result));
        else {
          const { message, statusCode } = answer.error;
          settle(() => reject(new WorkerJobError(message, statusCode)));
        }
      });
      worker.on('error', () => fail('crashed'));
      worker.on('exit', (code, signal) =>
        fail(ranOutOfMemory(code, signal) ? 'memory' : 'crashed'),
      );
      worker.send({ task });
    });
  }

  async function runNow<Result>(task: unknown): Promise<Result> {
    const startedAt = performance.now();
    running += 1;
    figures.jobs += 1;
    try {
      let worker: ChildProcess;
      try {
        worker = await takeWorker();
      } catch {
        throw new WorkerJobFailed('crashed');
      }
      return await runIn<Result>(worker, task, startedAt);
    } finally {
      running -= 1;
      keepSpare();
      waiting.shift()?.start();
    }
  }

  return {
    /** Runs `task` in a worker of its own; rejects with WorkerJobFailed or WorkerJobError. */
    run<Result>(task: unknown): Promise<Result> {
      if (closed) return Promise.reject(new WorkerJobFailed('crashed'));
      if (running < size) return runNow<Result>(task);
      if (waiting.length >= maxWaiting) {
        figures.failures.busy += 1;
        return Promise.reject(new WorkerJobFailed('busy'));
      }
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ start: () => runNow<Result>(task).then(resolve, reject), reject });
      });
    },

    /** Starts the spare worker now rather than after the first job (a server in production). */
    startSpare() {
      keepSpare();
    },

    figures(): WorkerPoolFigures {
      return structuredClone(figures);
    },

    /** Ends every worker; jobs still waiting are refused. */
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new WorkerJobFailed('crashed'));
      spare = null;
      await Promise.all(
        [...live].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.exitCode !== null || worker.signalCode !== null) return resolve();
              // Held until it has gone, so that its exit is seen.
              hold(worker, true);
              worker.once('exit', () => resolve());
              worker.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
