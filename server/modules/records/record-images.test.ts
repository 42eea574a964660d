/**
 * The record image calls of 001 §7 on a real database: photos only, 5 MB, one at a time (001 §5,
 * D15), the first one primary, the `{type}` segment read as a kind, its plural or a legacy
 * 'maint…' value (001 §3), someone else's record 404 (D9), and the images gone with the record.
 */
import { RECORD_KINDS, RECORD_MESSAGES, RECORD_TYPES } from '@contract/records';
import { recordImageSchema, recordImagesSchema } from '@contract/schemas/records';
import { fileIdFromUrl, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { binaryFiles, recordImages } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, newVehicle } from '../../test/factory';
import {
  makeGif,
  makeJpeg,
  makePdf,
  makePng,
  multipartBody,
  type Part,
} from '../../test/upload-fixtures';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

const { db } = testApp;

async function createRecord(user: SignedInUser, type: (typeof RECORD_TYPES)[number]) {
  const vehicleId = await newVehicle(testApp, user);
  return { vehicleId, record: await newRecord(testApp, user, type, { vehicleId }) };
}

function postImage(user: SignedInUser, path: string, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url: `/api/record-images/${path}`,
    headers: { cookie: user.cookie, 'content-type': contentType },
    payload,
  });
}

const imagePart = (data: Buffer, filename = 'photo.jpg'): Part => ({
  name: 'image',
  filename,
  contentType: 'image/jpeg',
  data,
});

