/**
 * Multipart abuse on the three upload routes (D14, D15, 001 §7, §9, issue 10): missing parts,
 * wrong field names, JSON sent to a multipart route, disguised types (HTML called a JPEG, SVG
 * with a script, a JPEG-magic polyglot, HTML called a PDF), files just past each limit, empty
 * files, too many files or fields, and a part that never ends over a real TCP connection. Every
 * refusal is a D11 body with its status, and after every refusal no row was stored in
 * `binary_files`, `vehicle_images` or `record_images`.
 */
import net from 'node:net';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@contract/imports';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryFiles, imports, recordImages, vehicleImages } from '../db/schema';
import { createTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { newUser } from '../test/factory';
import { makeJpeg, makePdf, makePng, multipartBody, type Part } from '../test/upload-fixtures';
import { SEED, strictErrorBody } from './bad-input-values';

/** A connection that sends nothing for this long is closed (CONNECTION_TIMEOUT_MS). */
const IDLE_TIMEOUT_MS = 1500;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let ada: SignedInUser;
let vehicleId: number;
let recordId: number;
let jpeg: Buffer;

beforeAll(async () => {
  testApp = await createTestApp({ CONNECTION_TIMEOUT_MS: String(IDLE_TIMEOUT_MS) });
  await testApp.app.ready();
  ada = await newUser(testApp);
  const vehicle = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: { cookie: ada.cookie },
    payload: { year: 2015, make: 'Mazda', model: 'MX-5' },
  });
  expect(vehicle.statusCode, vehicle.body).toBe(201);
  vehicleId = vehicle.json().id;
  const record = await testApp.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/maintenance`,
    headers: { cookie: ada.cookie },
    payload: { category: 'Oil Change', title: 'Oil' },
  });
  expect(record.statusCode, record.body).toBe(201);
  recordId = record.json().id;
  jpeg = await makeJpeg();
});

afterAll(async () => {
  await testApp?.close();
});

const MB = 1024 * 1024;

/** One upload route: where files go, which fields it needs, and its limit (001 §9). */
type UploadRoute = {
  name: string;
  url: () => string;
  fileField: string;
  fields: () => Part[];
  maxBytes: number;
  tooLarge: string;
  maxFiles: number;
};

const ROUTES: UploadRoute[] = [
  {
    name: 'vehicle image',
    url: () => '/api/vehicle-images',
    fileField: 'image',
    fields: () => [{ name: 'vehicleId', value: String(vehicleId) }],
    maxBytes: UPLOAD_LIMITS.vehicleImageBytes,
    tooLarge: UPLOAD_MESSAGES.imageTooLarge,
    maxFiles: 1,
  },
  {
    name: 'record file',
    url: () => '/api/upload',
    fileField: 'files',
    fields: () => [],
    maxBytes: UPLOAD_LIMITS.recordFileBytes,
    tooLarge: UPLOAD_MESSAGES.fileTooLarge,
    maxFiles: UPLOAD_LIMITS.filesPerRequest,
  },
  {
    name: 'record image',
    url: () => `/api/record-images/maintenance/${recordId}`,
    fileField: 'image',
    fields: () => [],
    maxBytes: UPLOAD_LIMITS.recordImageBytes,
    tooLarge: UPLOAD_MESSAGES.recordImageTooLarge,
    maxFiles: 1,
  },
];

async function storedRows() {
  const db = testApp.database.db;
  const [files] = await db.select({ n: count() }).from(binaryFiles);
  const [vehicle] = await db.select({ n: count() }).from(vehicleImages);
  const [record] = await db.select({ n: count() }).from(recordImages);
  return { binaryFiles: files!.n, vehicleImages: vehicle!.n, recordImages: record!.n };
}

function post(url: string, payload: Buffer | string, contentType: string) {
  return testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie: ada.cookie, 'content-type': contentType },
  });
}

function postParts(route: UploadRoute, parts: readonly Part[]) {
  const { payload, contentType } = multipartBody(parts);
  return post(route.url(), payload, contentType);
}

const file = (route: UploadRoute, filename: string, data: Buffer, contentType?: string): Part => ({
  name: route.fileField,
  filename,
  data,
  ...(contentType ? { contentType } : {}),
});

function expectD11(response: LightMyRequestResponse, status: number, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(status);
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  expect(strictErrorBody.safeParse(response.json()).success, `${label}: ${response.body}`).toBe(
    true,
  );
}

/** Sends `request`, expects a D11 refusal with `status`, and that nothing was stored. */
async function expectRefused(
  label: string,
  status: number,
  request: () => Promise<LightMyRequestResponse>,
) {
  const before = await storedRows();
  const response = await request();
  expectD11(response, status, label);
  expect(await storedRows(), `${label}: stored rows`).toEqual(before);
  return response;
}

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
    '<script>alert(document.cookie)</script></svg>',
);
/** JPEG magic bytes and a JFIF header, then a web page: sniffed as a JPEG, not one. */
const JPEG_MAGIC_POLYGLOT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  HTML,
]);

describe.each(ROUTES)('$name upload', (route) => {
  it('refuses missing parts and wrong field names with 400, storing nothing', async () => {
    await expectRefused('no parts at all', 400, () => postParts(route, []));
    await expectRefused('fields without a file', 400, () => postParts(route, route.fields()));
    await expectRefused('the file under another name', 400, () =>
      postParts(route, [...route.fields(), { name: 'file', filename: 'a.jpg', data: jpeg }]),
    );
    await expectRefused('the file as a text field', 400, () =>
      postParts(route, [...route.fields(), { name: route.fileField, value: 'not a file' }]),
    );
    await expectRefused('a part without headers', 400, () =>
      post(
        route.url(),
        '--b\r\n\r\nno disposition\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      ),
    );
  });

  it('refuses a JSON body, or no body, sent to it with 415', async () => {
    await expectRefused('JSON', 415, () =>
      post(
        route.url(),
        JSON.stringify({ vehicleId, image: 'data:image/jpeg;base64,AAAA' }),
        'application/json',
      ),
    );
    await expectRefused('form-urlencoded', 415, () =>
      post(route.url(), `vehicleId=${vehicleId}`, 'application/x-www-form-urlencoded'),
    );
  });

  it('refuses disguised types with 415: HTML as a JPEG, SVG with a script, a polyglot, HTML as a PDF', async () => {
    const disguises: Array<[string, Buffer, string]> = [
      ['photo.jpg', HTML, 'image/jpeg'],
      ['photo.png', HTML, 'image/png'],
      ['logo.svg', SVG, 'image/svg+xml'],
      ['logo.png', SVG, 'image/png'],
      ['polyglot.jpg', JPEG_MAGIC_POLYGLOT, 'image/jpeg'],
      ['invoice.pdf', HTML, 'application/pdf'],
      ['page.html', HTML, 'text/html'],
    ];
    for (const [filename, data, type] of disguises) {
      const response = await expectRefused(`${filename} (${type})`, 415, () =>
        postParts(route, [...route.fields(), file(route, filename, data, type)]),
      );
      expect(response.json().message).toMatch(/JPEG|PDF/);
    }
  });

  it('refuses a file one byte past its limit with 413 and says what is accepted', async () => {
    const oversize = Buffer.alloc(route.maxBytes + 1, 0x41);
    jpeg.copy(oversize);
    const response = await expectRefused('one byte past the limit', 413, () =>
      postParts(route, [...route.fields(), file(route, 'big.jpg', oversize, 'image/jpeg')]),
    );
    expect(response.json().message).toBe(route.tooLarge);
    expect(route.tooLarge).toMatch(new RegExp(`at most ${route.maxBytes / MB} MB`));
  });

  it('refuses an empty file with 400', async () => {
    const response = await expectRefused('zero bytes', 400, () =>
      postParts(route, [
        ...route.fields(),
        file(route, 'empty.jpg', Buffer.alloc(0), 'image/jpeg'),
      ]),
    );
    expect(response.json().message).toBe(UPLOAD_MESSAGES.emptyFile);
  });

  it('refuses more files than it takes with 413, storing none of them', async () => {
    const files = Array.from({ length: route.maxFiles + 1 }, (_, index) =>
      file(route, `photo-${index}.jpg`, jpeg, 'image/jpeg'),
    );
    await expectRefused('one file too many', 413, () =>
      postParts(route, [...route.fields(), ...files]),
    );
  });

  it('refuses too many fields, and a field too long to be text, storing nothing', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ name: `extra${index}`, value: 'x' }));
    await expectRefused('thirty extra fields', 413, () =>
      postParts(route, [...route.fields(), ...many, file(route, 'a.jpg', jpeg, 'image/jpeg')]),
    );
    if (route.name === 'record file') return; // it has no caption, and ignores fields it does not read
    await expectRefused('a caption past the field size', 400, () =>
      postParts(route, [
        ...route.fields(),
        { name: 'caption', value: 'c'.repeat(10_000) },
        file(route, 'a.jpg', jpeg, 'image/jpeg'),
      ]),
    );
  });

  it('refuses a body cut off in the middle of the file with 400', async () => {
    const { payload, contentType } = multipartBody([
      ...route.fields(),
      file(route, 'cut.png', await makePng({ width: 200, height: 200, noise: true }), 'image/png'),
    ]);
    await expectRefused('truncated', 400, () =>
      post(route.url(), payload.subarray(0, Math.floor(payload.length / 2)), contentType),
    );
  });

  it('answers generated broken files without a 5xx, storing nothing when it refuses', async () => {
    const pdf = makePdf();
    const png = await makePng();
    const bytes = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((array) => Buffer.from(array)),
      fc
        .tuple(fc.constantFrom(jpeg, png, pdf), fc.nat())
        .map(([real, cut]) => real.subarray(0, 1 + (cut % real.length))),
      fc
        .tuple(fc.constantFrom(jpeg, png, pdf), fc.uint8Array({ maxLength: 512 }))
        .map(([real, tail]) => Buffer.concat([real.subarray(0, 16), tail])),
    );
    const name = fc.oneof(
      fc.constantFrom(
        'a.jpg',
        'a.png',
        'a.pdf',
        'a.svg',
        'a.html',
        '',
        '../../etc/passwd',
        'a.jpg\0.html',
      ),
      fc.string({ maxLength: 30 }),
    );
    const type = fc.constantFrom(
      'image/jpeg',
      'image/png',
      'application/pdf',
      'text/html',
      'image/svg+xml',
      '',
    );
    await fc.assert(
      fc.asyncProperty(bytes, name, type, async (data, filename, contentType) => {
        const before = await storedRows();
        const response = await postParts(route, [
          ...route.fields(),
          file(route, filename.replaceAll('"', ''), data, contentType || undefined),
        ]);
        const label = `${filename} ${contentType} ${data.subarray(0, 16).toString('hex')}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expectD11(response, response.statusCode, label);
          expect(await storedRows(), label).toEqual(before);
        }
      }),
      { seed: SEED, numRuns: 15, endOnFailure: true },
    );
  });

  it('still takes a real photo afterwards', async () => {
    const response = await postParts(route, [
      ...route.fields(),
      file(route, 'ok.jpg', jpeg, 'image/jpeg'),
    ]);
    expect(response.statusCode, response.body).toBeLessThan(300);
  });
});

