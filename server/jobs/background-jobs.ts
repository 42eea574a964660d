/**
 * Background work, in one place: every job the app runs outside a request, on a schedule, through
 * graphile-worker's queue in the app's own PostgreSQL (decision 043). Every server runs a worker
 * and schedules the same jobs; the queue hands each scheduled occurrence to exactly one of them,
 * retries a failed run with a growing delay, and keeps its tables in a schema of its own
 * (`graphile_worker`), created and migrated when the first worker starts.
 *
 * The worker starts two seconds after the server answers (server/main.ts calls `start`) and
 * stops, letting a running job finish, when the app closes, before the database does. Tests
 * build the app without starting it, and run a job by its name with `runNow`.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LogLevel, Runner, Logger as WorkerLogger, WorkerUtils } from 'graphile-worker';
import type pg from 'pg';

export type BackgroundJob = {
  /** The task's name in the queue and in the log; unique. */
  name: string;
  /**
   * When it runs: the five fields of a crontab line, in UTC (every 15 minutes: `*\/15 * * * *`),
   * or `{ everySeconds }` for work that must come round more often than a minute allows (the
   * reminder scan, decision 054): the job queues its own next run that many seconds after each
   * run ends, under one job key, so one run is waiting at a time whatever the number of servers.
   */
  schedule: string | { everySeconds: number };
  /**
   * Idempotent: a retry after a failure, or a run cut short by a crash, is simply run again. A
   * long job stops early, between two transactions, when `stopping` fires (the server is shutting
   * down and its running job has had 5 s): the next occurrence carries on.
   */
  run: (stopping?: AbortSignal) => Promise<unknown>;
};

/**
 * Attempts of one scheduled occurrence before it is given up: the library retries after about
 * 3 s, then 7 s (exp(attempt) seconds). A job failing for longer waits for its next occurrence.
 */
const SCHEDULED_JOB_ATTEMPTS = 3;

/**
 * Occurrences missed while no server ran (a deploy, an outage) are made up when one starts, as
 * far back as this; each once, like any other.
 */
const MISSED_OCCURRENCES_MS = 60 * 60 * 1000;

/** How often the worker also looks for due jobs, besides being told of new ones at once. */
const POLL_INTERVAL_MS = 2_000;

/**
 * Every minute each worker makes sure each interval job has a next run queued: a run whose
 * server died (`kill -9`) stays locked for hours and never queues its successor, and a run that
 * failed every attempt queues none either. Adding under the job key keeps a waiting run's time.
 */
const INTERVAL_KEEPER = 'interval-jobs-keeper';

/** An interval job's next run keeps a key of its own: the job's name. */
const intervalKeyOf = (name: string) => `every:${name}`;

declare module 'fastify' {
  interface FastifyInstance {
    backgroundJobs: BackgroundJobs;
  }
}

export type BackgroundJobs = ReturnType<typeof createBackgroundJobs>;

type WorkerUtilsLike = Pick<WorkerUtils, 'addJob'>;

