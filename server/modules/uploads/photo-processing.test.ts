/**
 * The work a photo may cost, through the real upload calls (decision 046): a photo too large
 * once decoded is refused from its header, whatever its file size; one user's flood is refused
 * past their share with 503 and `Retry-After` while another user's photo is taken; a photo whose
 * client hung up while it waited is never processed nor stored.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { PHOTO_MAX_DECODED_BYTES, UPLOAD_MESSAGES } from '@contract/uploads';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { binaryFiles } from '../../db/schema';
import { loggerOptions } from '../../logger';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { makePng, makeSolidPng, multipartBody } from '../../test/upload-fixtures';

/** What the server logs, level by level: a busy refusal is the app working, not an error. */
const logLines: { level: number }[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString().trim().split('\n')) logLines.push(JSON.parse(line));
    done();
  },
});
const ERROR_LEVEL = 50;

const testApp = setUpTestApp({}, { logger: pino(loggerOptions('info'), sink) });
let ada: SignedInUser;
let grace: SignedInUser;
/** A photo that keeps a slot busy for a moment: 2000 × 2000 RGBA of 16 bits a channel. */
let heavy: Buffer;
let small: Buffer;

beforeAll(async () => {
  ada = await newUser(testApp);
  grace = await newUser(testApp);
  heavy = await makeSolidPng({ width: 2000, height: 2000, channels: 4, bitDepth: 16 });
  small = await makePng({ width: 8, height: 8 });
});

function upload(user: SignedInUser, data: Buffer, filename = 'photo.png') {
  const { payload, contentType } = multipartBody([
    { name: 'files', filename, contentType: 'image/png', data },
  ]);
  return testApp.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { 'content-type': contentType, cookie: user.cookie },
  });
}

async function filesOf(user: SignedInUser): Promise<number> {
  const [row] = await testApp
    .db()
    .select({ files: count() })
    .from(binaryFiles)
    .where(eq(binaryFiles.userId, user.id));
  return row!.files;
}

describe('the size of a photo once decoded', () => {
  it('refuses a 16-bit RGBA PNG of 9999 × 9999 pixels with 413 from its header, and stores nothing', async () => {
    const bomb = await makeSolidPng({ width: 9999, height: 9999, channels: 4, bitDepth: 16 });
    // A few MB as a file, 800 MB once decoded.
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const header = await sharp(bomb).metadata();
    expect(header).toMatchObject({ width: 9999, height: 9999, channels: 4, depth: 'ushort' });
    expect(9999 * 9999 * 4 * 2).toBeGreaterThan(PHOTO_MAX_DECODED_BYTES);
    const before = await filesOf(ada);

    const response = await upload(ada, bomb, 'bomb.png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.imageTooLargeToProcess });
    expect(UPLOAD_MESSAGES.imageTooLargeToProcess).toBe(
      'The image is too large to process. Images can be at most 100 megapixels, or 50 with 16 bits per colour.',
    );
    expect(await filesOf(ada)).toBe(before);
  });

  it('takes a 108-megapixel photo as a phone saves it (12000 × 9000 RGB, 324 MB decoded)', async () => {
    const photo = await makeSolidPng({ width: 12000, height: 9000, channels: 3, bitDepth: 8 });
    const response = await upload(ada, photo, 'phone.png');
    expect(response.statusCode, response.body).toBe(200);
    const [url] = response.json<{ fileUrls: string[] }>().fileUrls;
    const served = await testApp.inject({
      method: 'GET',
      url: url!,
      headers: { cookie: ada.cookie },
    });
    // Stored at most PHOTO_MAX_EDGE on its long side.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 2560, height: 1920 });
  });
});

describe('one photo of each user at a time', () => {
  it("refuses one user's photos past their share with 503 and Retry-After, while another user's is taken first", async () => {
    const finished: string[] = [];
    const track = (name: string) => (response: LightMyRequestResponse) => {
      finished.push(name);
      return response;
    };
    const flood = Array.from({ length: 5 }, (_, index) =>
      upload(ada, heavy, `heavy-${index}.png`).then(track(`ada-${index}`)),
    );
    const other = upload(grace, small, 'small.png').then(track('grace'));
    const answers = await Promise.all(flood);
    const graces = await other;

    expect(graces.statusCode, graces.body).toBe(200);
    // One processed and two waiting; the fourth and fifth are refused at once.
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503]);
    for (const refused of answers.filter((response) => response.statusCode === 503)) {
      expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.photosBusy });
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    }
    expect(logLines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
    // Grace's photo took the free slot instead of waiting behind Ada's.
    const lastOfAda = Math.max(
      ...answers.map((response, index) =>
        response.statusCode === 200 ? finished.indexOf(`ada-${index}`) : -1,
      ),
    );
    expect(finished.indexOf('grace')).toBeLessThan(lastOfAda);
  });
});

describe('a client hanging up while its photo waits, over a real connection', () => {
  let port: number;
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Sends a whole upload of `data` as Ada and hangs up without waiting for the answer. */
  function uploadAndHangUp(data: Buffer): Promise<void> {
    const { payload, contentType } = multipartBody([
      { name: 'files', filename: 'gone.png', contentType: 'image/png', data },
    ]);
    const head =
      'POST /api/upload HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\n` +
      `Cookie: ${ada.cookie}\r\n` +
      `Content-Type: ${contentType}\r\n` +
      `Content-Length: ${payload.length}\r\n\r\n`;
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(payload, () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve());
    });
  }

  it('drops the waiting photo: neither processed nor stored', async () => {
    const before = await filesOf(ada);
    // Ada's first photo is processed (for a second or so); the next one of hers waits for it,
    // and its client goes.
    const slow = await makeSolidPng({ width: 3000, height: 3000, channels: 4, bitDepth: 16 });
    const first = upload(ada, slow, 'first.png');
    // Time for the first to reach its turn; it then takes most of a second.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await uploadAndHangUp(small);
    const firstAnswer = await first;
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(200);
    // A photo sent now goes after any photo of hers still queued.
    expect((await upload(ada, small, 'after.png')).statusCode).toBe(200);
    expect(await filesOf(ada)).toBe(before + 2);
  });
});
