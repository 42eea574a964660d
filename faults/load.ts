/**
 * Load: 100 simulated users for 60 s, each signed in with its own vehicle, doing what a person
 * does with a short pause between clicks: the vehicle list, a vehicle's page, the record list,
 * a new record with an attachment (upload, then create), the dashboard. Run on the embedded
 * PostgreSQL and on a PostgreSQL reached through DATABASE_URL. Passes with no 5xx (nor a call
 * left unanswered), every acknowledged record and attachment readable afterwards, and the app's
 * memory flat over the run (lib.ts: watchMemory).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../server/test/server-process';
import {
  addVehicle,
  type Client,
  FLAT_MEMORY_RATIO,
  fileForm,
  files,
  isServerError,
  makeScratchFolder,
  registerClient,
  type ScenarioResult,
  type StandalonePostgres,
  sleep,
  startApp,
  stopApp,
  stopLeftoverPostgres,
  watchMemory,
} from './lib';

const USERS = Number(process.env.FAULTS_LOAD_USERS ?? 100);
const SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);
/** A person's pause between two actions, in ms. */
const THINK_MS = { min: 200, max: 800 };
/** Sign-ups at once before the clock starts (each is a deliberate Argon2id hash). */
const SIGN_UP_BATCH = 10;

type User = { client: Client; vehicleId: number };
type Created = { user: User; id: number; title: string; fileUrl: string; kind: 'png' | 'pdf' };
type Tally = { calls: number; byStatus: Map<string, number>; serverErrors: string[] };

const dashboardCalls = [
  '/api/user',
  '/api/vehicles',
  '/api/upcoming-maintenance',
  '/api/recent-activity',
  '/api/subscription/status',
];