function createBackgroundJobs(pool: pg.Pool, log: FastifyBaseLogger, jobs: BackgroundJob[]) {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  let starting: Promise<Runner> | undefined;

  /** The job as the worker runs it: its outcome logged with its name and time taken. */
  async function runLogged(
    job: BackgroundJob,
    attempt?: { jobId: string; attempt: number; occurrence: string | undefined },
    stopping?: AbortSignal,
  ) {
    const started = performance.now();
    log.info({ job: job.name, ...attempt }, `background job ${job.name} started`);
    try {
      const result = await job.run(stopping);
      const ms = Math.round(performance.now() - started);
      log.info({ job: job.name, ...attempt, ms, result }, `background job ${job.name} done`);
      return result;
    } catch (error) {
      log.error({ job: job.name, ...attempt, err: error }, `background job ${job.name} failed`);
      throw error;
    }
  }

  const intervalJobs = jobs.flatMap((job) =>
    typeof job.schedule === 'string'
      ? []
      : [{ name: job.name, seconds: job.schedule.everySeconds }],
  );

  /** Queues an interval job's next run `seconds` from now, under its key. */
  const queueNextRun = (
    addJob: WorkerUtilsLike['addJob'],
    name: string,
    seconds: number,
    mode: 'replace' | 'preserve_run_at',
  ) =>
    addJob(
      name,
      {},
      {
        jobKey: intervalKeyOf(name),
        jobKeyMode: mode,
        runAt: new Date(Date.now() + seconds * 1000),
        maxAttempts: SCHEDULED_JOB_ATTEMPTS,
      },
    );

  async function startWorker(): Promise<Runner> {
    // Imported here, not with the app: the library's code is not needed for the first answer.
    const { run, parseCronItems, Logger } = await import('graphile-worker');
    const cronJobs = jobs.filter(
      (job): job is BackgroundJob & { schedule: string } => typeof job.schedule === 'string',
    );
    const runner = await run({
      pgPool: pool,
      concurrency: 1,
      pollInterval: POLL_INTERVAL_MS,
      // The process's own handlers stop the app, and the worker with it (server/main.ts).
      noHandleSignals: true,
      logger: libraryLogger(Logger, log),
      taskList: {
        ...Object.fromEntries(
          jobs.map((job) => [
            job.name,
            async (payload, helpers) => {
              // The scheduled time of the occurrence, when the schedule queued the job.
              const occurrence = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
              const { id: jobId, attempts: attempt } = helpers.job;
              try {
                await runLogged(job, { jobId, attempt, occurrence }, helpers.abortSignal);
              } finally {
                if (typeof job.schedule !== 'string') {
                  await queueNextRun(
                    helpers.addJob,
                    job.name,
                    job.schedule.everySeconds,
                    'replace',
                  );
                }
              }
            },
          ]),
        ),
        [INTERVAL_KEEPER]: async (_payload, helpers) => {
          for (const job of intervalJobs) {
            await queueNextRun(helpers.addJob, job.name, job.seconds, 'preserve_run_at');
          }
        },
      },
      parsedCronItems: parseCronItems([
        ...cronJobs.map((job) => ({
          task: job.name,
          identifier: job.name,
          match: job.schedule,
          options: { backfillPeriod: MISSED_OCCURRENCES_MS, maxAttempts: SCHEDULED_JOB_ATTEMPTS },
        })),
        ...(intervalJobs.length === 0
          ? []
          : [{ task: INTERVAL_KEEPER, identifier: INTERVAL_KEEPER, match: '* * * * *' }]),
      ]),
    });
    // The first run of each interval job comes at once (or keeps the time of one waiting).
    for (const job of intervalJobs) {
      await queueNextRun(runner.addJob, job.name, 0, 'preserve_run_at');
    }
    return runner;
  }

  return {
    /** Starts this server's worker (once); a failure is logged and leaves the app serving. */
    start(): Promise<void> {
      starting ??= startWorker();
      return starting.then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'the background worker could not start'),
      );
    },
    /** Stops the worker, letting a running job finish. */
    async stop(): Promise<void> {
      const runner = await starting?.catch(() => undefined);
      await runner?.stop();
    },
    /** Runs a job now, in this process, as the worker would: what tests call. */
    async runNow(name: string): Promise<unknown> {
      const job = byName.get(name);
      if (!job) throw new Error(`No background job named ${name}`);
      return runLogged(job);
    },
  };
}

/** The library's messages in the app's log: its warnings and errors as warnings, the rest quiet. */
function libraryLogger(
  Logger: typeof WorkerLogger,
  log: FastifyBaseLogger,
): InstanceType<typeof WorkerLogger> {
  return new Logger(() => (level: LogLevel, message: string, meta?: unknown) => {
    const fields = { worker: meta };
    if (level === 'error' || level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

/** Gives the app its background jobs (`app.backgroundJobs`), stopped when the app closes. */
export function registerBackgroundJobs(app: FastifyInstance, pool: pg.Pool, jobs: BackgroundJob[]) {
  const names = jobs.map((job) => job.name);
  if (new Set(names).size !== names.length) throw new Error(`Job names repeat: ${names}`);
  const backgroundJobs = createBackgroundJobs(pool, app.log, jobs);
  app.decorate('backgroundJobs', backgroundJobs);
  app.addHook('onClose', () => backgroundJobs.stop());
}