function listImages(user: SignedInUser, path: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/record-images/${path}`,
    headers: { cookie: user.cookie },
  });
}

async function fileCount(userId: number) {
  return (
    await db()
      .select({ id: binaryFiles.id })
      .from(binaryFiles)
      .where(eq(binaryFiles.userId, userId))
  ).length;
}

describe.each(RECORD_TYPES)('record images of a %s', (type) => {
  it('adds photos with captions, the first one primary, and lists them in order', async () => {
    const user = await newUser(testApp);
    const { record } = await createRecord(user, type);
    expect((await listImages(user, `${type}/${record.id}`)).json()).toEqual([]);

    const first = await postImage(user, `${type}/${record.id}`, [
      imagePart(await makeJpeg()),
      { name: 'caption', value: 'Added on Mar 5, 2024 10:00 AM' },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const firstImage = recordImageSchema.parse(first.json());
    const fileId = fileIdFromUrl(firstImage.imageUrl)!;
    expect(firstImage).toEqual({
      id: expect.any(Number),
      recordId: record.id,
      recordType: type,
      imageUrl: `/uploads/${fileId}`,
      thumbnailUrl: `/uploads/${fileId}/thumbnail`,
      caption: 'Added on Mar 5, 2024 10:00 AM',
      isPrimary: true,
      addedAt: expect.any(String),
    });

    // The plural names the same kind.
    const plural = RECORD_KINDS[type].collection;
    const second = await postImage(user, `${plural}/${record.id}`, [
      imagePart(await makePng(), 'b.png'),
    ]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ isPrimary: false, caption: null, recordType: type });

    const listed = recordImagesSchema.parse(
      (await listImages(user, `${plural}/${record.id}`)).json(),
    );
    expect(listed.map((image) => [image.id, image.isPrimary])).toEqual([
      [firstImage.id, true],
      [second.json().id, false],
    ]);

    // The stored file is the user's and is served to them.
    const served = await testApp.app.inject({
      method: 'GET',
      url: firstImage.imageUrl,
      headers: { cookie: user.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/jpeg');
  });

  it('answers 404 for a record that is missing or someone else’s, and stores nothing', async () => {
    const owner = await newUser(testApp);
    const intruder = await newUser(testApp);
    const { record } = await createRecord(owner, type);
    await postImage(owner, `${type}/${record.id}`, [imagePart(await makeJpeg())]);
    for (const path of [`${type}/${record.id}`, `${type}/2000000000`]) {
      expect((await listImages(intruder, path)).statusCode, path).toBe(404);
      const response = await postImage(intruder, path, [imagePart(await makeJpeg())]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: RECORD_MESSAGES.recordNotFound });
    }
    expect(await fileCount(intruder.id)).toBe(0);
    const ownersImages = await db()
      .select()
      .from(recordImages)
      .where(and(eq(recordImages.recordType, type), eq(recordImages.recordId, record.id)));
    expect(ownersImages).toHaveLength(1);
  });
});

describe('the {type} segment', () => {
  it('reads legacy maint… values as maintenance and refuses unknown types with 400', async () => {
    const user = await newUser(testApp);
    const { record } = await createRecord(user, 'maintenance');
    for (const legacy of ['maint', 'Maintenance_Record', 'maintenance']) {
      const response = await postImage(user, `${legacy}/${record.id}`, [
        imagePart(await makeJpeg()),
      ]);
      expect(response.statusCode, legacy).toBe(201);
      expect(response.json().recordType).toBe('maintenance');
    }
    expect(
      recordImagesSchema.parse((await listImages(user, `maint/${record.id}`)).json()),
    ).toHaveLength(3);

    for (const unknown of ['document', 'vehicle', 'repairz']) {
      const list = await listImages(user, `${unknown}/${record.id}`);
      expect(list.statusCode).toBe(400);
      expect(list.json().message).toBe(RECORD_MESSAGES.unknownRecordType);
      const post = await postImage(user, `${unknown}/${record.id}`, [imagePart(await makeJpeg())]);
      expect(post.statusCode).toBe(400);
    }
    expect((await listImages(user, 'maintenance/abc')).statusCode).toBe(400);
  });
});

describe('what a record image accepts (001 §5, D15)', () => {
  it('refuses other types with 415, more than 5 MB with 413, two files, no file', async () => {
    const user = await newUser(testApp);
    const { record } = await createRecord(user, 'repair');
    const path = `repair/${record.id}`;
    const photo = await makeJpeg();
    const filesBefore = await fileCount(user.id);
    const cases: Array<[Part[], number, string]> = [
      [[imagePart(await makeGif(), 'a.gif')], 415, UPLOAD_MESSAGES.photoType],
      [[imagePart(makePdf(), 'a.pdf')], 415, UPLOAD_MESSAGES.photoType],
      [
        [
          imagePart(
            Buffer.concat([photo, Buffer.alloc(UPLOAD_LIMITS.recordImageBytes + 1 - photo.length)]),
          ),
        ],
        413,
        UPLOAD_MESSAGES.recordImageTooLarge,
      ],
      [[imagePart(photo), imagePart(photo, 'b.jpg')], 413, UPLOAD_MESSAGES.oneImageAtATime],
      [[{ name: 'caption', value: 'No file' }], 400, UPLOAD_MESSAGES.noImage],
      [
        [imagePart(photo), { name: 'caption', value: 'x'.repeat(101) }],
        400,
        'Caption must be at most 100 characters',
      ],
    ];
    for (const [parts, status, message] of cases) {
      const response = await postImage(user, path, parts);
      expect(response.statusCode, message).toBe(status);
      expect(response.json()).toMatchObject({ message });
    }
    const json = await testApp.app.inject({
      method: 'POST',
      url: `/api/record-images/${path}`,
      headers: { cookie: user.cookie },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await fileCount(user.id)).toBe(filesBefore);

    // Just under the limit is accepted.
    const big = await postImage(user, path, [
      imagePart(
        Buffer.concat([photo, Buffer.alloc(UPLOAD_LIMITS.recordImageBytes - photo.length)]),
      ),
    ]);
    expect(big.statusCode, big.body).toBe(201);
  });
});

describe('deleting a record with images', () => {
  it('deletes its images and their files with it', async () => {
    const user = await newUser(testApp);
    const { record } = await createRecord(user, 'modification');
    for (let index = 0; index < 2; index += 1) {
      await postImage(user, `modification/${record.id}`, [imagePart(await makeJpeg())]);
    }
    expect(await fileCount(user.id)).toBe(2);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/modifications/${record.id}`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await fileCount(user.id)).toBe(0);
    expect((await listImages(user, `modification/${record.id}`)).statusCode).toBe(404);
  });
});
