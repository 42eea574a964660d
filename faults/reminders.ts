/**
 * Reminders on two servers (decision 054): two app processes on one PostgreSQL, both running the
 * `reminders` job every second, mail going to a real SMTP server in this process. Thirty service
 * schedules fall due at once: each must be e-mailed exactly once across both servers, and stay
 * so over further runs. Then one server is stopped, forty more fall due while the mail server
 * takes 300 ms per message, and the server sending them is killed with `kill -9` part-way: a
 * new server on the same database must send the rest, none lost, at most one sent twice (the
 * one in flight when the server died).
 */
import pg from 'pg';
import { type MailCapture, startMailCapture } from '../server/test/mail-capture';
import type { RunningServer } from '../server/test/server-process';
import {
  addVehicle,
  type Client,
  registerClient,
  type ScenarioResult,
  type StandalonePostgres,
  sleep,
  startApp,
  stopApp,
} from './lib';

const FIRST_WAVE = 30;
const SECOND_WAVE = 40;

/** Waits until `check` holds; throws naming `what` after `timeoutMs`. */
async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Calendar date `days` from today (UTC). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addSchedules(
  client: Client,
  vehicleId: number,
  prefix: string,
  count: number,
  dueInDays: number,
) {
  for (let index = 1; index <= count; index += 1) {
    const answer = await client.request('POST', `/api/vehicles/${vehicleId}/schedules`, {
      json: {
        title: `${prefix} ${index}`,
        category: 'Other',
        intervalMonths: 12,
        firstDueDate: dayFromToday(dueInDays),
      },
    });
    if (answer.status !== 201) throw new Error(`schedule create answered ${answer.status}`);
  }
}

/** How many e-mails arrived for each title of the wave. */
function mailsPerTitle(capture: MailCapture, prefix: string, count: number): number[] {
  return Array.from({ length: count }, (_, index) => {
    const title = `${prefix} ${index + 1} for your`;
    return capture.messages.filter((mail) => mail.subject?.includes(title)).length;
  });
}

export async function reminders(postgres: StandalonePostgres): Promise<ScenarioResult> {
  const problems: string[] = [];
  const expect = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const databaseUrl = await postgres.database('faults_reminders');
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const capture = await startMailCapture();
  const apps: RunningServer[] = [];
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: capture.url,
      REMINDER_CHECK_SECONDS: '1',
    };
    apps.push(...(await Promise.all([startApp(env), startApp(env)])));
    const [a, b] = apps as [RunningServer, RunningServer];
    const client = await registerClient(a.url, 'reminders');
    const saved = await client.request('PATCH', '/api/user/notifications', {
      json: { email: { enabled: true } },
    });
    expect(saved.status === 200, `turning e-mail on answered ${saved.status}`);
    const vehicleId = await addVehicle(client);

    // Due soon on both servers' watch: each once.
    await addSchedules(client.on(b.url), vehicleId, 'First', FIRST_WAVE, 5);
    const firstStarted = performance.now();
    await waitFor(
      () => mailsPerTitle(capture, 'First', FIRST_WAVE).every((n) => n >= 1),
      60_000,
      'the first wave of e-mails',
    );
    const firstSeconds = ((performance.now() - firstStarted) / 1000).toFixed(1);
    await sleep(4_000); // four more runs on each server
    const firstCounts = mailsPerTitle(capture, 'First', FIRST_WAVE);
    expect(
      firstCounts.every((n) => n === 1),
      `e-mails per item of the first wave: ${firstCounts.join(',')} (each should be 1)`,
    );

    // One server left; the mail server slow; the sender killed mid-batch.
    await stopApp(b);
    capture.slowDown(300);
    await addSchedules(client, vehicleId, 'Second', SECOND_WAVE, -1);
    await waitFor(
      () => mailsPerTitle(capture, 'Second', SECOND_WAVE).filter((n) => n > 0).length >= 5,
      60_000,
      'the second wave to begin',
    );
    a.child.kill('SIGKILL');
    const sentAtKill = mailsPerTitle(capture, 'Second', SECOND_WAVE).filter((n) => n > 0).length;
    expect(sentAtKill < SECOND_WAVE, 'the wave finished before the kill: make it larger');
    const c = await startApp(env);
    apps.push(c);
    const resumed = performance.now();
    await waitFor(
      () => mailsPerTitle(capture, 'Second', SECOND_WAVE).every((n) => n >= 1),
      90_000,
      'the rest of the second wave from the new server',
    );
    const restSeconds = ((performance.now() - resumed) / 1000).toFixed(1);
    await sleep(3_000);
    const secondCounts = mailsPerTitle(capture, 'Second', SECOND_WAVE);
    const duplicates = secondCounts.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    expect(
      secondCounts.every((n) => n >= 1),
      'an e-mail of the second wave was lost',
    );
    expect(duplicates <= 1, `${duplicates} e-mails of the second wave were sent twice (at most 1)`);
    const statuses = await sql.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from notification_deliveries group by status`,
    );
    const byStatus = Object.fromEntries(statuses.rows.map((row) => [row.status, row.n]));
    expect(
      byStatus.sent === FIRST_WAVE + SECOND_WAVE && Object.keys(byStatus).length === 1,
      `deliveries by status: ${JSON.stringify(byStatus)}`,
    );
    return {
      figures: {
        'first wave: items due soon at once, two servers': FIRST_WAVE,
        'first wave: e-mails per item': [...new Set(firstCounts)].join(', '),
        'first wave: all sent in (s)': firstSeconds,
        'second wave: items overdue, the sender killed after': `${sentAtKill} of ${SECOND_WAVE}`,
        'second wave: the rest sent by a new server in (s)': restSeconds,
        'second wave: lost / sent twice': `${secondCounts.filter((n) => n === 0).length} / ${duplicates}`,
        'deliveries recorded as sent': byStatus.sent ?? 0,
      },
      problems,
    };
  } finally {
    await Promise.all(apps.map((app) => stopApp(app)));
    await capture.close();
    await sql.end();
  }
}
