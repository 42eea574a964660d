/**
 * Serving stored files as streams (decision 045): a 10 MB file comes back byte for byte read in
 * slices, single `Range` requests answer exactly their bytes, the owner rule (D9) and
 * revalidation hold with or without a range, and a client that pauses, hangs up, or outlives
 * the file leaves the server serving and its log free of errors.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { UPLOAD_MESSAGES } from '@contract/uploads';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import * as schema from '../../db/schema';
import { loggerOptions } from '../../logger';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { makePdf, makePng, multipartBody } from '../../test/upload-fixtures';

const testApp = setUpTestApp();
let ada: SignedInUser;
let grace: SignedInUser;

const MB = 1024 * 1024;
/** The slice the server reads per query; the spans below cross its boundaries. */
const SLICE = 128 * 1024;
/** A scanned invoice's worth of bytes that do not compress, behind a PDF header. */
const bigPdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n', 'latin1'),
  crypto.randomBytes(10 * MB - 9),
]);
/** A file of a few slices, for the answers that send a whole file. */
const smallPdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n', 'latin1'),
  crypto.randomBytes(3 * SLICE + 100),
]);
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

let pdfUrl: string;
let smallPdfUrl: string;
let photoUrl: string;

async function uploadOne(name: string, data: Buffer, cookie = ada.cookie): Promise<string> {
  const { payload, contentType } = multipartBody([{ name: 'files', filename: name, data }]);
  const response = await testApp.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { 'content-type': contentType, cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ fileUrls: string[] }>().fileUrls[0]!;
}

function get(url: string, headers: Record<string, string> = {}, cookie = ada.cookie) {
  return testApp.inject({ method: 'GET', url, headers: { cookie, ...headers } });
}

const fileId = (url: string) => url.split('/')[2]!;

beforeAll(async () => {
  ada = await newUser(testApp);
  grace = await newUser(testApp);
  pdfUrl = await uploadOne('scan.pdf', bigPdf);
  smallPdfUrl = await uploadOne('receipt.pdf', smallPdf);
  photoUrl = await uploadOne('car.png', await makePng({ width: 800, height: 600 }));
});

describe('a whole file', () => {
  it('comes back byte for byte with its length, read from the database in slices', async () => {
    const counting = await createStatementCountingApp(testApp);
    try {
      const { response, statements } = await counting.inject({
        method: 'GET',
        url: pdfUrl,
        headers: { cookie: ada.cookie, 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(bigPdf.length));
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(sha256(response.rawPayload)).toBe(sha256(bigPdf));
      // The session, the file's facts, then one query per slice: never the file in one read.
      expect(statements).toBeGreaterThanOrEqual(bigPdf.length / SLICE);
    } finally {
      await counting.close();
    }
  });

  it('keeps a new file uncompressed in the database, so that a slice reads only itself', async () => {
    const compressible = makePdf('x'.repeat(200_000));
    const url = await uploadOne('text.pdf', compressible);
    const [row] = await testApp
      .db()
      .select({
        stored: sql<number>`pg_column_size(${schema.binaryFiles.data})`.mapWith(Number),
        length: sql<number>`octet_length(${schema.binaryFiles.data})`.mapWith(Number),
      })
      .from(schema.binaryFiles)
      .where(eq(schema.binaryFiles.id, fileId(url)));
    expect(row!.stored).toBe(row!.length);
    expect(sha256((await get(url)).rawPayload)).toBe(sha256(compressible));
  });

  it('answers HEAD with the whole length and no body, whatever the range', async () => {
    for (const range of [undefined, 'bytes=0-9']) {
      const response = await testApp.inject({
        method: 'HEAD',
        url: pdfUrl,
        headers: { cookie: ada.cookie, ...(range ? { range } : {}) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(bigPdf.length));
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.rawPayload.length).toBe(0);
    }
  });
});

describe('Range', () => {
  const size = bigPdf.length;

  async function expectPart(range: string, start: number, end: number, url = pdfUrl) {
    const response = await get(url, { range });
    expect(response.statusCode, range).toBe(206);
    expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers['content-length'], range).toBe(String(end - start + 1));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers.etag).toBe(`"${fileId(url)}"`);
    expect(response.headers['content-disposition']).toBe('inline; filename="scan.pdf"');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.rawPayload.equals(bigPdf.subarray(start, end + 1)), range).toBe(true);
  }

  it('answers the first byte, a span across slices, a suffix and an open end exactly', async () => {
    await expectPart('bytes=0-0', 0, 0);
    await expectPart(`bytes=${SLICE - 100}-${3 * SLICE + 99}`, SLICE - 100, 3 * SLICE + 99);
    await expectPart('bytes=-500', size - 500, size - 1);
    await expectPart(`bytes=${size - 1000}-`, size - 1000, size - 1);
    // An end past the file is the file's end; a suffix longer than the file is all of it.
    await expectPart(`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1);
    await expectPart(`bytes=-${size + 1}`, 0, size - 1);
  });

  it('answers 416 with the length to a range past the end', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
      const response = await get(pdfUrl, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.rangeNotSatisfiable });
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  it('answers the whole file to several ranges, a malformed range or another unit', async () => {
    for (const range of ['bytes=0-9,20-29', 'bytes=abc', 'bytes=9-5', 'bytes=-', 'items=0-9']) {
      const response = await get(smallPdfUrl, { range });
      expect(response.statusCode, range).toBe(200);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.rawPayload.equals(smallPdf), range).toBe(true);
    }
  });

  it('honours If-Range naming the current tag, and answers the whole file to any other', async () => {
    const etag = `"${fileId(smallPdfUrl)}"`;
    const part = await get(smallPdfUrl, { range: 'bytes=10-19', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(smallPdf.subarray(10, 20))).toBe(true);
    for (const ifRange of ['"something-else"', `W/${etag}`, 'Wed, 25 Nov 2026 10:00:00 GMT']) {
      const response = await get(smallPdfUrl, { range: 'bytes=10-19', 'if-range': ifRange });
      expect(response.statusCode, ifRange).toBe(200);
      expect(response.rawPayload.equals(smallPdf), ifRange).toBe(true);
    }
  });

  it("serves a photo's copies in parts too", async () => {
    const whole = await get(`${photoUrl}/thumbnail`);
    const part = await get(`${photoUrl}/thumbnail`, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('image/webp');
    expect(part.headers['content-range']).toBe(`bytes 4-11/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(4, 12))).toBe(true);
  });

  it("answers 404 to another user's file and to a signed-out visitor, with or without a range", async () => {
    expect((await get(pdfUrl, { range: 'bytes=0-9' })).statusCode).toBe(206);
    for (const range of [undefined, 'bytes=0-9', `bytes=${size}-`]) {
      const headers: Record<string, string> = range ? { range } : {};
      for (const response of [
        await get(pdfUrl, headers, grace.cookie),
        await testApp.inject({ method: 'GET', url: pdfUrl, headers }),
      ]) {
        expect(response.statusCode, range).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
        expect(response.headers['content-range']).toBeUndefined();
      }
    }
  });

  it('answers 304 to a revalidation that also asks for a range', async () => {
    const etag = `"${fileId(pdfUrl)}"`;
    expect((await get(pdfUrl, { 'if-none-match': '"other"', range: 'bytes=0-9' })).statusCode).toBe(
      206,
    );
    const response = await get(pdfUrl, { 'if-none-match': etag, range: 'bytes=0-9' });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    const stranger = await get(pdfUrl, { 'if-none-match': etag, range: 'bytes=0-9' }, grace.cookie);
    expect(stranger.statusCode).toBe(404);
  });
});

