/**
 * Photo flood: one user sends ten heavy photos at once (each allowed, about a second of
 * re-encoding) and a 16-bit RGBA PNG of 9999 × 9999 pixels (800 MB decoded from a few MB), while
 * another user adds a small photo several times. Passes when the other user's every photo is
 * stored within PHOTO_GOAL_MS, the 16-bit photo is refused with 413, and no call answers a 5xx
 * other than the busy 503 with `Retry-After`, nor goes unanswered. Figures: the other user's
 * times, the flooding user's answers by status and the `Retry-After` they carried, and the app's
 * resident memory at rest and at its peak.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../server/test/server-process';
import { makePng, makeSolidPng } from '../server/test/upload-fixtures';
import {
  type Answer,
  type Client,
  makeScratchFolder,
  registerClient,
  rssMb,
  type ScenarioResult,
  sleep,
  startApp,
  stopApp,
  stopLeftoverPostgres,
} from './lib';

/** The other user's photo is stored within this, flood or not (issue goal: a couple of seconds). */
const PHOTO_GOAL_MS = 2000;
const HEAVY_PHOTOS = 10;
const SMALL_PHOTOS = 5;
/** The other user's pause between two photos. */
const SMALL_PHOTO_PAUSE_MS = 300;
/** How often the app's resident memory is read for its peak. */
const RSS_INTERVAL_MS = 100;

function photoForm(name: string, data: Buffer): FormData {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  return form;
}

function upload(client: Client, name: string, data: Buffer): Promise<Answer> {
  return client.attempt('POST', '/api/upload', { form: photoForm(name, data) });
}

const isBusyAnswer = (answer: Answer) => answer.status === 503 && answer.retryAfter !== undefined;

export async function photoFlood(): Promise<ScenarioResult> {
  const problems: string[] = [];
  const root = makeScratchFolder('photos');
  const dataDir = path.join(root, 'data');
  let app: RunningServer | undefined;
  let sampling: NodeJS.Timeout | undefined;
  try {
    // 200 MB decoded (5000 × 5000 RGBA, 16 bits per channel): allowed, and about a second of work.
    const heavy = await makeSolidPng({ width: 5000, height: 5000, channels: 4, bitDepth: 16 });
    const bomb = await makeSolidPng({ width: 9999, height: 9999, channels: 4, bitDepth: 16 });
    const small = await makePng({ width: 8, height: 8 });

    app = await startApp({ DATA_DIR: dataDir, PLAN_LIMITS: 'off' });
    const pid = app.child.pid!;
    const flooder = await registerClient(app.url, 'photo-flood');
    const other = await registerClient(app.url, 'photo-other');
    // A first photo each, so the figures start from an app that has processed one already.
    for (const client of [flooder, other]) {
      const first = await upload(client, 'first.png', small);
      if (first.status !== 200) problems.push(`a first small photo answered ${first.status}`);
    }
    await sleep(500);
    const idleMb = rssMb(pid);
    let peakMb = idleMb;
    sampling = setInterval(() => {
      try {
        peakMb = Math.max(peakMb, rssMb(pid));
      } catch {
        // The process is gone; the answers say so.
      }
    }, RSS_INTERVAL_MS);

    const floodStarted = performance.now();
    const flood = Promise.all([
      ...Array.from({ length: HEAVY_PHOTOS }, (_, index) =>
        upload(flooder, `heavy-${index}.png`, heavy),
      ),
      upload(flooder, 'bomb.png', bomb),
    ]).then((answers) => ({ answers, seconds: (performance.now() - floodStarted) / 1000 }));

    // The flood has arrived and waits its turn before the other user's first photo is sent.
    await sleep(300);
    const otherTimes: number[] = [];
    for (let index = 0; index < SMALL_PHOTOS; index++) {
      const started = performance.now();
      const answer = await upload(other, `small-${index}.png`, small);
      otherTimes.push(performance.now() - started);
      if (answer.status !== 200) {
        problems.push(`the other user's photo ${index + 1} answered ${answer.status}`);
      }
      await sleep(SMALL_PHOTO_PAUSE_MS);
    }
    const { answers, seconds: floodSeconds } = await flood;
    clearInterval(sampling);
    peakMb = Math.max(peakMb, rssMb(pid));

    const heavyAnswers = answers.slice(0, HEAVY_PHOTOS);
    const bombAnswer = answers[HEAVY_PHOTOS]!;
    const byStatus = new Map<number, number>();
    for (const answer of heavyAnswers) {
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    }
    const retryAfters = heavyAnswers
      .filter(isBusyAnswer)
      .map((answer) => Number(answer.retryAfter));
    const slowest = Math.max(...otherTimes);
    if (slowest > PHOTO_GOAL_MS) {
      problems.push(
        `the other user's photo took ${slowest.toFixed(0)} ms during the flood (goal ${PHOTO_GOAL_MS} ms)`,
      );
    }
    if (bombAnswer.status !== 413) {
      problems.push(`the 16-bit 9999 × 9999 photo answered ${bombAnswer.status}, not 413`);
    }
    for (const answer of answers) {
      if ((answer.status >= 500 && !isBusyAnswer(answer)) || answer.status < 0) {
        problems.push(
          `a flood photo answered ${answer.status}: ${String(answer.body).slice(0, 200)}`,
        );
      }
    }
    const sorted = [...otherTimes].sort((a, b) => a - b);
    return {
      figures: {
        "other user's photo ms (median / max)": `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} / ${slowest.toFixed(0)}`,
        "other user's photo ms, each": otherTimes.map((ms) => ms.toFixed(0)).join(', '),
        'heavy photos (5000 × 5000 RGBA 16-bit, 200 MB decoded) by status': [...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
        'Retry-After of the 503s, s (min–max)':
          retryAfters.length > 0
            ? `${Math.min(...retryAfters)}–${Math.max(...retryAfters)}`
            : 'none',
        '16-bit 9999 × 9999 RGBA photo (800 MB decoded)': `${bombAnswer.status}`,
        'flood answered within, s': floodSeconds.toFixed(1),
        'app RSS MB (at rest / peak)': `${idleMb.toFixed(0)} / ${peakMb.toFixed(0)}`,
      },
      problems,
    };
  } finally {
    clearInterval(sampling);
    await stopApp(app);
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(root, { recursive: true, force: true });
  }
}
