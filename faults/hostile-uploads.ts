/**
 * Hostile files (`faults/hostile-files.ts`): an attacker uploads, one after the other, files
 * built to freeze or bloat a reader (endless SQLite views, a LiteDB page chain shared by every
 * document, huge and wide CSVs, zip, gzip and tar bombs, huge and deep backup documents) to
 * `POST /api/imports` and `POST /api/user/restore`, while a victim reads their vehicles and a
 * vehicle's records from a thread of its own. For each file: the upload is answered a 4xx within
 * UPLOAD_ANSWER_MS, the victim's reads meanwhile keep their 99th percentile under
 * READ_P99_GOAL_MS, and the app's resident memory comes back within RSS_RETURN_MB of idle. At
 * the end the reminder job still e-mails the victim a schedule that falls due.
 *
 * The suite never hangs on a file: an upload not answered in time is aborted, and a server that
 * stops answering or grows past RSS_KILL_MB over idle is killed (by its pid) and started again
 * on the same data, so that the next file is tried on a working server.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startMailCapture } from '../server/test/mail-capture';
import { exited, type RunningServer } from '../server/test/server-process';
import { type HostileFile, ordinaryFuellyCsv, writeHostileFiles } from './hostile-files';
import {
  addVehicle,
  type Client,
  type Figures,
  isRunning,
  makeScratchFolder,
  registerClient,
  rssMb,
  type ScenarioResult,
  sleep,
  startApp,
  stopApp,
  stopLeftoverPostgres,
} from './lib';

/** The server reads a file for about 10 s at most; its answer may take this long. */
const UPLOAD_ANSWER_MS = 30_000;
/** The victim's reads while a file is read: the 99th percentile under this. */
const READ_P99_GOAL_MS = 100;
/**
 * On a machine so busy that the victim's reads with nothing uploaded already take a third of the
 * goal, the verdict asks for under this many times that floor instead (as downloads.ts does).
 */
const BUSY_FLOOR_FACTOR = 3;
/** After a file, the app's resident memory within this of idle. */
const RSS_RETURN_MB = 100;
/** How long memory may take to come back after an answer. */
const SETTLE_MS = 6_000;
/** Past idle plus this, the server is killed: the machine is shared, and the file has won. */
const RSS_KILL_MB = 2_000;
/** Reads counted for a file: from its upload to its answer, and at least this long. */
const MIN_WINDOW_MS = 1_500;
/** A victim's read that takes longer than this is given up and counted as this long. */
const READ_TIMEOUT_MS = 5_000;
const READ_PAUSE_MS = 40;
/**
 * The files together: once this has passed, each file left still gets MIN_ANSWER_MS to answer,
 * so that a build that hangs on every file fails in minutes yet reports on every file.
 */
const FILES_DEADLINE_MS = 180_000;
const MIN_ANSWER_MS = 5_000;
/** The reminder the victim is e-mailed at the end. */
const REMINDER_TITLE = 'Timing belt after the hostile files';

const now = () => performance.timeOrigin + performance.now();

type Read = { at: number; ms: number; ok: boolean };

/**
 * The victim's reads, in a thread of their own so that nothing this thread does (reading and
 * sending the hostile files) counts in their times: `GET /api/vehicles`, then the vehicle's
 * records, over and over, each stamped with when it started.
 */
