/**
 * A pool of worker threads for work on a user's file (decision 061): each job runs in a thread of
 * its own with a heap limit (`resourceLimits`) and a time limit, and the thread is ended when it
 * passes either, so that no file can hold the event loop or the server's memory. A thread runs
 * one job and is then ended: whatever a file made it allocate goes with it, and the next job
 * starts in a clean heap. One spare thread is kept started, so that a job does not wait for a
 * thread to load its code: from the start when the owner asks (`startSpare`), else after the
 * first job.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type WorkerPoolOptions = {
  /** The worker's module; it answers each `{ task }` message with one `WorkerAnswer`. */
  file: URL;
  /** Node options of the thread (`--import tsx` when running from source). */
  execArgv?: string[];
  /** Jobs run at once; the others wait their turn. */
  size?: number;
  /** Jobs that may wait; past them a job is refused as busy. */
  maxWaiting?: number;
  timeoutMs: number;
  heapMb: number;
};

/** What a worker posts back: its result, or the error it met, already in the user's words. */
export type WorkerAnswer<Result> = (
  | { ok: true; result: Result }
  | { ok: false; error: { message: string; statusCode?: number; budget?: boolean } }
) & {
  /** Milliseconds the task itself took in the thread. */
  taskMs: number;
};

/** Why a job gave no answer: it ran out of time or memory, its thread died, or none was free. */
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
    readonly budget: boolean,
  ) {
    super(message);
  }
}

type Waiting = { start: () => void; reject: (error: Error) => void };

/** Figures of the pool since it started (the imports benchmark reports them). */
export type WorkerPoolFigures = {
  jobs: number;
  threadsStarted: number;
  /** Milliseconds from a thread's creation to its being ready, summed over threads. */
  threadStartMs: number;
  /** Milliseconds of jobs that answered, from `run` to the answer, summed. */
  answeredMs: number;
  /** Of which the tasks' own time in their threads: the rest is the pool's overhead. */
  taskMs: number;
  answered: number;
  failures: Record<WorkerFailure, number>;
};

export function createWorkerPool(options: WorkerPoolOptions) {
  const size = options.size ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const maxWaiting = options.maxWaiting ?? 20;
  let spare: Promise<Worker> | null = null;
  let running = 0;
  let closed = false;
  const waiting: Waiting[] = [];
  const live = new Set<Worker>();
  const figures: WorkerPoolFigures = {
    jobs: 0,
    threadsStarted: 0,
    threadStartMs: 0,
    answeredMs: 0,
    taskMs: 0,
    answered: 0,
    failures: { timeout: 0, memory: 0, crashed: 0, busy: 0 },
  };

  /** A new thread, resolved once its module has loaded (it posts `ready`). */
  function startThread(): Promise<Worker> {
    const started = performance.now();
    const worker = new Worker(options.file, {
      execArgv: options.execArgv ?? [],
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.heapMb / 8))),
        stackSizeMb: 4,
      },
    });
    live.add(worker);
    figures.threadsStarted += 1;
    worker.once('exit', () => live.delete(worker));
    // A spare thread must not keep a stopping process alive.
    worker.unref();
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      // Ended before it was ready (the pool closing while it loads): its job must not wait on.
      const onExit = () => reject(new Error('The worker ended before it started'));
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.once('message', (message: unknown) => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (message !== 'ready') return reject(new Error('The worker did not start'));
        figures.threadStartMs += performance.now() - started;
        resolve(worker);
      });
    });
  }

  function takeThread(): Promise<Worker> {
    const thread = spare ?? startThread();
    spare = null;
    return thread;
  }

  function keepSpare() {
    if (closed || spare) return;
    spare = startThread();
    // A spare that fails to start is simply not there; the next job starts its own.
    spare.catch(() => {
      spare = null;
    });
  }

  function runIn<Result>(worker: Worker, task: unknown, startedAt: number): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        // One job per thread: its heap goes with it.
        void worker.terminate();
        outcome();
      };
      const fail = (failure: WorkerFailure) => {
        figures.failures[failure] += 1;
        settle(() => reject(new WorkerJobFailed(failure)));
      };
      const timer = setTimeout(() => fail('timeout'), options.timeoutMs);
      worker.ref();
      worker.on('message', (answer: WorkerAnswer<Result>) => {
        figures.answered += 1;
        figures.answeredMs += performance.now() - startedAt;
        figures.taskMs += answer.taskMs;
        if (answer.ok) settle(() => resolve(answer.result));
        else {
          const { message, statusCode, budget } = answer.error;
          settle(() => reject(new WorkerJobError(message, statusCode, budget ?? false)));
        }
      });
      worker.on('error', (error: Error & { code?: string }) =>
        fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'),
      );
      worker.on('exit', () => fail('crashed'));
      worker.postMessage({ task });
    });
  }

  async function runNow<Result>(task: unknown): Promise<Result> {
    const startedAt = performance.now();
    running += 1;
    figures.jobs += 1;
    try {
      let worker: Worker;
      try {
        worker = await takeThread();
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
    /** Runs `task` in a thread of its own; rejects with WorkerJobFailed or WorkerJobError. */
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

    /** Starts the spare thread now rather than after the first job (a server in production). */
    startSpare() {
      keepSpare();
    },

    figures(): WorkerPoolFigures {
      return structuredClone(figures);
    },

    /** Ends every thread; jobs still waiting are refused. */
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new WorkerJobFailed('crashed'));
      spare = null;
      await Promise.all([...live].map((worker) => worker.terminate()));
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
