/**
 * What a client can do to the server with the connection itself, over a real socket: send a body
 * one byte at a time, hang up halfway, send headers larger than the server reads, or a body past
 * the JSON limit. Each one is answered D11's `{message}` (or the connection is closed), nothing is
 * logged as the server's failure, and everybody else is still served.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { MAINTENANCE_CATEGORIES } from '@contract/categories';
import { COMMON_MESSAGES, TEXT_LIMITS } from '@contract/common';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger';
import { createTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { newUser, newVehicle } from '../test/factory';
import { makeJpeg } from '../test/upload-fixtures';

/** Small enough for a test to wait for; the default is minutes (docs/operations.md). */
const REQUEST_TIMEOUT_MS = 1500;

const logLines: { level: number; msg?: string }[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString().trim().split('\n')) logLines.push(JSON.parse(line));
    done();
  },
});
const ERROR_LEVEL = 50;
const errorLines = () => logLines.filter((line) => line.level >= ERROR_LEVEL);

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
let ada: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp(
    { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
    { logger: pino(loggerOptions('info'), sink) },
  );
  ada = await newUser(testApp);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => testApp?.close());

type RawExchange = {
  /** What the server sent, as text. */
  response: string;
  /** Whether the server closed the connection before the client was done with it. */
  closedByServer: boolean;
  /** Milliseconds from the connection to its close. */
  closedAfterMs: number;
};

/** Whether `received` holds a whole answer: its head and as many body bytes as it declares. */
function isWholeAnswer(received: Buffer) {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const length = /content-length: (\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'));
  return length !== null && received.length - headEnd - 4 >= Number(length[1]);
}

/**
 * Opens a connection, sends `head` and then each of `chunks` `everyMs` apart, and closes it
 * itself once a whole answer has come, `holdMs` after the last chunk, or at once with `hangUp`.
 * Resolves once it is closed.
 */
function rawRequest(
  head: string,
  chunks: readonly Buffer[],
  options: { everyMs?: number; holdMs?: number; hangUp?: boolean } = {},
): Promise<RawExchange> {
  const { everyMs = 0, holdMs = 5000, hangUp = false } = options;
  const startedAt = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let isClientDone = false;
  const timers: NodeJS.Timeout[] = [];
  const closeByClient = () => {
    isClientDone = true;
    socket.destroy();
  };
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    if (isWholeAnswer(received)) closeByClient();
  });
  socket.on('error', () => {});
  socket.write(head);
  chunks.forEach((chunk, index) => {
    timers.push(
      setTimeout(() => {
        if (!socket.destroyed) socket.write(chunk);
      }, everyMs * index),
    );
  });
  const lastChunkAt = everyMs * Math.max(0, chunks.length - 1);
  timers.push(setTimeout(closeByClient, hangUp ? lastChunkAt + 50 : lastChunkAt + holdMs));
  return new Promise((resolve) => {
    socket.on('close', () => {
      for (const timer of timers) clearTimeout(timer);
      resolve({
        response: received.toString('latin1'),
        closedByServer: !isClientDone,
        closedAfterMs: Date.now() - startedAt,
      });
    });
  });
}

const jsonHead = (method: string, url: string, length: number, cookie = '') =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  (cookie ? `Cookie: ${cookie}\r\n` : '') +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** The status and JSON body of a raw HTTP/1.1 answer. */
function parseAnswer(response: string) {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, head, body: body ? JSON.parse(body) : undefined };
}

async function stillServing() {
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  const user = await fetch(`http://127.0.0.1:${port}/api/user`, {
    headers: { cookie: ada.cookie },
  });
  expect(user.status).toBe(200);
}

describe('a body that trickles in', () => {
  it('is answered 408 and closed at the request deadline, while others are served', async () => {
    const body = Buffer.from(
      JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) }),
    );
    // One byte every 200 ms: the connection is never idle, so only a whole-request deadline ends it.
    const bytes = [...body].map((byte) => Buffer.from([byte]));
    const trickle = rawRequest(jsonHead('POST', '/api/login', body.length), bytes, {
      everyMs: 200,
      holdMs: 1000,
    });
    await stillServing();
    const { response, closedAfterMs } = await trickle;
    // The body would have taken over 10 s to arrive; the deadline ended it first.
    expect(closedAfterMs).toBeLessThan(bytes.length * 200);
    const answer = parseAnswer(response);
    expect(answer.status).toBe(408);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({ message: COMMON_MESSAGES.requestTimeout });
    await stillServing();
    expect(errorLines()).toEqual([]);
  });
});