describe('over a real connection', () => {
  // Pausing, hanging up and a socket's backpressure exist only on a socket, not through inject.
  let app: App;
  let port: number;
  const logLines: Array<{ level: number; msg?: string }> = [];
  /** Bytes the server asked the database for in slices, by the length each slice query names. */
  let slicedBytes = 0;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of chunk.toString().trim().split('\n')) logLines.push(JSON.parse(line));
        done();
      },
    });
    const db = drizzle(testApp.database.pool, {
      schema,
      logger: {
        logQuery(query, params) {
          if (query.includes('substring(')) slicedBytes += Number(params.at(-3));
        },
      },
    });
    app = await buildApp({ config: testApp.config, db, logger: pino(loggerOptions('info'), sink) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** Starts a download and answers its response once the first bytes arrived, then paused. */
  function startDownload(url: string) {
    return new Promise<{ response: http.IncomingMessage; received: () => number }>(
      (resolve, reject) => {
        const request = http.get({
          host: '127.0.0.1',
          port,
          path: url,
          headers: { cookie: ada.cookie },
        });
        request.on('error', reject);
        request.on('response', (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          response.once('data', () => {
            response.pause();
            resolve({ response, received: () => received });
          });
        });
      },
    );
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function expectServerHealthy() {
    const site = await app.inject({ method: 'GET', url: '/api/site' });
    expect(site.statusCode).toBe(200);
    const whole = await app.inject({
      method: 'GET',
      url: smallPdfUrl,
      headers: { cookie: ada.cookie },
    });
    expect(whole.rawPayload.equals(smallPdf)).toBe(true);
    // Every pool connection was given back.
    await expect.poll(() => testApp.database.pool.idleCount).toBe(testApp.database.pool.totalCount);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  }

  it('reads only as fast as a paused client takes, and stops when it hangs up', async () => {
    slicedBytes = 0;
    const { response, received } = await startDownload(pdfUrl);
    // The socket's buffers fill (a few MB on loopback), then the reading stops short of the file.
    let whilePaused = -1;
    for (let tries = 0; tries < 25 && slicedBytes !== whilePaused; tries += 1) {
      whilePaused = slicedBytes;
      await sleep(200);
    }
    await sleep(300);
    expect(slicedBytes).toBe(whilePaused);
    expect(whilePaused).toBeGreaterThanOrEqual(received());
    expect(whilePaused).toBeLessThan(bigPdf.length);

    response.destroy();
    await sleep(200);
    expect(slicedBytes).toBe(whilePaused);
    await expectServerHealthy();
  });

  it('ends a download as aborted when the file is deleted meanwhile', async () => {
    const url = await uploadOne('short-lived.pdf', bigPdf);
    const { response, received } = await startDownload(url);
    await testApp
      .db()
      .delete(schema.binaryFiles)
      .where(eq(schema.binaryFiles.id, fileId(url)));
    const ended = new Promise<string>((resolve) => {
      response.on('end', () => resolve('complete'));
      response.on('aborted', () => resolve('aborted'));
      response.on('error', () => resolve('aborted'));
    });
    response.resume();
    expect(await ended).toBe('aborted');
    expect(received()).toBeLessThan(bigPdf.length);
    await expectServerHealthy();
  });
});
