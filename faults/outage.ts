/**
 * Database going away: clients read and write while the PostgreSQL behind DATABASE_URL is
 * stopped (fast shutdown: connections cut mid-query) and then started again on the same data.
 * While it is down every API call answers 503 with a JSON `{message}` and a `Retry-After`, and
 * `/healthz` fails; the app process never dies, and once the database is back it serves again by
 * itself, with no restart, and every write it acknowledged is still there.
 */
import type { RunningServer } from '../server/test/server-process';
import {
  type Answer,
  addVehicle,
  type Client,
  isRunning,
  registerClient,
  type ScenarioResult,
  type StandalonePostgres,
  sleep,
  startApp,
  stopApp,
  waitUntil,
} from './lib';

const CLIENTS = 10;
/** Answers each phase collects before the next one starts. */
const ANSWERS_PER_PHASE = 40;

type Phase = 'before' | 'stopping' | 'down' | 'restarting' | 'after';

function isJsonMessage(answer: Answer): boolean {
  const body = answer.body as { message?: unknown } | undefined;
  return answer.contentType.includes('application/json') && typeof body?.message === 'string';
}

export async function outage(postgres: StandalonePostgres): Promise<ScenarioResult> {
  const problems: string[] = [];
  const databaseUrl = await postgres.database('faults_outage');
  let app: RunningServer | undefined;
  let databaseStopped = false;
  try {
    app = await startApp({ DATABASE_URL: databaseUrl, PLAN_LIMITS: 'off' });
    const pid = app.child.pid;
    const users: Array<{ client: Client; vehicleId: number }> = [];
    for (let index = 0; index < CLIENTS; index++) {
      const client = await registerClient(app.url, `outage${index}`);
      users.push({ client, vehicleId: await addVehicle(client) });
    }

    let phase: Phase = 'before';
    const answers: Record<Phase, Answer[]> = {
      before: [],
      stopping: [],
      down: [],
      restarting: [],
      after: [],
    };
    const acknowledged: Array<{ user: number; id: number }> = [];
    let stop = false;
    const workers = users.map(async ({ client, vehicleId }, index) => {
      for (let n = 0; !stop; n++) {
        const calledIn = phase;
        const answer =
          n % 2 === 0
            ? await client.attempt('GET', '/api/vehicles')
            : await client.attempt('POST', `/api/vehicles/${vehicleId}/maintenance`, {
                json: { category: 'Oil Change', title: `outage ${index}-${n}` },
              });
        // An answer counts for a phase only if the call started and ended in it.
        if (phase === calledIn) answers[phase].push(answer);
        if (answer.status === 201) {
          acknowledged.push({ user: index, id: (answer.body as { id: number }).id });
        }
        await sleep(20);
      }
    });
    const collected = (which: Phase) => () =>
      Promise.resolve(answers[which].length >= ANSWERS_PER_PHASE);

    await waitUntil(collected('before'), 30_000);
    phase = 'stopping';
    await postgres.stop();
    databaseStopped = true;
    phase = 'down';
    await waitUntil(collected('down'), 30_000);
    const health = await users[0]!.client.attempt('GET', '/healthz');

    phase = 'restarting';
    const restartedAt = performance.now();
    await postgres.start();
    databaseStopped = false;
    const recovered = await waitUntil(
      async () => (await users[0]!.client.attempt('GET', '/healthz')).status === 200,
      30_000,
    );
    const recoverySeconds = (performance.now() - restartedAt) / 1000;
    phase = 'after';
    await waitUntil(collected('after'), 30_000);
    stop = true;
    await Promise.all(workers);

    const summary = (list: Answer[]) => {
      const counts = new Map<number, number>();
      for (const answer of list) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      return (
        [...counts]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ') || 'none'
      );
    };
    const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
    // A 503 says when to try again: a positive number of seconds (RFC 9110).
    const unavailable = (answer: Answer) =>
      answer.status === 503 && isJsonMessage(answer) && Number(answer.retryAfter) > 0;

    if (!answers.before.every(ok)) problems.push(`before: ${summary(answers.before)}`);
    if (!answers.stopping.every((answer) => ok(answer) || unavailable(answer))) {
      problems.push(
        `while stopping, not all 2xx or 503 JSON with Retry-After: ${summary(answers.stopping)}`,
      );
    }
    if (answers.down.length === 0 || !answers.down.every(unavailable)) {
      const sample = answers.down.find((answer) => !unavailable(answer));
      problems.push(
        `while down, not all 503 JSON {message} with Retry-After: ${summary(answers.down)}` +
          (sample ? ` (e.g. ${JSON.stringify(sample.body).slice(0, 200)})` : ''),
      );
    }
    if (health.status !== 503) problems.push(`/healthz answered ${health.status} while down`);
    if (!recovered) problems.push('/healthz did not answer 200 within 30 s of the restart');
    if (!answers.after.every(ok)) problems.push(`after recovery: ${summary(answers.after)}`);
    if (!isRunning(app) || app.child.pid !== pid) problems.push('the app process died');

    let lost = 0;
    for (const [index, { client, vehicleId }] of users.entries()) {
      const list = await client.request('GET', `/api/vehicles/${vehicleId}/maintenance`);
      const ids = new Set((list.body as Array<{ id: number }>).map((record) => record.id));
      lost += acknowledged.filter((record) => record.user === index && !ids.has(record.id)).length;
    }
    if (lost > 0) problems.push(`${lost} acknowledged records lost`);

    return {
      figures: {
        'before the stop': summary(answers.before),
        'while stopping': summary(answers.stopping),
        'while down': summary(answers.down),
        '/healthz while down': health.status,
        'while restarting': summary(answers.restarting),
        'after recovery': summary(answers.after),
        'healthy again after the restart (s)': recoverySeconds.toFixed(1),
        'app process': app && isRunning(app) && app.child.pid === pid ? 'same, never died' : 'died',
        'acknowledged writes lost': lost,
      },
      problems,
    };
  } catch (error) {
    if (app && !isRunning(app)) {
      problems.push(`the app process died; its last words:\n${app.output().slice(-1500)}`);
      return { figures: {}, problems };
    }
    throw error;
  } finally {
    if (databaseStopped) await postgres.start().catch(() => {});
    await stopApp(app);
  }
}