describe('a client that hangs up halfway', () => {
  it('cut off in the middle of an upload, is not logged as a failure of the server', async () => {
    const jpeg = await makeJpeg();
    const boundary = 'GarageLedgerCut';
    const start = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    ]);
    const head =
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${ada.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${start.length + jpeg.length}\r\n\r\n`;
    const cut = await rawRequest(head, [start], { hangUp: true });
    expect(cut.closedByServer).toBe(false);
    // The server notices on its own schedule: give it the time to finish the request.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errorLines()).toEqual([]);
    await stillServing();
  });

  it('cut off in the middle of a JSON body, is not logged as a failure of the server', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'cut@example.com', password: 'secret123' }));
    const cut = await rawRequest(
      jsonHead('POST', '/api/login', body.length),
      [body.subarray(0, 10)],
      { hangUp: true },
    );
    expect(cut.closedByServer).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errorLines()).toEqual([]);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'client went away before its request arrived' }),
    );
    await stillServing();
  });
});

describe('headers larger than the server reads', () => {
  it('are answered 431 with a JSON message', async () => {
    const head =
      `GET /api/user HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `X-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`;
    const { response } = await rawRequest(head, []);
    const answer = parseAnswer(response);
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({ message: COMMON_MESSAGES.headersTooLarge });
    await stillServing();
  });
});

describe('a JSON body past the limit', () => {
  it('is refused with 413 from its declared length, before the body is sent', async () => {
    const limit = testApp.config.bodyLimitBytes;
    expect(limit).toBe(64 * 1024);
    // Not one byte of the body is sent: the answer can only come from the declared length.
    const { response } = await rawRequest(
      jsonHead('PUT', '/api/user/dashboard-layout', limit + 1, ada.cookie),
      [],
    );
    const answer = parseAnswer(response);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: COMMON_MESSAGES.tooLarge });
  });

  it('is refused with 413 while it streams when its length is not declared', async () => {
    const limit = testApp.config.bodyLimitBytes;
    const head =
      `PUT /api/user/dashboard-layout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Cookie: ${ada.cookie}\r\nContent-Type: application/json\r\n` +
      'Transfer-Encoding: chunked\r\n\r\n';
    const piece = Buffer.from(`[${'1,'.repeat(8 * 1024)}`);
    const chunk = Buffer.concat([
      Buffer.from(`${piece.length.toString(16)}\r\n`),
      piece,
      Buffer.from('\r\n'),
    ]);
    // Far more than the limit, were it all sent: the answer comes once the limit is passed.
    const chunks = Array.from({ length: Math.ceil((limit * 16) / piece.length) }, () => chunk);
    const { response, closedAfterMs } = await rawRequest(head, chunks, { everyMs: 20 });
    expect(closedAfterMs).toBeLessThan(chunks.length * 20);
    const answer = parseAnswer(response);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: COMMON_MESSAGES.tooLarge });
  });
});

describe('JSON bodies within the limit', () => {
  it('take the largest record a user can write, every text at its D40 length in 3-byte characters', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const text = (length: number) => '漢'.repeat(length);
    const payload = JSON.stringify({
      vehicleId,
      category: MAINTENANCE_CATEGORIES[0],
      title: text(TEXT_LIMITS.title),
      description: text(TEXT_LIMITS.description),
      location: text(TEXT_LIMITS.location),
      technician: text(TEXT_LIMITS.technician),
      notes: text(TEXT_LIMITS.notes),
      cost: '9999999999.99',
      date: '2026-01-31',
      dueDate: '2026-12-31',
      dueMileage: '999999',
      isCompleted: false,
    });
    // The two attachment URLs (2,048 characters each at most) come on top.
    expect(Buffer.byteLength(payload) + 2 * 2048).toBeLessThan(testApp.config.bodyLimitBytes * 0.7);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answer 400 from validation to arrays nested thousands deep', async () => {
    const depth = 30_000;
    const payload = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(payload.length).toBeLessThan(testApp.config.bodyLimitBytes);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/dashboard-layout',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain('message');
    await stillServing();
  });

  it('refuses one byte past the limit with 413', async () => {
    const payload = JSON.stringify({ notes: 'x'.repeat(testApp.config.bodyLimitBytes) }).slice(
      0,
      testApp.config.bodyLimitBytes + 1,
    );
    expect(payload.length).toBe(64 * 1024 + 1);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/dashboard-layout',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.tooLarge });
  });
});
