/**
 * Durability: 20 clients create records while the app is killed with `kill -9`; after a restart
 * on the same DATA_DIR every record the server acknowledged (201) must be there, field for field.
 * Five rounds kill only the app (its embedded PostgreSQL is orphaned and stopped by the next
 * start); five others, on a DATA_DIR of their own and run beside them, kill the app and every
 * PostgreSQL process at once, as a power cut would (PostgreSQL then recovers from its WAL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../server/db/data-dir-lock';
import { embeddedPostgresPid, exited, type RunningServer } from '../server/test/server-process';
import {
  addVehicle,
  type Client,
  makeScratchFolder,
  registerClient,
  type ScenarioResult,
  startApp,
  stopApp,
  stopLeftoverPostgres,
  waitUntil,
} from './lib';

const CLIENTS = 20;
const ROUNDS = 10;
/** Acknowledged creates a round waits for before the kill: the load is well under way by then. */
const ACKS_BEFORE_KILL = 60;

type Acknowledged = {
  client: number;
  vehicleId: number;
  id: number;
  title: string;
  cost: number;
  notes: string;
};

type StoredRecord = { id: number; title: string | null; cost: number | null; notes: string | null };

type RoundsOutcome = {
  attempts: number;
  acknowledged: number;
  lost: number;
  damaged: number;
  orphansStopped: number;
  problems: string[];
};

/** `rounds` kills of one app on one DATA_DIR, each followed by a restart and a full check. */
async function runRounds(killPostgresToo: boolean, rounds: number): Promise<RoundsOutcome> {
  const label = killPostgresToo ? 'app + PostgreSQL' : 'app only';
  const root = makeScratchFolder('durability');
  const dataDir = path.join(root, 'data');
  const env = { DATA_DIR: dataDir, PLAN_LIMITS: 'off' };
  const problems: string[] = [];
  const acknowledged: Acknowledged[] = [];
  let app: RunningServer | undefined;
  let lost = 0;
  let damaged = 0;
  let orphansStopped = 0;
  let attempts = 0;
  try {
    app = await startApp(env);
    const url = app.url;
    const users = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, index) => {
        const client = await registerClient(url, `durable${index}`);
        return { client, vehicleId: await addVehicle(client) };
      }),
    );
    const clients: Client[] = users.map((user) => user.client);
    const vehicles = users.map((user) => user.vehicleId);

    for (let round = 1; round <= rounds; round++) {
      let stop = false;
      let acksThisRound = 0;
      const workers = clients.map(async (client, index) => {
        for (let n = 0; !stop; n++) {
          const title = `round ${round} client ${index} record ${n}`;
          const cost = Math.round(Math.random() * 100_000) / 100;
          const notes = `notes of ${title}`;
          const vehicleId = vehicles[index]!;
          attempts += 1;
          const answer = await client.attempt('POST', `/api/vehicles/${vehicleId}/maintenance`, {
            json: { category: 'Oil Change', title, cost, notes, date: '2026-11-23' },
          });
          if (answer.status === 201) {
            acksThisRound += 1;
            const { id } = answer.body as { id: number };
            acknowledged.push({ client: index, vehicleId, id, title, cost, notes });
          } else if (answer.status > 0 && !stop) {
            problems.push(`round ${round}: a create answered ${answer.status} before the kill`);
          }
        }
      });

      await waitUntil(async () => acksThisRound >= ACKS_BEFORE_KILL, 30_000, 20);
      const postgresPid = embeddedPostgresPid(dataDir)!;
      app.child.kill('SIGKILL');
      // The embedded PostgreSQL runs in its own process group: all of it dies at once.
      if (killPostgresToo) process.kill(-postgresPid, 'SIGKILL');
      await exited(app.child);
      stop = true;
      await Promise.all(workers);
      if (!killPostgresToo && !isProcessAlive(postgresPid)) {
        problems.push(`round ${round}: the embedded PostgreSQL did not outlive the app`);
      }

      app = await startApp(env);
      if (app.output().includes(`Stopped PostgreSQL (pid ${postgresPid})`)) orphansStopped += 1;
      for (const client of clients) client.baseUrl = app.url;

      // Every record acknowledged so far, in every round, must be there and intact.
      lost = 0;
      damaged = 0;
      for (const [index, client] of clients.entries()) {
        const answer = await client.request('GET', `/api/vehicles/${vehicles[index]}/maintenance`);
        if (answer.status !== 200) {
          problems.push(`round ${round}: listing answered ${answer.status}`);
          continue;
        }
        const stored = new Map(
          (answer.body as StoredRecord[]).map((record) => [record.id, record]),
        );
        for (const expected of acknowledged.filter((record) => record.client === index)) {
          const record = stored.get(expected.id);
          if (!record) lost += 1;
          else if (
            record.title !== expected.title ||
            record.cost !== expected.cost ||
            record.notes !== expected.notes
          ) {
            damaged += 1;
          }
        }
      }
      if (lost > 0 || damaged > 0) {
        problems.push(`round ${round}: ${lost} acknowledged records lost, ${damaged} changed`);
      }
    }
    if (!killPostgresToo && orphansStopped !== rounds) {
      problems.push(
        `the orphaned PostgreSQL was stopped by ${orphansStopped} of ${rounds} restarts`,
      );
    }
  } finally {
    await stopApp(app);
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(root, { recursive: true, force: true });
  }
  return {
    attempts,
    acknowledged: acknowledged.length,
    lost,
    damaged,
    orphansStopped,
    problems: problems.map((problem) => `${label}: ${problem}`),
  };
}

/**
 * The two kinds of kill run side by side, each on a DATA_DIR of its own: the time goes into
 * restarts, which wait on PostgreSQL more than they use the CPU.
 */
export async function durability(): Promise<ScenarioResult> {
  // Both run to their end (and clean up) even when one fails early.
  const settled = await Promise.allSettled([
    runRounds(false, ROUNDS / 2),
    runRounds(true, ROUNDS / 2),
  ]);
  const failed = settled.flatMap((outcome) =>
    outcome.status === 'rejected' ? [`crashed: ${(outcome.reason as Error).stack}`] : [],
  );
  if (failed.length > 0) return { figures: {}, problems: failed };
  const [appOnly, both] = settled.map(
    (outcome) => (outcome as PromiseFulfilledResult<RoundsOutcome>).value,
  ) as [RoundsOutcome, RoundsOutcome];
  const sum = (pick: (outcome: RoundsOutcome) => number) => pick(appOnly) + pick(both);
  return {
    figures: {
      rounds: `${ROUNDS} (${ROUNDS / 2} app only, ${ROUNDS / 2} app + PostgreSQL)`,
      'creates attempted': sum((outcome) => outcome.attempts),
      'creates acknowledged': sum((outcome) => outcome.acknowledged),
      'acknowledged writes lost': sum((outcome) => outcome.lost),
      'acknowledged writes changed': sum((outcome) => outcome.damaged),
      'orphaned PostgreSQL stopped at restart': `${appOnly.orphansStopped} of ${ROUNDS / 2}`,
    },
    problems: [...appOnly.problems, ...both.problems],
  };
}