const VICTIM_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, cookie, vehicleId, pauseMs, timeoutMs } = workerData;
const reads = [];
let stopping = false;
parentPort.on('message', () => { stopping = true; });
const now = () => performance.timeOrigin + performance.now();
async function timed(url) {
  const at = now();
  let ok = false;
  try {
    const response = await fetch(baseUrl + url, {
      headers: { cookie },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    ok = response.status === 200;
  } catch {}
  reads.push({ at, ms: Math.min(now() - at, timeoutMs), ok });
}
(async () => {
  while (!stopping) {
    await timed('/api/vehicles');
    await timed('/api/vehicles/' + vehicleId + '/records/page');
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  parentPort.postMessage(reads);
})();
`;

function startVictim(client: Client, vehicleId: number): { stop: () => Promise<Read[]> } {
  const worker = new Worker(VICTIM_SOURCE, {
    eval: true,
    workerData: {
      baseUrl: client.baseUrl,
      cookie: client.cookie,
      vehicleId,
      pauseMs: READ_PAUSE_MS,
      timeoutMs: READ_TIMEOUT_MS,
    },
  });
  const done = new Promise<Read[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const reads = await done;
      await worker.terminate();
      return reads;
    },
  };
}

/** The reads that started within [from, to]: their 99th percentile (a failed one counts whole). */
function readsWithin(reads: Read[], from: number, to: number) {
  const within = reads.filter((read) => read.at >= from && read.at <= to);
  const times = within.map((read) => (read.ok ? read.ms : Math.max(read.ms, READ_TIMEOUT_MS)));
  times.sort((a, b) => a - b);
  const p99 =
    times.length > 0 ? times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]! : NaN;
  return { count: within.length, failed: within.filter((read) => !read.ok).length, p99 };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Upload = { status: number; message: string; ms: number; problemsListed: number };

/** Sends one hostile file as field `file`, read lazily from disk; never waits past the limit. */
async function upload(attacker: Client, file: HostileFile, limitMs: number): Promise<Upload> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file.path), file.uploadName);
  const started = now();
  try {
    const response = await fetch(`${attacker.baseUrl}${file.endpoint}`, {
      method: 'POST',
      headers: { cookie: attacker.cookie, origin: new URL(attacker.baseUrl).origin },
      body: form,
      signal: AbortSignal.timeout(Math.round(limitMs)),
    });
    const text = await response.text();
    let message = text.slice(0, 160);
    let problemsListed = 0;
    try {
      const body = JSON.parse(text) as { message?: unknown; problems?: unknown[] };
      message = String(body.message ?? message).slice(0, 160);
      problemsListed = body.problems?.length ?? 0;
    } catch {
      // Not JSON: the text itself.
    }
    return { status: response.status, message, ms: now() - started, problemsListed };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      status: -1,
      message: timedOut
        ? `no answer within ${(limitMs / 1000).toFixed(0)} s`
        : `connection failed: ${(error as Error).cause ?? error}`,
      ms: now() - started,
      problemsListed: 0,
    };
  }
}

async function answersHealth(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * SIGTERM, and SIGKILL if the app has not exited within 10 s: a server whose event loop a file
 * has frozen never runs its stop handler.
 */
async function stopEvenIfFrozen(app: RunningServer | undefined) {
  if (!app || !isRunning(app)) return;
  const killer = setTimeout(() => {
    if (isRunning(app)) app.child.kill('SIGKILL');
  }, 10_000);
  try {
    await stopApp(app);
  } finally {
    clearTimeout(killer);
  }
}

const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function hostileFiles(): Promise<ScenarioResult> {
  const problems: string[] = [];
  const figures: Figures = {};
  const root = makeScratchFolder('hostile-files');
  const dataDir = path.join(root, 'data');
  const filesDir = path.join(root, 'files');
  fs.mkdirSync(filesDir);
  const capture = await startMailCapture();
  let app: RunningServer | undefined;
  let victim: { stop: () => Promise<Read[]> } | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const buildStarted = now();
    const files = await writeHostileFiles(filesDir);
    const wireBytes = files.map((file) => fs.statSync(file.path).size);
    figures['hostile files built in (s)'] = ((now() - buildStarted) / 1000).toFixed(1);
    figures['hostile files on the wire, KB (smallest / largest)'] =
      `${Math.round(Math.min(...wireBytes) / 1024)} / ${Math.round(Math.max(...wireBytes) / 1024)}`;

    const env = {
      DATA_DIR: dataDir,
      PLAN_LIMITS: 'off',
      PORT: String(await freePort()),
      SMTP_URL: capture.url,
      REMINDER_CHECK_SECONDS: '1',
      // Most of the run's log is the victim's reads.
      LOG_LEVEL: 'warn',
    };
    app = await startApp(env);
    const victimClient = await registerClient(app.url, 'hostile-victim');
    const attacker = await registerClient(app.url, 'hostile-attacker');
    const notifications = await victimClient.request('PATCH', '/api/user/notifications', {
      json: { email: { enabled: true } },
    });
    if (notifications.status !== 200) {
      problems.push(`turning the victim's e-mail on answered ${notifications.status}`);
    }
    const vehicleId = await addVehicle(victimClient);
    await victimClient.request('POST', `/api/vehicles/${vehicleId}/maintenance`, {
      json: { category: 'Oil Change', title: 'Oil change before the hostile files' },
    });

    // An ordinary import first: idle is then a server whose file readers have read a file, and
    // what the hostile files leave behind is measured beyond what any import leaves.
    const ordinary = new FormData();
    ordinary.append('file', new Blob([new Uint8Array(ordinaryFuellyCsv(50))]), 'fuelups.csv');
    const ordinaryAnswer = await attacker.attempt('POST', '/api/imports', { form: ordinary });
    figures['an ordinary Fuelly import of 50 rows, first'] = ordinaryAnswer.status;
    if (ordinaryAnswer.status !== 201) {
      problems.push(`an ordinary Fuelly import answered ${ordinaryAnswer.status}, not 201`);
    }

    victim = startVictim(victimClient, vehicleId);
    // The first reads of a fresh server compile its code paths: not the floor.
    await sleep(1_500);
    const floorFrom = now();
    await sleep(3_000);
    const floorTo = now();
    const idleMb = rssMb(app.child.pid!);
    figures['app RSS MB, idle'] = idleMb.toFixed(0);

    let restarts = 0;
    const restart = async (why: string) => {
      if (app && isRunning(app)) app.child.kill('SIGKILL');
      if (app) await exited(app.child);
      await stopLeftoverPostgres(dataDir);
      restarts += 1;
      app = await startApp(env);
      problems.push(`the server was killed and started again: ${why}`);
    };

    const windows: { file: HostileFile; from: number; to: number; upload: Upload }[] = [];
    const memory = new Map<
      string,
      { before: number; peak: number; after: number; killed: boolean }
    >();
    const filesStarted = now();
    for (const file of files) {
      const limitMs = Math.max(
        MIN_ANSWER_MS,
        Math.min(UPLOAD_ANSWER_MS, filesStarted + FILES_DEADLINE_MS - now()),
      );
      const running = app!;
      const pid = running.child.pid!;
      const before = rssMb(pid);
      let peak = before;
      let killed = false;
      sampler = setInterval(() => {
        try {
          peak = Math.max(peak, rssMb(pid));
          if (peak > idleMb + RSS_KILL_MB && isRunning(running)) {
            killed = true;
            running.child.kill('SIGKILL');
          }
        } catch {
          // The process is gone; the upload's answer says so.
        }
      }, 100);
      const from = now();
      const answer = await upload(attacker, file, limitMs);
      const answeredAt = now();
      const minimumEnd = from + MIN_WINDOW_MS;
      if (answeredAt < minimumEnd) await sleep(minimumEnd - answeredAt);
      windows.push({ file, from, to: Math.max(answeredAt, minimumEnd), upload: answer });

      // Memory back to idle: read until it is, or SETTLE_MS has passed.
      let after = Number.NaN;
      const settleUntil = now() + SETTLE_MS;
      while (isRunning(running)) {
        try {
          after = rssMb(pid);
        } catch {
          break;
        }
        if (after <= idleMb + RSS_RETURN_MB || now() > settleUntil) break;
        await sleep(250);
      }
      clearInterval(sampler);
      memory.set(file.name, { before, peak, after, killed });

      if (killed) await restart(`${file.name} took it past ${RSS_KILL_MB} MB over idle`);
      else if (!isRunning(running)) await restart(`it died reading ${file.name}`);
      else if (!(await answersHealth(running.url))) {
        await restart(`it no longer answered /healthz after ${file.name}`);
      }
    }
    figures['server restarts forced by the suite'] = restarts;

    // The reminder job still works: a schedule due in five days is e-mailed to the victim.
    const scheduled = await victimClient.attempt('POST', `/api/vehicles/${vehicleId}/schedules`, {
      json: {
        title: REMINDER_TITLE,
        category: 'Other',
        intervalMonths: 12,
        firstDueDate: dayFromToday(5),
      },
    });
    const reminderStarted = now();
    let reminderSeconds: string | undefined;
    if (scheduled.status !== 201) {
      problems.push(`the victim's schedule answered ${scheduled.status}`);
    } else {
      try {
        const deadline = Date.now() + 30_000;
        while (!capture.messages.some((mail) => mail.subject?.includes(REMINDER_TITLE))) {
          if (Date.now() > deadline) throw new Error('timed out');
          await sleep(100);
        }
        reminderSeconds = ((now() - reminderStarted) / 1000).toFixed(1);
      } catch {
        problems.push("the victim's due reminder was not e-mailed within 30 s");
      }
    }
    figures["victim's due reminder e-mailed after (s)"] = reminderSeconds ?? 'never';

    const reads = await victim.stop();
    victim = undefined;
    const floor = readsWithin(reads, floorFrom, floorTo);
    const limit = Math.max(READ_P99_GOAL_MS, BUSY_FLOOR_FACTOR * floor.p99);
    figures["victim's reads with no upload, p99 ms (n)"] =
      `${floor.p99.toFixed(0)} (${floor.count})`;
    figures["victim's read limit while a file is read, p99 ms"] = limit.toFixed(0);

    for (const { file, from, to, upload: answer } of windows) {
      const read = readsWithin(reads, from, to);
      const rss = memory.get(file.name)!;
      const status =
        answer.status < 0
          ? 'none'
          : answer.status === 201
            ? `201 (a preview listing ${answer.problemsListed} problems)`
            : String(answer.status);
      figures[file.name] =
        `${status} in ${(answer.ms / 1000).toFixed(1)} s · victim p99 ${read.p99.toFixed(0)} ms (${read.count} reads, ${read.failed} failed) · RSS MB before / peak / after ${rss.before.toFixed(0)} / ${rss.peak.toFixed(0)} / ${Number.isNaN(rss.after) ? 'gone' : rss.after.toFixed(0)}${rss.killed ? ' (killed)' : ''}`;
      if (answer.status < 400 || answer.status >= 500) {
        problems.push(
          `${file.name} (${file.expands}): answered ${status}, not a 4xx: ${answer.message}`,
        );
      }
      if (!(read.p99 <= limit)) {
        problems.push(
          `${file.name}: the victim's reads took ${read.p99.toFixed(0)} ms at the 99th percentile (limit ${limit.toFixed(0)} ms), ${read.failed} of ${read.count} failed`,
        );
      }
      if (!(rss.after <= idleMb + RSS_RETURN_MB)) {
        problems.push(
          `${file.name}: the app's RSS was ${Number.isNaN(rss.after) ? 'gone' : `${rss.after.toFixed(0)} MB`} ${SETTLE_MS / 1000} s after, idle ${idleMb.toFixed(0)} MB (${rss.before.toFixed(0)} MB before this file, peak ${rss.peak.toFixed(0)} MB)`,
        );
      }
    }
    return { figures, problems };
  } finally {
    clearInterval(sampler);
    await victim?.stop().catch(() => undefined);
    await stopEvenIfFrozen(app);
    await stopLeftoverPostgres(dataDir);
    await capture.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
