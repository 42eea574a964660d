/**
 * The background-job mechanism on a real database: two servers' workers share one queue and run
 * each job once, a failed run is retried, and closing the app stops its worker and leaves the
 * app's connections to the database usable until the database itself is closed.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { type BackgroundJob, registerBackgroundJobs } from './background-jobs';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A server's app with only these jobs, its worker started; `log` gets its log lines. */
async function startServerWith(
  jobs: BackgroundJob[],
  log?: (line: Record<string, unknown>) => void,
): Promise<FastifyInstance> {
  const app = log
    ? (Fastify({
        loggerInstance: pino({ level: 'info' }, { write: (line) => log(JSON.parse(line)) }),
      }) as unknown as FastifyInstance)
    : Fastify();
  registerBackgroundJobs(app, database.pool, jobs);
  await app.ready();
  await app.backgroundJobs.start();
  return app;
}

const NEVER = '0 0 1 1 *';

async function enqueue(name: string, times: number) {
  await database.db.execute(
    sql`select graphile_worker.add_job(${name}, max_attempts => 3) from generate_series(1, ${times})`,
  );
}

async function waitForEmptyQueue(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await database.db.execute<{ waiting: number }>(
      sql`select count(*)::int as "waiting" from graphile_worker.jobs where attempts < max_attempts`,
    );
    if (result.rows[0]?.waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${result.rows[0]?.waiting} jobs still waiting`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('background jobs', () => {
  it('runs each queued job once across two servers, retries a failure, and stops on close', async () => {
    const runsOn = { a: 0, b: 0 };
    let failuresLeft = 1;
    let flakyRuns = 0;
    const jobsOf = (server: keyof typeof runsOn): BackgroundJob[] => [
      {
        name: 'count',
        schedule: NEVER,
        run: async () => {
          runsOn[server] += 1;
          // Long enough for the other server's worker to look for work meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      },
      {
        name: 'flaky',
        schedule: NEVER,
        run: async () => {
          flakyRuns += 1;
          if (failuresLeft-- > 0) throw new Error('the first run fails');
        },
      },
    ];
    const servers = await Promise.all([startServerWith(jobsOf('a')), startServerWith(jobsOf('b'))]);

    await enqueue('count', 40);
    await enqueue('flaky', 1);
    await waitForEmptyQueue(15_000);

    expect(runsOn.a + runsOn.b).toBe(40);
    expect(flakyRuns).toBe(2);
    await Promise.all(servers.map((server) => server.close()));
    // The worker borrowed the app's pool and gave it back whole.
    const alive = await database.db.execute<{ one: number }>(sql`select 1 as "one"`);
    expect(alive.rows).toEqual([{ one: 1 }]);
  }, 30_000);

  it('queues each scheduled occurrence once across two servers, missed ones included', async () => {
    const everyMinute: BackgroundJob = { name: 'tick', schedule: '* * * * *', run: async () => {} };
    // A first start makes the schedule known; then it is as if no server had run for 5 minutes.
    await (await startServerWith([everyMinute])).close();
    await database.db.execute(sql`update graphile_worker._private_known_crontabs
      set known_since = date_trunc('minute', now()) - interval '5 minutes',
          last_execution = date_trunc('minute', now()) - interval '5 minutes'
      where identifier = 'tick'`);

    const occurrences: string[] = [];
    const log = (line: Record<string, unknown>) => {
      if (line.job === 'tick' && `${line.msg}`.endsWith('done')) {
        occurrences.push(`${line.occurrence}`);
      }
    };
    const servers = await Promise.all([
      startServerWith([everyMinute], log),
      startServerWith([everyMinute], log),
    ]);
    // The schedule is read, and missed occurrences queued, once each worker has started.
    const deadline = Date.now() + 15_000;
    while (occurrences.length < 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await waitForEmptyQueue(15_000);
    await Promise.all(servers.map((server) => server.close()));

    // Each of the 5 missed minutes (or 6, if a minute began meanwhile) ran once, on either.
    expect(occurrences.length).toBeGreaterThanOrEqual(5);
    expect(new Set(occurrences).size).toBe(occurrences.length);
  }, 30_000);

  it('runs an interval job again after each run, one run waiting at a time across two servers', async () => {
    let runs = 0;
    const everySecond: BackgroundJob = {
      name: 'pulse',
      schedule: { everySeconds: 1 },
      run: async () => {
        runs += 1;
      },
    };
    const servers = await Promise.all([
      startServerWith([everySecond]),
      startServerWith([everySecond]),
    ]);
    // The first run comes at once; each next one a second after a run ends, picked up by the
    // worker's next look for due jobs (every 2 s): a few runs in 5.5 s, on either server.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    // Counted once both have stopped: a close lets a run in progress finish and queue its next,
    // so a run caught mid-way (locked, its next not yet queued) cannot skew the count.
    await Promise.all(servers.map((server) => server.close()));
    const waiting = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as "count" from graphile_worker.jobs
        where task_identifier = 'pulse' and locked_at is null`,
    );
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(6);
    expect(waiting.rows[0]!.count).toBe(1);
  }, 30_000);

  it('runs a job by its name on demand, and refuses a name it does not know', async () => {
    const app = Fastify();
    registerBackgroundJobs(app, database.pool, [
      { name: 'answer', schedule: NEVER, run: async () => 42 },
    ]);
    expect(await app.backgroundJobs.runNow('answer')).toBe(42);
    await expect(app.backgroundJobs.runNow('missing')).rejects.toThrow(/No background job/);
    await app.close();
  });
});
