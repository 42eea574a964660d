/**
 * `POST /api/upload` and `/uploads/{id}` (001 §7, D9, D14, D15) on a real database: files judged
 * by their bytes, photos re-encoded without metadata, all-or-nothing requests, multipart bodies
 * that are too large, truncated or malformed, and files served to their owner only.
 */
import { DISPLAY_WIDTH, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryFiles } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import {
  gpsLatitudeOf,
  makeGif,
  makeJpeg,
  makeJpegWithGps,
  makePdf,
  makePng,
  makePngBomb,
  makeWebp,
  multipartBody,
  type Part,
  TEST_GPS_LATITUDE,
} from '../../test/upload-fixtures';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let ada: SignedInUser;
let grace: SignedInUser;

const MB = 1024 * 1024;
const FILE_URL = /^\/uploads\/([A-Za-z0-9_-]{43})$/;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  ada = await newUser(testApp);
  grace = await newUser(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

/** `cookie` null: signed out. */
function upload(parts: readonly Part[], cookie: string | null = ada.cookie) {
  const { payload, contentType } = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}

function file(filename: string, data: Buffer, contentType?: string): Part {
  return { name: 'files', filename, data, ...(contentType ? { contentType } : {}) };
}

function get(url: string, cookie: string | null = ada.cookie, headers = {}) {
  return testApp.app.inject({
    method: 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

async function storedFileCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ files: count() }).from(binaryFiles);
  return row!.files;
}

async function uploadOne(name: string, data: Buffer): Promise<string> {
  const response = await upload([file(name, data)]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ fileUrls: string[] }>().fileUrls[0]!;
}

describe('POST /api/upload', () => {
  it('answers 401 when signed out, and stores nothing', async () => {
    const before = await storedFileCount();
    const response = await upload([file('a.jpg', await makeJpeg())], null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not signed in' });
    expect(await storedFileCount()).toBe(before);
  });

  it('stores a JPEG, a PNG, a WebP and a PDF and answers their URLs in upload order', async () => {
    const pdf = makePdf();
    const response = await upload([
      file('invoice.pdf', pdf, 'application/pdf'),
      file('front.jpg', await makeJpeg(), 'image/jpeg'),
      file('side.png', await makePng(), 'image/png'),
      file('rear.webp', await makeWebp(), 'image/webp'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { fileUrls } = response.json<{ fileUrls: string[] }>();
    expect(fileUrls).toHaveLength(4);
    for (const url of fileUrls) expect(url).toMatch(FILE_URL);
    expect(new Set(fileUrls).size).toBe(4);

    const expected = [
      ['application/pdf', 'invoice.pdf'],
      ['image/jpeg', 'front.jpg'],
      ['image/png', 'side.png'],
      ['image/webp', 'rear.webp'],
    ];
    for (const [index, url] of fileUrls.entries()) {
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(expected[index]![0]);
      expect(served.headers['content-disposition']).toBe(
        `inline; filename="${expected[index]![1]}"`,
      );
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(served.headers.etag).toBe(`"${FILE_URL.exec(url)![1]}"`);
      expect(served.headers.vary).toBe('Cookie');
      expect(served.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
      );
    }
    // A PDF is kept exactly as received.
    expect((await get(fileUrls[0]!)).rawPayload.equals(pdf)).toBe(true);

    const id = FILE_URL.exec(fileUrls[1]!)![1]!;
    const [row] = await testApp.database.db
      .select()
      .from(binaryFiles)
      .where(eq(binaryFiles.id, id));
    expect(row).toMatchObject({
      userId: ada.id,
      contentType: 'image/jpeg',
      originalName: 'front.jpg',
      size: row!.data.length,
    });
    expect(row!.thumbnail).not.toBeNull();
  });

  it('re-encodes a photo upright and without its EXIF, so no GPS position survives', async () => {
    const input = await makeJpegWithGps({ width: 300, height: 200 });
    const inputMetadata = await sharp(input).metadata();
    // The photo really carries a position and an orientation before it is sent.
    expect(gpsLatitudeOf(inputMetadata.exif)).toBe(TEST_GPS_LATITUDE);
    expect(inputMetadata.orientation).toBe(6);

    const url = await uploadOne('holiday.jpg', input);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    const stored = served.rawPayload;
    const storedMetadata = await sharp(stored).metadata();
    expect(storedMetadata.format).toBe('jpeg');
    expect(storedMetadata.exif).toBeUndefined();
    expect(storedMetadata.orientation).toBeUndefined();
    expect(gpsLatitudeOf(storedMetadata.exif)).toBeNull();
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    // Orientation 6 applied: the 300 × 200 sensor image is stored 200 × 300.
    expect([storedMetadata.width, storedMetadata.height]).toEqual([200, 300]);

    const thumbnail = await sharp((await get(`${url}/thumbnail`)).rawPayload).metadata();
    expect(thumbnail.exif).toBeUndefined();
    expect([thumbnail.width, thumbnail.height]).toEqual([200, 300]);
  });

  it('accepts a photo past the 1 MB JSON body limit, shrinks it and serves a smaller WebP thumbnail', async () => {
    const input = await makeJpeg({ width: 3000, height: 2000, noise: true });
    expect(input.length).toBeGreaterThan(testApp.config.bodyLimitBytes);

    const url = await uploadOne('big.jpg', input);
    const original = await get(url);
    const originalMetadata = await sharp(original.rawPayload).metadata();
    expect([originalMetadata.width, originalMetadata.height]).toEqual([2560, 1707]);

    const thumbnail = await get(`${url}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['content-disposition']).toBe('inline; filename="big.webp"');
    expect(thumbnail.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(thumbnail.headers['x-content-type-options']).toBe('nosniff');
    expect(thumbnail.headers.etag).toBe(`"${FILE_URL.exec(url)![1]}.thumbnail"`);
    const thumbnailMetadata = await sharp(thumbnail.rawPayload).metadata();
    expect(thumbnailMetadata.format).toBe('webp');
    expect([thumbnailMetadata.width, thumbnailMetadata.height]).toEqual([480, 320]);
    expect(thumbnail.rawPayload.length).toBeLessThan(original.rawPayload.length / 4);

    // The copy a page shows large: DISPLAY_WIDTH wide, WebP, far lighter than the photo.
    const display = await get(`${url}/display`);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['content-disposition']).toBe('inline; filename="big.webp"');
    expect(display.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(display.headers.etag).toBe(`"${FILE_URL.exec(url)![1]}.display"`);
    const displayMetadata = await sharp(display.rawPayload).metadata();
    expect(displayMetadata.format).toBe('webp');
    expect(displayMetadata.exif).toBeUndefined();
    expect([displayMetadata.width, displayMetadata.height]).toEqual([
      DISPLAY_WIDTH,
      Math.round((1707 * DISPLAY_WIDTH) / 2560),
    ]);
    expect(display.rawPayload.length).toBeLessThan(original.rawPayload.length / 2);
  });

  it('never enlarges the display copy of a narrow photo, and keeps it upright', async () => {
    const url = await uploadOne('holiday.jpg', await makeJpegWithGps({ width: 300, height: 200 }));
    const display = await sharp((await get(`${url}/display`)).rawPayload).metadata();
    expect(display.exif).toBeUndefined();
    expect([display.width, display.height]).toEqual([200, 300]);
  });

  it('displays a photo stored before display copies were made from the photo itself', async () => {
    const url = await uploadOne('older.png', await makePng({ width: 640, height: 480 }));
    const id = FILE_URL.exec(url)![1]!;
    await testApp.database.db
      .update(binaryFiles)
      .set({ display: null })
      .where(eq(binaryFiles.id, id));
    const display = await get(`${url}/display`);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/png');
    expect(display.headers['content-disposition']).toBe('inline; filename="older.png"');
    expect(display.rawPayload.equals((await get(url)).rawPayload)).toBe(true);
  });

  it.each([
    [
      'an HTML page named x.jpg and declared a JPEG',
      'x.jpg',
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      'image/jpeg',
    ],
    [
      'an SVG with a script named logo.png',
      'logo.png',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      ),
      'image/png',
    ],
    ['a text file renamed .pdf', 'notes.pdf', Buffer.from('just some notes\n'), 'application/pdf'],
    [
      'a Windows executable named photo.jpg',
      'photo.jpg',
      Buffer.from('MZ\x90\x00\x03\x00'),
      'image/jpeg',
    ],
  ])('refuses %s with 415 and stores nothing', async (_label, filename, data, declared) => {
    const before = await storedFileCount();
    const response = await upload([file(filename, data, declared)]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.fileType });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a GIF with 415, whatever it is called', async () => {
    const before = await storedFileCount();
    const response = await upload([file('car.jpg', await makeGif(), 'image/jpeg')]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.fileType });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a JPEG that cannot be decoded with 415', async () => {
    const before = await storedFileCount();
    const jpeg = await makeJpeg({ width: 400, height: 300, noise: true });
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const response = await upload([file('broken.jpg', truncated)]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.unreadableImage });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const before = await storedFileCount();
    const response = await upload([file('bomb.png', await makePngBomb(20_000, 20_000))]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.imageTooLargeToProcess });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses an empty file with 400', async () => {
    const before = await storedFileCount();
    const response = await upload([file('empty.pdf', Buffer.alloc(0), 'application/pdf')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.emptyFile });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a file just over 10 MB with 413 and stores nothing', async () => {
    const before = await storedFileCount();
    const pdf = makePdf();
    const oversized = Buffer.concat([
      pdf,
      Buffer.alloc(UPLOAD_LIMITS.recordFileBytes + 1 - pdf.length),
    ]);
    expect(oversized.length).toBe(10 * MB + 1);
    const response = await upload([file('small.pdf', pdf), file('huge.pdf', oversized)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.fileTooLarge });
    expect(await storedFileCount()).toBe(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const pdf = makePdf();
    const largest = Buffer.concat([pdf, Buffer.alloc(UPLOAD_LIMITS.recordFileBytes - pdf.length)]);
    const url = await uploadOne('largest.pdf', largest);
    const served = await get(url);
    expect(served.rawPayload.length).toBe(10 * MB);
  });

  it('stores neither file when the second of two is refused', async () => {
    const before = await storedFileCount();
    const response = await upload([
      file('good.jpg', await makeJpeg()),
      file('bad.jpg', Buffer.from('<html></html>')),
    ]);
    expect(response.statusCode).toBe(415);
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses more than the files allowed per request with 413', async () => {
    const before = await storedFileCount();
    const pdf = makePdf();
    const files = Array.from({ length: UPLOAD_LIMITS.filesPerRequest + 1 }, (_, index) =>
      file(`doc-${index}.pdf`, pdf),
    );
    const response = await upload(files);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyFiles });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a truncated multipart body with 400 and stores nothing', async () => {
    const before = await storedFileCount();
    const { payload, contentType } = multipartBody([
      file('front.jpg', await makeJpeg({ width: 400, height: 300, noise: true })),
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: payload.subarray(0, Math.floor(payload.length * 0.6)),
      headers: { 'content-type': contentType, cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.malformedUpload });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a body whose last part never ends, with 400', async () => {
    const { payload, contentType } = multipartBody([file('a.pdf', makePdf())]);
    const withoutClosing = payload.subarray(0, payload.lastIndexOf(Buffer.from('\r\n--')));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: withoutClosing,
      headers: { 'content-type': contentType, cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.malformedUpload });
  });

  it('refuses multipart without a boundary, or with garbage, with 400', async () => {
    for (const [contentType, payload, message] of [
      ['multipart/form-data', 'anything', UPLOAD_MESSAGES.malformedUpload],
      [
        'multipart/form-data; boundary=abc',
        'not a multipart body',
        UPLOAD_MESSAGES.malformedUpload,
      ],
      // A part without a Content-Disposition is skipped: no file arrived.
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nbroken\r\n\r\nx\r\n--abc--',
        UPLOAD_MESSAGES.noFile,
      ],
      ['multipart/form-data; boundary=abc', '', UPLOAD_MESSAGES.noFile],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { 'content-type': contentType, cookie: ada.cookie },
      });
      expect(response.statusCode, `${contentType}: ${payload}`).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('answers 415 to a body that is not multipart', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { files: ['x'] },
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.notMultipart });
  });

  it('answers 400 when no file arrives in the files field', async () => {
    const before = await storedFileCount();
    const wrongField = await upload([
      { name: 'file', filename: 'a.pdf', data: makePdf(), contentType: 'application/pdf' },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });

    const onlyText = await upload([{ name: 'files', value: 'not a file' }]);
    expect(onlyText.statusCode).toBe(400);
    expect(onlyText.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });

    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
    expect(await storedFileCount()).toBe(before);
  });

  it('ignores text fields it does not expect', async () => {
    const response = await upload([{ name: 'note', value: 'hello' }, file('a.pdf', makePdf())]);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ fileUrls: string[] }>().fileUrls).toHaveLength(1);
  });

  it('keeps a clean file name: no control characters, served with an RFC 5987 name', async () => {
    const url = await uploadOne(
      'Facture\u202Efdp.jpg r\u00e9paration \u2014 \u00e9t\u00e9.pdf',
      makePdf(),
    );
    const id = FILE_URL.exec(url)![1]!;
    const [row] = await testApp.database.db
      .select({ originalName: binaryFiles.originalName })
      .from(binaryFiles)
      .where(eq(binaryFiles.id, id));
    expect(row!.originalName).toBe('Facturefdp.jpg r\u00e9paration \u2014 \u00e9t\u00e9.pdf');

    const served = await get(url);
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="Facturefdp.jpg r_paration _ _t_.pdf"; ` +
        `filename*=UTF-8''Facturefdp.jpg%20r%C3%A9paration%20%E2%80%94%20%C3%A9t%C3%A9.pdf`,
    );
  });

  it('serves a PDF with a name of another type under the PDF extension', async () => {
    const url = await uploadOne('scan.jpg', makePdf());
    const served = await get(url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline; filename="scan.jpg.pdf"');
  });
});

describe('GET /uploads/{id}', () => {
  let photoUrl: string;
  let pdfUrl: string;

  beforeAll(async () => {
    photoUrl = await uploadOne('mine.png', await makePng({ width: 800, height: 600 }));
    pdfUrl = await uploadOne('mine.pdf', makePdf());
  });

  it('serves a file to its owner only: another user and a signed-out visitor get 404', async () => {
    for (const url of [photoUrl, `${photoUrl}/thumbnail`, `${photoUrl}/display`, pdfUrl]) {
      expect((await get(url)).statusCode).toBe(200);

      const stranger = await get(url, grace.cookie);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.headers['content-type']).toContain('application/json');
      expect(stranger.json()).toEqual({ message: 'Not found' });
      expect(stranger.headers['cache-control']).toBeUndefined();

      const signedOut = await get(url, null);
      expect(signedOut.statusCode).toBe(404);
      expect(signedOut.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers 404 for unknown and malformed ids, and for the copies of a PDF', async () => {
    for (const url of [
      '/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/uploads/short',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      `${pdfUrl}/thumbnail`,
      `${pdfUrl}/display`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    // A path that cannot name a file is unknown even to a signed-out visitor (D41).
    expect((await get('/uploads/short', null)).statusCode).toBe(404);
  });

  it('answers 304 to the owner revalidating, and 404 to anyone else with the same tag', async () => {
    const first = await get(photoUrl);
    const etag = first.headers.etag as string;
    const revalidated = await get(photoUrl, ada.cookie, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    const weak = await get(photoUrl, ada.cookie, { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    const stale = await get(photoUrl, ada.cookie, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);

    const stranger = await get(photoUrl, grace.cookie, { 'if-none-match': etag });
    expect(stranger.statusCode).toBe(404);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await testApp.app.inject({
      method: 'HEAD',
      url: pdfUrl,
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(makePdf().length);
    expect(response.rawPayload.length).toBe(0);

    const stranger = await testApp.app.inject({
      method: 'HEAD',
      url: pdfUrl,
      headers: { cookie: grace.cookie },
    });
    expect(stranger.statusCode).toBe(404);
  });
});
