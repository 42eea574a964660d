/**
 * Decision 041 through the real calls on a real database: the storage quota of each plan on
 * every path that stores a file (413 naming the quota, nothing stored, no way past it with
 * concurrent uploads), the uploads per hour (429 with Retry-After, counted before any photo is
 * decoded), at most five images per record (also when they race), and the status answer's
 * storage figures.
 */
import { MAX_RECORD_IMAGES, RECORD_MESSAGES } from '@contract/records';
import { subscriptionStatusSchema } from '@contract/schemas/subscription';
import { UPLOAD_MESSAGES } from '@contract/uploads';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { binaryFiles, recordImages, users, vehicleImages } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, newVehicle } from '../../test/factory';
import { makeJpeg, makePdf, multipartBody, type Part } from '../../test/upload-fixtures';

const KB = 1024;
const MB = 1024 * KB;
const GENEROUS_AUTH = { AUTH_MAX_ATTEMPTS: '100000' };

/** A server selling Premium, with small quotas: 1 MB free, 2 MB Premium. */
const limited = setUpTestApp({
  ...GENEROUS_AUTH,
  PLAN_LIMITS: 'on',
  STORAGE_QUOTA_MB: '1',
  PREMIUM_STORAGE_QUOTA_MB: '2',
});
/** A server that sells nothing (decision 034), with 3 uploads per user and hour. */
const selfHosted = setUpTestApp({
  ...GENEROUS_AUTH,
  PLAN_LIMITS: 'off',
  STORAGE_QUOTA_MB: '1',
  PREMIUM_STORAGE_QUOTA_MB: '2',
  UPLOADS_PER_HOUR: '3',
});

type TestApp = typeof limited;

/** JPEG's first bytes and nothing a decoder can read: 415 once decoded. */
const BROKEN_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);

/** A real PDF of exactly `bytes` bytes: its header and text, then padding. */
function pdfOf(bytes: number): Buffer {
  const pdf = makePdf();
  return Buffer.concat([pdf, Buffer.alloc(bytes - pdf.length, 0x20)]);
}

const filePart = (data: Buffer, filename = 'invoice.pdf'): Part => ({
  name: 'files',
  filename,
  data,
});

function send(testApp: TestApp, user: SignedInUser, url: string, parts: readonly Part[]) {
  const { payload, contentType } = multipartBody(parts);
  return testApp.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie: user.cookie, 'content-type': contentType },
  });
}

const upload = (testApp: TestApp, user: SignedInUser, ...files: Buffer[]) =>
  send(
    testApp,
    user,
    '/api/upload',
    files.map((data) => filePart(data)),
  );

const recordImagePart = (data: Buffer): Part => ({
  name: 'image',
  filename: 'photo.jpg',
  data,
});

async function storedBytes(testApp: TestApp, userId: number): Promise<number> {
  const [row] = await testApp
    .db()
    .select({
      bytes: sql<number>`coalesce(sum(${binaryFiles.size} + coalesce(octet_length(${binaryFiles.thumbnail}), 0) + coalesce(octet_length(${binaryFiles.display}), 0)), 0)::float8`,
    })
    .from(binaryFiles)
    .where(eq(binaryFiles.userId, userId));
  return row!.bytes;
}

async function fileCount(testApp: TestApp, userId: number): Promise<number> {
  const rows = await testApp
    .db()
    .select({ id: binaryFiles.id })
    .from(binaryFiles)
    .where(eq(binaryFiles.userId, userId));
  return rows.length;
}

/** Takes `bytes` of the user's quota with one stored row, without sending them. */
async function fillStorage(testApp: TestApp, userId: number, bytes: number) {
  await testApp
    .db()
    .insert(binaryFiles)
    .values({
      id: `filler${crypto.randomUUID().replaceAll('-', '')}`,
      userId,
      data: Buffer.from('%PDF'),
      contentType: 'application/pdf',
      originalName: 'filler.pdf',
      size: bytes,
    });
}

async function makePremium(testApp: TestApp, userId: number) {
  await testApp
    .db()
    .update(users)
    .set({ subscriptionStatus: 'premium', subscriptionExpiresAt: null })
    .where(eq(users.id, userId));
}