describe('a real file carrying a page behind it', () => {
  it('stores a JPEG followed by HTML only as a re-encoded photo, without the page', async () => {
    const route = ROUTES[1]!;
    const response = await postParts(route, [
      file(route, 'tail.jpg', Buffer.concat([jpeg, HTML]), 'image/jpeg'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().fileUrls[0];
    const served = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { cookie: ada.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
  });

  it('serves a PDF with HTML inside as a PDF that browsers must not sniff', async () => {
    const route = ROUTES[1]!;
    const pdf = Buffer.concat([makePdf(), HTML]);
    const response = await postParts(route, [file(route, 'x.html', pdf, 'text/html')]);
    expect(response.statusCode, response.body).toBe(200);
    const served = await testApp.app.inject({
      method: 'GET',
      url: response.json().fileUrls[0],
      headers: { cookie: ada.cookie },
    });
    expect(served.headers['content-type']).toMatch(/^application\/pdf/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a part that never ends, over a real connection', () => {
  let port: number;
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /**
   * Opens a connection and sends the headers and the start of an upload whose declared length is
   * far more than what follows, then sends nothing more. Resolves when the server answers or
   * closes, with what it sent.
   */
  function stalledUpload(options: { closeAfterMs?: number } = {}) {
    const boundary = 'GarageLedgerStall';
    const start = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      jpeg.subarray(0, 200),
    ]);
    const head =
      'POST /api/upload HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\n` +
      `Cookie: ${ada.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${start.length + 5 * MB}\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    socket.write(head);
    socket.write(start);
    if (options.closeAfterMs !== undefined) {
      setTimeout(() => socket.destroy(), options.closeAfterMs);
    }
    return new Promise<{ response: string; closedByClient: boolean }>((resolve) => {
      socket.on('close', () =>
        resolve({
          response: Buffer.concat(received).toString('latin1'),
          closedByClient: options.closeAfterMs !== undefined && socket.destroyed,
        }),
      );
    });
  }

  async function stillServing() {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const upload = multipartBody([{ name: 'files', filename: 'ok.pdf', data: makePdf() }]);
    const answer = await fetch(`http://127.0.0.1:${port}/api/upload`, {
      method: 'POST',
      headers: { cookie: ada.cookie, 'content-type': upload.contentType },
      body: upload.payload,
    });
    expect(answer.status).toBe(200);
  }

  it('is closed by the server once the client goes quiet, while others are served, and stores nothing', async () => {
    const before = await storedRows();
    const stalled = stalledUpload();
    // Meanwhile the server answers everyone else, uploads included.
    await stillServing();
    const during = await storedRows();
    expect(during.binaryFiles).toBe(before.binaryFiles + 1);
    // Without an idle timeout this waits for the test's own limit and fails.
    const { response } = await stalled;
    expect(response === '' || /^HTTP\/1\.1 4\d\d/.test(response), response).toBe(true);
    expect(await storedRows()).toEqual(during);
    await stillServing();
  });

  it('survives the client giving up halfway, and stores nothing', async () => {
    const before = await storedRows();
    const stalled = stalledUpload({ closeAfterMs: 200 });
    await stalled;
    // The server notices on its own schedule: wait until the request is over on its side.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storedRows()).toEqual(before);
    await stillServing();
  });
});

/**
 * Decision 055: the import and restore uploads take files of any type (CSV, JSON, zips), so the
 * photo checks above do not apply; what does: missing or misnamed parts, other body types, cut
 * bodies, a file past the limit, and generated broken files, each refused with a D11 answer and
 * no import kept.
 */
async function importRows() {
  const [row] = await testApp.database.db.select({ n: count() }).from(imports);
  return row!.n;
}

describe.each([
  { name: 'import', url: '/api/imports' },
  { name: 'restore', url: '/api/user/restore' },
])('$name upload', ({ url }) => {
  async function expectNoImport(
    label: string,
    status: number,
    request: () => Promise<LightMyRequestResponse>,
  ) {
    const before = await importRows();
    const response = await request();
    expectD11(response, status, label);
    expect(await importRows(), `${label}: imports kept`).toBe(before);
  }
  const parts = (extra: Part[]) => {
    const { payload, contentType } = multipartBody(extra);
    return post(url, payload, contentType);
  };

  it('refuses missing or misnamed parts, other body types and a cut body, keeping nothing', async () => {
    await expectNoImport('no parts at all', 400, () => parts([]));
    await expectNoImport('the file under another name', 400, () =>
      parts([{ name: 'files', filename: 'fuel.csv', data: Buffer.from('Date,Odometer\n') }]),
    );
    await expectNoImport('JSON', 415, () =>
      post(url, JSON.stringify({ file: 'x' }), 'application/json'),
    );
    const { payload, contentType } = multipartBody([
      { name: 'file', filename: 'fuel.csv', data: Buffer.alloc(64 * 1024, 0x41) },
    ]);
    await expectNoImport('truncated', 400, () =>
      post(url, payload.subarray(0, Math.floor(payload.length / 2)), contentType),
    );
  });

  it('answers generated broken files without a 5xx, keeping nothing when it refuses', async () => {
    const zipStart = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
    const bytes = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((array) => Buffer.from(array)),
      fc
        .uint8Array({ maxLength: 1024 })
        .map((array) => Buffer.concat([zipStart, Buffer.from(array)])),
      fc
        .uint8Array({ maxLength: 1024 })
        .map((array) => Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from(array)])),
      fc
        .string({ maxLength: 400 })
        .map((text) => Buffer.from(`car_name,model,fuelup_date\n${text}`)),
    );
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.constantFrom('a.csv', 'a.zip', 'a.tar.gz', 'a.json', ''),
        async (data, filename) => {
          const before = await importRows();
          const response = await parts([{ name: 'file', filename, data }]);
          const label = `${filename} ${data.subarray(0, 16).toString('hex')}`;
          expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expectD11(response, response.statusCode, label);
            expect(await importRows(), label).toBe(before);
          }
        },
      ),
      { seed: SEED, numRuns: 25, endOnFailure: true },
    );
  });
});

describe('import upload size', () => {
  it('refuses files past 20 MB together with 413, keeping nothing', async () => {
    const half = Buffer.alloc(IMPORT_LIMITS.maxImportBytes / 2 + 1, 0x41);
    const { payload, contentType } = multipartBody([
      { name: 'file', filename: 'a.csv', data: half },
      { name: 'file', filename: 'b.csv', data: half },
    ]);
    const before = await importRows();
    const response = await post('/api/imports', payload, contentType);
    expectD11(response, 413, 'two halves past the limit');
    expect(response.json().message).toBe(IMPORT_MESSAGES.tooLarge(20));
    expect(await importRows()).toBe(before);
  });
});
