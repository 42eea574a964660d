/**
 * Upload flood (decision 041): one free account uploads 10 MB PDFs as fast as it can, several
 * requests at a time, until it has met both bounds (FLOOD_SECONDS), on a server that sells Premium with the default storage
 * quota (STORAGE_QUOTA_MB, 250) and FLOOD_UPLOADS_PER_HOUR, so that both bounds are met within the
 * run (at the default 200 the flood meets the quota only, in the seconds it runs). Meanwhile another user keeps reading its vehicles and
 * uploading a small PDF now and then. Passes when the flooder's stored bytes stay within its
 * quota and both bounds answered (413, then 429), no call failed on the server's side, and every
 * small upload of the other user was taken. The other user's `GET /api/vehicles` latency, before
 * and during the flood, is a figure: what one account's flood costs the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../server/test/server-process';
import { makePdf } from '../server/test/upload-fixtures';
import {
  type Answer,
  addVehicle,
  type Client,
  fileForm,
  isServerError,
  makeScratchFolder,
  registerClient,
  rssMb,
  type ScenarioResult,
  sleep,
  startApp,
  stopApp,
  stopLeftoverPostgres,
} from './lib';

/** The flood runs at least this long, and then until it has met the rate limit, at most MAX. */
const FLOOD_SECONDS = { min: 8, max: 20 };
/** Past the 25 files of the quota, and soon: 40 uploads take 5 to 12 s on two busy cores. */
const FLOOD_UPLOADS_PER_HOUR = 40;
/** Requests of the flooder in flight at once. */
const FLOOD_REQUESTS = 6;
const MB = 1024 * 1024;
/** The flooder's file: a real PDF padded to the largest attachment (UPLOAD_LIMITS). */
const BIG_PDF = (() => {
  const pdf = makePdf('Upload flood');
  return Buffer.concat([pdf, Buffer.alloc(10 * MB - pdf.length, 0x20)]);
})();
/** The other user's pause between two reads, and between two small uploads. */
const READ_PAUSE_MS = 50;
const UPLOAD_PAUSE_MS = 1000;
/** Reads of the other user before the flood, for the figure to compare with. */
const BASELINE_READS = 40;

function bigPdfForm(): FormData {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(BIG_PDF)], { type: 'application/pdf' }), 'x.pdf');
  return form;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function timedRead(client: Client): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const answer = await client.attempt('GET', '/api/vehicles');
  return { answer, ms: performance.now() - started };
}