async function status(testApp: TestApp, user: SignedInUser) {
  const response = await testApp.inject({
    method: 'GET',
    url: '/api/subscription/status',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionStatusSchema.parse(response.json());
}

describe('the storage quota (decision 041)', () => {
  it('answers 413 naming the quota once the files would not fit, and stores nothing', async () => {
    const user = await newUser(limited);
    expect((await upload(limited, user, pdfOf(600 * KB))).statusCode).toBe(200);

    const refused = await upload(limited, user, pdfOf(300 * KB), pdfOf(200 * KB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.storageFull(MB, 600 * KB) });
    expect(refused.json().message).toBe(
      'Not enough storage left: your files can take up at most 1 MB on your plan and already take 600 KB. Delete files you no longer need to make room.',
    );
    expect(await fileCount(limited, user.id)).toBe(1);
    // What still fits is taken, to the last byte: 600 KB + 424 KB = 1024 KB.
    expect((await upload(limited, user, pdfOf(424 * KB))).statusCode).toBe(200);
    expect(await storedBytes(limited, user.id)).toBe(MB);
  });

  it('bounds vehicle images and record images too, with a photo’s copies counted', async () => {
    const user = await newUser(limited);
    const vehicleId = await newVehicle(limited, user);
    const record = await newRecord(limited, user, 'maintenance', { vehicleId });
    const photo = await makeJpeg({ width: 640, height: 480, noise: true });
    await fillStorage(limited, user.id, MB - photo.length);

    const vehicleImage = await send(limited, user, '/api/vehicle-images', [
      { name: 'vehicleId', value: String(vehicleId) },
      { name: 'image', filename: 'car.jpg', data: photo },
    ]);
    expect(vehicleImage.statusCode).toBe(413);
    expect(vehicleImage.json().message).toContain('at most 1 MB on your plan');
    const recordImage = await send(limited, user, `/api/record-images/maintenance/${record.id}`, [
      recordImagePart(photo),
    ]);
    expect(recordImage.statusCode).toBe(413);
    expect(recordImage.json().message).toContain('at most 1 MB on your plan');

    expect(await fileCount(limited, user.id)).toBe(1);
    const images = await limited
      .db()
      .select()
      .from(vehicleImages)
      .where(eq(vehicleImages.userId, user.id));
    expect(images).toEqual([]);
    const shown = await limited
      .db()
      .select()
      .from(recordImages)
      .where(eq(recordImages.userId, user.id));
    expect(shown).toEqual([]);
  });

  it('gives Premium its higher quota', async () => {
    const user = await newUser(limited, { plan: 'premium' });
    expect((await upload(limited, user, pdfOf(900 * KB), pdfOf(900 * KB))).statusCode).toBe(200);
    const refused = await upload(limited, user, pdfOf(300 * KB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.storageFull(2 * MB, 1800 * KB) });
  });

  it('gives everyone the Premium quota where the plan’s limits are off (decision 034)', async () => {
    const user = await newUser(selfHosted);
    expect((await upload(selfHosted, user, pdfOf(900 * KB), pdfOf(900 * KB))).statusCode).toBe(200);
    expect(await storedBytes(selfHosted, user.id)).toBe(1800 * KB);
    const refused = await upload(selfHosted, user, pdfOf(300 * KB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.storageFull(2 * MB, 1800 * KB) });
  });

  it('holds under concurrent uploads: together they never pass it', async () => {
    const user = await newUser(limited);
    // 300 KB each: three fit in 1 MB (900 KB), a fourth would not (1200 KB).
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => upload(limited, user, pdfOf(300 * KB))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413, 413, 413, 413, 413]);
    expect(await storedBytes(limited, user.id)).toBe(900 * KB);
  });

  it('refuses a full user’s upload before decoding it: 413, not the 415 of a broken photo', async () => {
    const user = await newUser(limited);
    await fillStorage(limited, user.id, MB);
    const refused = await upload(limited, user, BROKEN_JPEG);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.storageFull(MB, MB) });
  });

  it('counts only the user’s own files, against another user’s full storage', async () => {
    const full = await newUser(limited);
    const other = await newUser(limited);
    await fillStorage(limited, full.id, MB);
    expect((await upload(limited, full, pdfOf(10 * KB))).statusCode).toBe(413);
    expect((await upload(limited, other, pdfOf(10 * KB))).statusCode).toBe(200);
  });
});

describe('the status answer’s storage figures (decision 041)', () => {
  it('sums every file of the user with its copies, against the plan’s quota', async () => {
    const user = await newUser(limited);
    const other = await newUser(limited);
    expect((await status(limited, user)).storage).toEqual({ usedBytes: 0, quotaBytes: MB });

    expect((await upload(limited, user, pdfOf(100_000))).statusCode).toBe(200);
    await limited
      .db()
      .insert(binaryFiles)
      .values({
        id: `photo${crypto.randomUUID().replaceAll('-', '')}`,
        userId: user.id,
        data: Buffer.alloc(1_000),
        contentType: 'image/jpeg',
        originalName: 'photo.jpg',
        size: 1_000,
        thumbnail: Buffer.alloc(200),
        display: Buffer.alloc(300),
      });
    await fillStorage(limited, other.id, 5_000);

    // The PDF (100,000) + the photo (1,000) + its thumbnail (200) + its display copy (300);
    // the other user's 5,000 bytes are not the user's.
    expect((await status(limited, user)).storage).toEqual({ usedBytes: 101_500, quotaBytes: MB });
    await makePremium(limited, user.id);
    expect((await status(limited, user)).storage).toEqual({
      usedBytes: 101_500,
      quotaBytes: 2 * MB,
    });
  });
});

