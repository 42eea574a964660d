/**
 * What every scenario of the reliability suite is built from: the built server as a process, a
 * PostgreSQL of our own for the DATABASE_URL runs, HTTP clients with real sessions (registered
 * through the API, sending the Origin that D7 asks of a state-changing call), the files they
 * upload, and the app's memory read from /proc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../server/db/data-dir-lock';
import {
  type EmbeddedServer,
  ensureDatabase,
  startEmbeddedPostgres,
} from '../server/db/embedded-postgres';
import { projectRoot } from '../server/paths';
import {
  embeddedPostgresPid,
  exited,
  type RunningServer,
  startServer,
} from '../server/test/server-process';
import { makePdf, makePng } from '../server/test/upload-fixtures';

export type Figures = Record<string, string | number>;

/** What a scenario found: its figures, and every broken promise (none means it passed). */
export type ScenarioResult = { figures: Figures; problems: string[] };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The build under test: `$DIST_DIR/server/main.js`, `dist/` unless DIST_DIR says otherwise. */
export const builtMain = path.resolve(
  projectRoot,
  process.env.DIST_DIR ?? 'dist',
  'server/main.js',
);

/** A fresh folder for one scenario's data, reachable by the `postgres` user when run as root. */
export function makeScratchFolder(name: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `gl-faults-${name}-`));
  fs.chmodSync(folder, 0o755);
  return folder;
}

/** Settings every run shares: production mode, loopback, sign-in limits out of the load's way. */
const BASE_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  AUTH_MAX_ATTEMPTS: '100000000',
  AUTH_MAX_FAILURES: '100000000',
};

/**
 * A safety net, not a measure: several servers starting at once on two busy cores have been seen
 * to take most of a minute.
 */
const START_TIMEOUT_MS = 120_000;

/** The built server with these settings; resolves once it listens. */
export async function startApp(env: Record<string, string>): Promise<RunningServer> {
  // The address comes from the plain line printed at any level; the runs keep the info level
  // (the request log) that their recorded figures were measured with.
  return startServer(
    { ...BASE_ENV, LOG_LEVEL: 'info', ...env },
    { built: builtMain },
    START_TIMEOUT_MS,
  );
}

/** SIGTERM and wait: the normal stop. */
export async function stopApp(app: RunningServer | undefined) {
  if (!app) return;
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
  await exited(app.child);
}

/** Stops an embedded PostgreSQL that a killed or failed app left running in DATA_DIR. */
export async function stopLeftoverPostgres(dataDir: string) {
  const pid = embeddedPostgresPid(dataDir);
  if (!pid || !isProcessAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  await waitUntil(async () => !isProcessAlive(pid), 30_000);
}

export function isRunning(app: RunningServer): boolean {
  return app.child.exitCode === null && app.child.signalCode === null;
}

/** The resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Flat means: after `warmupMs`, the average of the last third of the samples is at most
 * FLAT_MEMORY_RATIO times the average of the first third, for the JS heap still alive after a
 * full collection and for the resident set (both read by faults/memory-probe.cjs).
 */
export const FLAT_MEMORY_RATIO = 1.25;

const MEMORY_PROBE = path.join(projectRoot, 'faults/memory-probe.cjs');

type MemorySample = { at: number; rss: number; heapUsed: number };

/**
 * Watches an app's memory over a run. `env` loads the probe into the app (give it to startApp);
 * `start(pid)` begins reading the app's RSS from /proc every second for the start, peak and end
 * figures; `stop()` judges flatness on the probe's samples.
 */
export function watchMemory(folder: string, warmupMs = 10_000) {
  const file = path.join(folder, 'memory.jsonl');
  const nodeOptions = [
    process.env.NODE_OPTIONS,
    '--expose-gc',
    '--require',
    JSON.stringify(MEMORY_PROBE),
  ];
  const rssReadings: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let pid = 0;
  const read = () => {
    try {
      rssReadings.push(rssMb(pid));
    } catch {
      // The process is gone; the scenario reports that itself.
    }
  };
  return {
    env: { NODE_OPTIONS: nodeOptions.filter(Boolean).join(' '), MEMORY_PROBE_FILE: file },
    start(appPid: number) {
      pid = appPid;
      fs.rmSync(file, { force: true });
      read();
      timer = setInterval(read, 1000);
    },
    stop() {
      clearInterval(timer);
      read();
      const samples: MemorySample[] = fs.existsSync(file)
        ? fs
            .readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as MemorySample)
        : [];
      // The probe's clock starts with the app; the run's starts at start().
      const runStart = samples.length > 0 ? samples[0]!.at : 0;
      const settled = samples.filter((sample) => sample.at - runStart >= warmupMs);
      const third = Math.max(1, Math.floor(settled.length / 3));
      const averageMb = (values: number[]) =>
        values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) / 1024 / 1024;
      const thirds = (key: 'rss' | 'heapUsed') => ({
        first: averageMb(settled.slice(0, third).map((sample) => sample[key])),
        last: averageMb(settled.slice(-third).map((sample) => sample[key])),
      });
      const heap = thirds('heapUsed');
      const rss = thirds('rss');
      const enough = settled.length >= 3;
      return {
        samples: settled.length,
        startMb: rssReadings[0] ?? 0,
        peakMb: Math.max(0, ...rssReadings),
        endMb: rssReadings.at(-1) ?? 0,
        heap,
        rss,
        heapFlat: enough && heap.last <= heap.first * FLAT_MEMORY_RATIO,
        rssFlat: enough && rss.last <= rss.first * FLAT_MEMORY_RATIO,
      };
    },
  };
}