function count(tally: Tally, label: string, status: number, body: unknown) {
  tally.calls += 1;
  const key = String(status);
  tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
  if (isServerError(status) && tally.serverErrors.length < 50) {
    tally.serverErrors.push(`${label} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
}

async function act(user: User, tally: Tally, created: Created[], sequence: number) {
  const { client, vehicleId } = user;
  const call = async (method: string, url: string, body?: Parameters<Client['attempt']>[2]) => {
    const answer = await client.attempt(method, url, body);
    count(tally, `${method} ${url.replace(/\d+/g, ':id')}`, answer.status, answer.body);
    return answer;
  };
  const roll = Math.random();
  if (roll < 0.25) {
    await call('GET', '/api/vehicles');
  } else if (roll < 0.45) {
    await call('GET', `/api/vehicles/${vehicleId}`);
    await call('GET', `/api/vehicles/${vehicleId}/maintenance`);
    await call('GET', `/api/vehicles/${vehicleId}/images`);
  } else if (roll < 0.65) {
    await call('GET', '/api/records');
  } else if (roll < 0.8) {
    const kind = sequence % 2 === 0 ? 'pdf' : 'png';
    const upload = await call('POST', '/api/upload', { form: fileForm('files', kind) });
    if (upload.status !== 200) return;
    const [fileUrl] = (upload.body as { fileUrls: string[] }).fileUrls;
    const title = `load record ${sequence} ${Math.random().toString(36).slice(2)}`;
    const answer = await call('POST', `/api/vehicles/${vehicleId}/maintenance`, {
      json: { category: 'Brake Service', title, cost: '120.50', date: '2026-11-20', fileUrl },
    });
    if (answer.status === 201) {
      created.push({
        user,
        id: (answer.body as { id: number }).id,
        title,
        fileUrl: fileUrl!,
        kind,
      });
    }
  } else {
    await Promise.all(dashboardCalls.map((url) => call('GET', url)));
  }
}

/** Every acknowledged record listed with its title, and a sample of its files served intact. */
async function findLostWrites(created: Created[]): Promise<{ lost: number; badFiles: number }> {
  const byUser = new Map<User, Created[]>();
  for (const record of created)
    byUser.set(record.user, [...(byUser.get(record.user) ?? []), record]);
  let lost = 0;
  let badFiles = 0;
  for (const [user, records] of byUser) {
    const answer = await user.client.request('GET', `/api/vehicles/${user.vehicleId}/maintenance`);
    const stored = new Map(
      (answer.body as Array<{ id: number; title: string; fileUrl: string }>).map((r) => [r.id, r]),
    );
    for (const record of records) {
      const found = stored.get(record.id);
      if (!found || found.title !== record.title || found.fileUrl !== record.fileUrl) lost += 1;
    }
    // One file per user read back: a PDF must come back byte for byte.
    const sample = records[0]!;
    const file = await user.client.request('GET', sample.fileUrl);
    const bytes = file.body as Buffer;
    const intact =
      file.status === 200 && (sample.kind === 'pdf' ? bytes.equals(files.pdf) : bytes.length > 0);
    if (!intact) badFiles += 1;
  }
  return { lost, badFiles };
}

async function runLoad(env: Record<string, string>): Promise<ScenarioResult> {
  const problems: string[] = [];
  let app: RunningServer | undefined;
  const probeFolder = makeScratchFolder('memory');
  const memory = watchMemory(probeFolder);
  try {
    app = await startApp({ PLAN_LIMITS: 'off', ...memory.env, ...env });
    const users: User[] = [];
    for (let start = 0; start < USERS; start += SIGN_UP_BATCH) {
      const batch = Array.from({ length: Math.min(SIGN_UP_BATCH, USERS - start) }, async (_, i) => {
        const client = await registerClient(app!.url, `load${start + i}`);
        return { client, vehicleId: await addVehicle(client) };
      });
      users.push(...(await Promise.all(batch)));
    }

    const tally: Tally = { calls: 0, byStatus: new Map(), serverErrors: [] };
    const created: Created[] = [];
    memory.start(app.child.pid!);
    const deadline = Date.now() + SECONDS * 1000;
    let sequence = 0;
    await Promise.all(
      users.map(async (user) => {
        // Users arrive over the first seconds, not all in the same millisecond.
        await sleep(Math.random() * THINK_MS.max);
        while (Date.now() < deadline) {
          await act(user, tally, created, sequence++);
          await sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
        }
      }),
    );
    const used = memory.stop();
    const { lost, badFiles } = await findLostWrites(created);

    const serverErrors = [...tally.byStatus].filter(([status]) => isServerError(Number(status)));
    const fiveXx = serverErrors.reduce((sum, [, n]) => sum + n, 0);
    if (fiveXx > 0)
      problems.push(`${fiveXx} calls failed on the server's side`, ...tally.serverErrors);
    if (lost > 0) problems.push(`${lost} acknowledged records lost or changed`);
    if (badFiles > 0) problems.push(`${badFiles} attachments not served back intact`);
    const grew = (what: string, { first, last }: { first: number; last: number }) =>
      `${what} grew: last third ${last.toFixed(0)} MB against ${first.toFixed(0)} MB in the first (limit ×${FLAT_MEMORY_RATIO})`;
    if (!used.heapFlat) problems.push(grew('live JS heap', used.heap));
    if (!used.rssFlat) problems.push(grew('RSS', used.rss));
    return {
      figures: {
        users: USERS,
        seconds: SECONDS,
        calls: tally.calls,
        'calls per second': Math.round(tally.calls / SECONDS),
        statuses: [...tally.byStatus]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
        '5xx or unanswered': fiveXx,
        'records created with an attachment': created.length,
        'acknowledged writes lost': lost,
        'app RSS MB (start / peak / end)': `${used.startMb.toFixed(0)} / ${used.peakMb.toFixed(0)} / ${used.endMb.toFixed(0)}`,
        'memory samples after a full collection (after 10 s)': used.samples,
        'live JS heap MB (first / last third)': `${used.heap.first.toFixed(0)} / ${used.heap.last.toFixed(0)}`,
        'RSS MB after a collection (first / last third)': `${used.rss.first.toFixed(0)} / ${used.rss.last.toFixed(0)}`,
      },
      problems,
    };
  } finally {
    await stopApp(app);
    fs.rmSync(probeFolder, { recursive: true, force: true });
  }
}

export async function loadOnEmbedded(): Promise<ScenarioResult> {
  const root = makeScratchFolder('load');
  const dataDir = path.join(root, 'data');
  try {
    return await runLoad({ DATA_DIR: dataDir });
  } finally {
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function loadOnDatabaseUrl(postgres: StandalonePostgres): Promise<ScenarioResult> {
  return runLoad({ DATABASE_URL: await postgres.database('faults_load') });
}