describe('the uploads per hour (decision 041)', () => {
  it('answers 429 with Retry-After past the limit, counting each file, before decoding any', async () => {
    const user = await newUser(selfHosted);
    expect((await upload(selfHosted, user, pdfOf(KB), pdfOf(KB))).statusCode).toBe(200);
    // Two more files would make four: refused whole.
    const twoMore = await upload(selfHosted, user, pdfOf(KB), pdfOf(KB));
    expect(twoMore.statusCode).toBe(429);
    expect(Number(twoMore.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(twoMore.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(twoMore.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyUploads(60) });
    expect(twoMore.json().message).toBe(
      'You have uploaded many files in a short time. Please try again in 60 minutes.',
    );

    // A broken photo is refused before it is decoded: 429, not the 415 of an unreadable image.
    const other = await newUser(selfHosted);
    expect((await upload(selfHosted, other, BROKEN_JPEG)).statusCode).toBe(415);
    const broken = await upload(selfHosted, user, BROKEN_JPEG);
    expect(broken.statusCode).toBe(429);
    expect(broken.headers['retry-after']).toBeDefined();
    expect(await fileCount(selfHosted, user.id)).toBe(2);
  });

  it('counts vehicle images and record images with the other uploads', async () => {
    const user = await newUser(selfHosted);
    const vehicleId = await newVehicle(selfHosted, user);
    const record = await newRecord(selfHosted, user, 'repair', { vehicleId });
    const photo = await makeJpeg();
    expect((await upload(selfHosted, user, pdfOf(KB), pdfOf(KB))).statusCode).toBe(200);
    const third = await send(selfHosted, user, '/api/vehicle-images', [
      { name: 'vehicleId', value: String(vehicleId) },
      { name: 'image', filename: 'car.jpg', data: photo },
    ]);
    expect(third.statusCode).toBe(201);
    const fourth = await send(selfHosted, user, `/api/record-images/repair/${record.id}`, [
      recordImagePart(photo),
    ]);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });
});

describe('the images of a record (decision 041)', () => {
  const imageCount = async (testApp: TestApp, userId: number, recordId: number) =>
    (
      await testApp
        .db()
        .select({ id: recordImages.id })
        .from(recordImages)
        .where(and(eq(recordImages.userId, userId), eq(recordImages.recordId, recordId)))
    ).length;

  it('keeps five and answers 409 to a sixth, storing nothing of it', async () => {
    const app = limited;
    const user = await newUser(app);
    const vehicleId = await newVehicle(app, user);
    const record = await newRecord(app, user, 'modification', { vehicleId });
    const photo = await makeJpeg();
    const url = `/api/record-images/modification/${record.id}`;
    for (let index = 0; index < MAX_RECORD_IMAGES; index += 1) {
      expect((await send(app, user, url, [recordImagePart(photo)])).statusCode).toBe(201);
    }
    const filesBefore = await fileCount(app, user.id);

    const sixth = await send(app, user, url, [recordImagePart(photo)]);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ message: RECORD_MESSAGES.tooManyImages });
    expect(sixth.json().message).toBe('A record can hold up to 5 images');
    expect(await imageCount(app, user.id, record.id)).toBe(5);
    expect(await fileCount(app, user.id)).toBe(filesBefore);
  });

  it('keeps five when three race for a record’s last two places', async () => {
    const app = limited;
    const user = await newUser(app);
    const vehicleId = await newVehicle(app, user);
    const record = await newRecord(app, user, 'maintenance', { vehicleId });
    const photo = await makeJpeg();
    const url = `/api/record-images/maintenance/${record.id}`;
    for (let index = 0; index < MAX_RECORD_IMAGES - 2; index += 1) {
      expect((await send(app, user, url, [recordImagePart(photo)])).statusCode).toBe(201);
    }
    // Three at once: one user's photos queue one behind the other, at most two waiting
    // (decision 046), so all three are processed and the count under lock decides.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => send(app, user, url, [recordImagePart(photo)])),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409]);
    expect(await imageCount(app, user.id, record.id)).toBe(5);
    expect(await fileCount(app, user.id)).toBe(5);
    const primaries = await app
      .db()
      .select({ id: recordImages.id })
      .from(recordImages)
      .where(and(eq(recordImages.recordId, record.id), eq(recordImages.isPrimary, true)));
    expect(primaries).toHaveLength(1);
  });
});