export type Answer = {
  status: number;
  body: unknown;
  contentType: string;
  /** The `Retry-After` header, when the answer had one. */
  retryAfter?: string;
};

/** A status that means the server failed, or -1 when no answer came at all. */
export const isServerError = (status: number) => status >= 500 || status < 0;

/** One browser's worth of calls: its own session cookie, and the Origin it would send. */
export class Client {
  cookie = '';
  constructor(public baseUrl: string) {}

  async request(
    method: string,
    url: string,
    body?: { json?: unknown; form?: FormData },
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') headers.origin = new URL(this.baseUrl).origin;
    let payload: string | FormData | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      payload = body.form;
    }
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = response.headers.getSetCookie()[0];
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const contentType = response.headers.get('content-type') ?? '';
    const raw = Buffer.from(await response.arrayBuffer());
    const parsed = contentType.includes('json') && raw.length > 0 ? JSON.parse(`${raw}`) : raw;
    const retryAfter = response.headers.get('retry-after') ?? undefined;
    return { status: response.status, body: parsed, contentType, retryAfter };
  }

  /** Like `request`, but a failed connection is an answer of status -1 instead of a throw. */
  async attempt(
    method: string,
    url: string,
    body?: { json?: unknown; form?: FormData },
  ): Promise<Answer> {
    try {
      return await this.request(method, url, body);
    } catch (error) {
      return { status: -1, body: String(error), contentType: '' };
    }
  }

  /** A client pointed at another server, with this one's session. */
  on(baseUrl: string): Client {
    const other = new Client(baseUrl);
    other.cookie = this.cookie;
    return other;
  }
}

let accountCounter = 0;

/** A new user, signed in through `POST /api/register`. */
export async function registerClient(baseUrl: string, label: string): Promise<Client> {
  const client = new Client(baseUrl);
  accountCounter += 1;
  const email = `${label}-${process.pid}-${Date.now()}-${accountCounter}@example.com`;
  const answer = await client.request('POST', '/api/register', {
    json: { firstName: 'Fault', lastName: 'Tester', email, password: 'reliability-suite' },
  });
  if (answer.status !== 201) {
    throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return client;
}

export async function addVehicle(client: Client, model = 'Civic'): Promise<number> {
  const answer = await client.request('POST', '/api/vehicles', {
    json: { year: 2012, make: 'Honda', model },
  });
  if (answer.status !== 201) {
    throw new Error(`vehicle create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return (answer.body as { id: number }).id;
}

/** The files the clients attach: a small photo (re-encoded by the server) and a PDF. */
export const files = {
  png: await makePng({ width: 64, height: 48 }),
  pdf: makePdf('Reliability suite invoice'),
};

export function fileForm(field: string, kind: 'png' | 'pdf', fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const type = kind === 'png' ? 'image/png' : 'application/pdf';
  form.append(field, new Blob([new Uint8Array(files[kind])], { type }), `attachment.${kind}`);
  return form;
}

/** A PostgreSQL server of our own, as an operator's would be: what DATABASE_URL points at. */
export type StandalonePostgres = {
  url(database: string): string;
  /** Creates the database (if needed) and answers its URL. */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
  /** Starts it again on the same data and port. */
  start(): Promise<void>;
};

export async function startStandalonePostgres(dataDir: string): Promise<StandalonePostgres> {
  let server: EmbeddedServer = await startEmbeddedPostgres({ dataDir, port: 0 });
  const port = server.port;
  return {
    url: (database) => server.url(database),
    async database(name) {
      await ensureDatabase(server.url('postgres'), name);
      return server.url(name);
    },
    stop: () => server.stop(),
    async start() {
      server = await startEmbeddedPostgres({ dataDir, port });
    },
  };
}

/** Polls until `check` holds or `timeoutMs` passes; answers whether it held. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(intervalMs);
  }
  return false;
}
