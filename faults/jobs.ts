/**
 * Background jobs on two servers: two app processes on one PostgreSQL, both running the job
 * worker, with UNATTACHED_UPLOAD_GRACE_HOURS=0. Occurrences of the clean-up of unattached uploads
 * are put on the queue at once (what the schedule does when it fires); each must run exactly once
 * across both servers (counted from both servers' logs), the uploads no record points at must go
 * and the attached ones stay. Then a backlog of unattached files is queued for and the server
 * that takes the run is killed with `kill -9` part-way: the next occurrence, on the other
 * server, must finish the work, and no record may point at a deleted file. Decision 044.
 */
import pg from 'pg';
import type { RunningServer } from '../server/test/server-process';
import {
  addVehicle,
  type Client,
  fileForm,
  registerClient,
  type ScenarioResult,
  type StandalonePostgres,
  sleep,
  startApp,
  stopApp,
} from './lib';

const JOB = 'unattached-uploads-purge';
/** Occurrences queued at once for the two workers to compete for. */
const OCCURRENCES = 6;
/** Unattached files of the backlog: enough that a run takes seconds, window after window. */
const BACKLOG = 60_000;

type JobLine = { pid: number; msg: string; jobId?: string; result?: number };

/** The job's log lines of a server: what it started and finished, with the job's id. */
function jobLines(app: RunningServer): JobLine[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.includes(`"job":"${JOB}"`))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as JobLine];
      } catch {
        return [];
      }
    });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export async function backgroundJobs(postgres: StandalonePostgres): Promise<ScenarioResult> {
  const problems: string[] = [];
  const expect = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const databaseUrl = await postgres.database('faults_jobs');
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  let apps: RunningServer[] = [];
  try {
    const env = { DATABASE_URL: databaseUrl, UNATTACHED_UPLOAD_GRACE_HOURS: '0' };
    apps = await Promise.all([startApp(env), startApp(env)]);
    const [a, b] = apps as [RunningServer, RunningServer];
    await waitFor(
      "the workers' schema",
      async () => (await sql.query(`select to_regclass('graphile_worker.jobs') as t`)).rows[0].t,
      20_000,
    );

    // Three uploads attached to records saved through the other server, three left unattached.
    const onA = await registerClient(a.url, 'jobs');
    const onB = onA.on(b.url);
    const vehicleId = await addVehicle(onA);
    const upload = async (client: Client, kind: 'pdf' | 'png') => {
      const answer = await client.request('POST', '/api/upload', { form: fileForm('files', kind) });
      return (answer.body as { fileUrls: string[] }).fileUrls[0]!;
    };
    const attached = [await upload(onA, 'pdf'), await upload(onB, 'pdf'), await upload(onA, 'png')];
    const unattached = [
      await upload(onA, 'pdf'),
      await upload(onB, 'pdf'),
      await upload(onB, 'png'),
    ];
    for (const [index, url] of attached.entries()) {
      const field = url === attached[2] ? 'imageUrl' : 'fileUrl';
      const saved = await onB.request('POST', `/api/vehicles/${vehicleId}/repairs`, {
        json: { category: 'Engine', title: `attached ${index}`, [field]: url },
      });
      expect(saved.status === 201, `a repair with an uploaded file answered ${saved.status}`);
    }

    // Occurrences queued at once, as the schedule queues one: each runs once, on one server.
    const queued = await sql.query<{ id: string }>(
      `select (graphile_worker.add_job($1, job_key => 'faults-' || n)).id::text as id
       from generate_series(1, $2) as n`,
      [JOB, OCCURRENCES],
    );
    const ids = queued.rows.map((row) => row.id);
    const finishedOnce = () => {
      const done = [...jobLines(a), ...jobLines(b)].filter((line) => line.msg.endsWith('done'));
      return ids.map((id) => done.filter((line) => line.jobId === id).length);
    };
    await waitFor('the queued occurrences', () => finishedOnce().every((n) => n >= 1), 20_000);
    await sleep(500); // a second run of any of them would have finished by now
    const runsPerOccurrence = finishedOnce();
    expect(
      runsPerOccurrence.every((n) => n === 1),
      `runs per occurrence: ${runsPerOccurrence.join(', ')} (each should run once)`,
    );
    const doneLines = [...jobLines(a), ...jobLines(b)].filter((line) => line.msg.endsWith('done'));
    const runsOnA = jobLines(a).filter((line) => line.msg.endsWith('done')).length;
    const deletedByRuns = doneLines.reduce((sum, line) => sum + (line.result ?? 0), 0);
    expect(deletedByRuns === unattached.length, `the runs deleted ${deletedByRuns} files`);
    const answers = async (urls: string[], client: Client = onB) =>
      Promise.all(urls.map(async (url) => (await client.request('GET', url)).status));
    const attachedAnswers = await answers(attached);
    const unattachedAnswers = await answers(unattached);
    expect(
      attachedAnswers.every((s) => s === 200),
      `attached files: ${attachedAnswers}`,
    );
    expect(
      unattachedAnswers.every((s) => s === 404),
      `unattached files: ${unattachedAnswers}`,
    );

    // A backlog, a run, and the server running it killed part-way.
    const me = await onA.request('GET', '/api/user');
    const userId = (me.body as { id: number }).id;
    await sql.query(
      `insert into binary_files (id, user_id, data, content_type, size)
       select md5(n::text || random()::text) || md5(random()::text), $1, '\\x25504446'::bytea,
              'application/pdf', 4
       from generate_series(1, $2) as n`,
      [userId, BACKLOG],
    );
    const backlogLeft = async () =>
      Number(
        (await sql.query('select count(*) as n from binary_files where user_id = $1', [userId]))
          .rows[0].n,
      ) - attached.length;
    const [killedJob] = (
      await sql.query<{ id: string }>(
        `select (graphile_worker.add_job($1, job_key => 'faults-kill')).id::text as id`,
        [JOB],
      )
    ).rows;
    const runner = await (async () => {
      let found: RunningServer | undefined;
      await waitFor(
        'the run to start',
        () => {
          found = apps.find((app) =>
            jobLines(app).some(
              (line) => line.jobId === killedJob!.id && line.msg.endsWith('started'),
            ),
          );
          return found !== undefined;
        },
        20_000,
      );
      return found!;
    })();
    await waitFor('a first batch', async () => (await backlogLeft()) < BACKLOG, 20_000);
    runner.child.kill('SIGKILL');
    const leftAtKill = await backlogLeft();
    expect(leftAtKill > 0, 'the run finished before it could be killed: make the backlog larger');
    const survivor = runner === a ? b : a;
    // PostgreSQL ends the killed server's open transaction, and frees the files it had locked,
    // once it sees the connection closed; a run before that skips them, as it skips any file
    // another run holds. The next occurrence comes after that, as the schedule's would. The
    // transaction may be idle or still running a statement when the kill lands, so what is
    // waited for is its locks: no other session holds any on the files' table (the survivor
    // runs nothing until the next occurrence is queued).
    const killed = performance.now();
    await waitFor(
      "the killed server's transaction to end",
      async () =>
        (
          await sql.query(
            `select count(*)::int as n from pg_locks
             where relation = 'binary_files'::regclass and pid <> pg_backend_pid()`,
          )
        ).rows[0].n === 0,
      20_000,
    );
    const releasedMs = Math.round(performance.now() - killed);
    const [nextJob] = (
      await sql.query<{ id: string }>(
        `select (graphile_worker.add_job($1, job_key => 'faults-after-kill')).id::text as id`,
        [JOB],
      )
    ).rows;
    const killedAt = performance.now();
    await waitFor(
      'the next occurrence on the other server',
      () =>
        jobLines(survivor).some((line) => line.jobId === nextJob!.id && line.msg.endsWith('done')),
      30_000,
    );
    const finishSeconds = ((performance.now() - killedAt) / 1000).toFixed(1);
    const leftAfter = await backlogLeft();
    expect(leftAfter === 0, `${leftAfter} unattached files left after the other server's run`);
    const dangling = await sql.query(
      `select file_url, image_url from repairs r where user_id = $1 and not exists (
         select 1 from binary_files f
         where '/uploads/' || f.id in (r.file_url, r.image_url) and f.user_id = r.user_id)`,
      [userId],
    );
    expect(dangling.rowCount === 0, `${dangling.rowCount} repairs point at a deleted file`);
    const attachedAfter = await answers(attached, onA.on(survivor.url));
    expect(
      attachedAfter.every((s) => s === 200),
      `attached files after the kill: ${attachedAfter}`,
    );

    return {
      figures: {
        'occurrences queued at once': OCCURRENCES,
        'runs per occurrence (both servers)': runsPerOccurrence.join(', '),
        'runs on server A / B': `${runsOnA} / ${doneLines.length - runsOnA}`,
        'unattached / attached uploads after the runs': `${unattachedAnswers.join(',')} / ${attachedAnswers.join(',')}`,
        [`backlog of ${BACKLOG} files: left when the running server was killed`]: leftAtKill,
        "the killed server's locks freed after (ms)": releasedMs,
        'the next occurrence, on the other server, emptied it in (s)': finishSeconds,
        'files left, records pointing at a deleted file': `${leftAfter}, ${dangling.rowCount}`,
      },
      problems,
    };
  } finally {
    await Promise.all(apps.map((app) => stopApp(app)));
    await sql.end();
  }
}