export async function uploadFlood(): Promise<ScenarioResult> {
  const problems: string[] = [];
  const root = makeScratchFolder('upload-flood');
  const dataDir = path.join(root, 'data');
  let app: RunningServer | undefined;
  try {
    // PLAN_LIMITS=on: the free plan's quota applies, as on a server that sells Premium.
    app = await startApp({
      DATA_DIR: dataDir,
      PLAN_LIMITS: 'on',
      UPLOADS_PER_HOUR: String(FLOOD_UPLOADS_PER_HOUR),
      LOG_LEVEL: 'warn',
    });
    const flooder = await registerClient(app.url, 'flooder');
    const other = await registerClient(app.url, 'other');
    await addVehicle(other);

    const baseline: number[] = [];
    for (let index = 0; index < BASELINE_READS; index += 1) {
      baseline.push((await timedRead(other)).ms);
    }
    baseline.sort((a, b) => a - b);

    const floodStatuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const note = (who: string, answer: Answer) => {
      if (isServerError(answer.status) && serverErrors.length < 20) {
        serverErrors.push(`${who} answered ${answer.status}: ${String(answer.body).slice(0, 200)}`);
      }
    };
    let floodCalls = 0;
    const readTimes: number[] = [];
    let smallUploads = 0;
    let smallUploadsTaken = 0;
    let peakRssMb = rssMb(app.child.pid!);
    const floodStarted = Date.now();
    const secondsIn = () => (Date.now() - floodStarted) / 1000;
    const firstRefusal = new Map<number, number>();
    const isFloodOver = () =>
      secondsIn() >= FLOOD_SECONDS.max ||
      (secondsIn() >= FLOOD_SECONDS.min && firstRefusal.has(429));

    const flood = Array.from({ length: FLOOD_REQUESTS }, async () => {
      while (!isFloodOver()) {
        const answer = await flooder.attempt('POST', '/api/upload', { form: bigPdfForm() });
        floodCalls += 1;
        floodStatuses.set(answer.status, (floodStatuses.get(answer.status) ?? 0) + 1);
        if (!firstRefusal.has(answer.status)) firstRefusal.set(answer.status, secondsIn());
        note('the flooder’s upload', answer);
      }
    });
    const reads = (async () => {
      while (!isFloodOver()) {
        const { answer, ms: took } = await timedRead(other);
        readTimes.push(took);
        note('the other user’s GET /api/vehicles', answer);
        if (answer.status !== 200) problems.push(`the other user's read answered ${answer.status}`);
        await sleep(READ_PAUSE_MS);
      }
    })();
    const smallOnes = (async () => {
      while (!isFloodOver()) {
        const answer = await other.attempt('POST', '/api/upload', {
          form: fileForm('files', 'pdf'),
        });
        smallUploads += 1;
        if (answer.status === 200) smallUploadsTaken += 1;
        note('the other user’s upload', answer);
        await sleep(UPLOAD_PAUSE_MS);
      }
    })();
    const memory = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, rssMb(app!.child.pid!));
    }, 500);
    await Promise.all([...flood, reads, smallOnes]);
    clearInterval(memory);
    const floodSeconds = secondsIn();

    const status = await flooder.request('GET', '/api/subscription/status');
    const storage = (status.body as { storage: { usedBytes: number; quotaBytes: number } }).storage;
    readTimes.sort((a, b) => a - b);
    const count = (code: number) => floodStatuses.get(code) ?? 0;

    if (serverErrors.length > 0) problems.push(...serverErrors);
    if (storage.usedBytes > storage.quotaBytes) {
      problems.push(
        `the flooder stored ${storage.usedBytes} bytes, past its ${storage.quotaBytes}`,
      );
    }
    if (count(413) === 0) problems.push('no upload was refused with 413: the quota never held');
    if (count(429) === 0) problems.push('no upload was refused with 429: the rate never held');
    if (smallUploadsTaken !== smallUploads) {
      problems.push(
        `the other user's small uploads: ${smallUploadsTaken} of ${smallUploads} taken`,
      );
    }
    return {
      figures: {
        'flood seconds': floodSeconds.toFixed(1),
        'first 413 / first 429 after (s)': `${firstRefusal.get(413)?.toFixed(1) ?? '—'} / ${firstRefusal.get(429)?.toFixed(1) ?? '—'}`,
        'flooder requests in flight': FLOOD_REQUESTS,
        'uploads per hour (setting)': FLOOD_UPLOADS_PER_HOUR,
        'flooder uploads sent (10 MB each)': floodCalls,
        'flooder stored MB (quota)': `${(storage.usedBytes / MB).toFixed(1)} (${storage.quotaBytes / MB})`,
        'flooder answers': [...floodStatuses]
          .sort(([a], [b]) => a - b)
          .map(([code, n]) => `${code}×${n}`)
          .join(' '),
        '5xx or unanswered': serverErrors.length,
        'other user: small uploads taken': `${smallUploadsTaken} of ${smallUploads}`,
        'other user: GET /api/vehicles before (p50 / p99)': `${ms(percentile(baseline, 50))} / ${ms(percentile(baseline, 99))}`,
        'other user: GET /api/vehicles during (p50 / p99, n)': `${ms(percentile(readTimes, 50))} / ${ms(percentile(readTimes, 99))}, ${readTimes.length}`,
        'app peak RSS MB': peakRssMb.toFixed(0),
      },
      problems,
    };
  } finally {
    await stopApp(app);
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(root, { recursive: true, force: true });
  }
}
