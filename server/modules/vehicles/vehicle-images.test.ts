/**
 * The vehicle image calls (001 §2, §4, §5, §7, §9, D9, D15) on a real database: the five-image
 * limit, sequential and concurrent; one primary at a time; deletes that promote and take the
 * stored file along; and another user's vehicle or image answering 404 with nothing changed.
 * Vehicles are inserted straight into the database.
 */

import { vehicleImageSchema } from '@contract/schemas/vehicles';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import { VEHICLE_MESSAGES, type VehicleImage } from '@contract/vehicles';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryFiles, vehicleImages } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, newVehicle } from '../../test/factory';
import {
  gpsLatitudeOf,
  makeJpeg,
  makeJpegWithGps,
  makePdf,
  makePng,
  multipartBody,
  type Part,
} from '../../test/upload-fixtures';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let ada: SignedInUser;
let grace: SignedInUser;
let photo: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  ada = await newUser(testApp);
  grace = await newUser(testApp);
  photo = await makeJpeg({ width: 640, height: 480 });
});

afterAll(async () => {
  await testApp?.close();
});

type ImageFields = { vehicleId?: number | string; caption?: string; isPrimary?: string };

function postImage(
  fields: ImageFields,
  options: { cookie?: string | null; image?: Buffer | null; extraParts?: Part[] } = {},
) {
  const { cookie = ada.cookie, image = photo, extraParts = [] } = options;
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) parts.push({ name, value: String(value) });
  }
  if (image)
    parts.push({ name: 'image', filename: 'car.jpg', contentType: 'image/jpeg', data: image });
  parts.push(...extraParts);
  const { payload, contentType } = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle-images',
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}

async function addImage(vehicleId: number, fields: Omit<ImageFields, 'vehicleId'> = {}) {
  const response = await postImage({ vehicleId, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return vehicleImageSchema.parse(response.json());
}

function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  cookie = ada.cookie,
) {
  return testApp.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function imagesInDb(vehicleId: number) {
  return testApp.database.db
    .select()
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, vehicleId))
    .orderBy(vehicleImages.id);
}

async function primaryIds(vehicleId: number) {
  const rows = await imagesInDb(vehicleId);
  return rows.filter((row) => row.isPrimary).map((row) => row.id);
}

async function fileCount(userId: number) {
  const [row] = await testApp.database.db
    .select({ files: count() })
    .from(binaryFiles)
    .where(eq(binaryFiles.userId, userId));
  return row!.files;
}

async function hasStoredFile(userId: number, imageUrl: string) {
  const id = imageUrl.replace('/uploads/', '');
  const [row] = await testApp.database.db
    .select({ files: count() })
    .from(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), eq(binaryFiles.id, id)));
  return row!.files === 1;
}

describe('vehicle images when signed out', () => {
  it('answers 401 on every call', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const image = await addImage(vehicleId);
    const signedOut = [
      await testApp.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}/images` }),
      await postImage({ vehicleId }, { cookie: null }),
      await testApp.app.inject({
        method: 'PUT',
        url: `/api/vehicle-images/${image.id}`,
        payload: { caption: 'x' },
      }),
      await testApp.app.inject({ method: 'PUT', url: `/api/vehicle-images/${image.id}/primary` }),
      await testApp.app.inject({ method: 'DELETE', url: `/api/vehicle-images/${image.id}` }),
    ];
    for (const response of signedOut) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not signed in' });
    }
    expect(await imagesInDb(vehicleId)).toHaveLength(1);
  });
});

describe('POST /api/vehicle-images', () => {
  it('stores the photo, answers 201 with the image, and makes the first image primary', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const response = await postImage({ vehicleId, caption: 'Front view', isPrimary: 'false' });
    expect(response.statusCode, response.body).toBe(201);
    const image = vehicleImageSchema.parse(response.json());
    expect(image).toEqual({
      id: expect.any(Number),
      vehicleId,
      imageUrl: expect.stringMatching(/^\/uploads\/[A-Za-z0-9_-]{43}$/),
      thumbnailUrl: `${image.imageUrl}/thumbnail`,
      caption: 'Front view',
      isPrimary: true,
      addedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(image.addedAt))).toBe(false);

    const served = await call('GET', image.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const thumbnail = await call('GET', image.thumbnailUrl!);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });

  it('stores a photo without its GPS position', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const withGps = await makeJpegWithGps({ width: 300, height: 200 });
    expect(gpsLatitudeOf((await sharp(withGps).metadata()).exif)).not.toBeNull();
    const response = await postImage({ vehicleId }, { image: withGps });
    expect(response.statusCode).toBe(201);
    const served = await call('GET', response.json<VehicleImage>().imageUrl);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('takes an empty caption as none', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const image = await addImage(vehicleId, { caption: '' });
    expect(image.caption).toBeNull();
  });

  it('makes a later image primary when asked, and the old primary loses it', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const first = await addImage(vehicleId);
    const second = await addImage(vehicleId, { isPrimary: 'false' });
    expect(second.isPrimary).toBe(false);
    const third = await addImage(vehicleId, { isPrimary: 'true' });
    expect(third.isPrimary).toBe(true);
    expect(await primaryIds(vehicleId)).toEqual([third.id]);

    const list = await call('GET', `/api/vehicles/${vehicleId}/images`);
    expect(list.statusCode).toBe(200);
    // The primary first, then the oldest first.
    expect(list.json<VehicleImage[]>().map((image) => image.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
  });

  it('stores at most 5 images per vehicle, one after the other', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    for (let index = 0; index < 5; index += 1) await addImage(vehicleId);
    const filesBefore = await fileCount(ada.id);

    const sixth = await postImage({ vehicleId });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ message: 'You can only upload up to 5 images' });
    expect(await imagesInDb(vehicleId)).toHaveLength(5);
    expect(await fileCount(ada.id)).toBe(filesBefore);
  });

  it('stores exactly 5 when concurrent uploads all pass the early count, with no orphan files', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    for (let index = 0; index < 3; index += 1) await addImage(vehicleId);
    const filesBefore = await fileCount(ada.id);
    // Three at once, as many as one user may have processed and waiting (decision 046): each
    // sees three images before its photo is processed, so only the count under lock holds.
    const responses = await Promise.all(
      Array.from({ length: 3 }, (_, index) =>
        postImage({ vehicleId, caption: `Shot ${index}`, isPrimary: 'false' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.tooManyImages });
    }

    const rows = await imagesInDb(vehicleId);
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.isPrimary)).toHaveLength(1);
    expect(await fileCount(ada.id)).toBe(filesBefore + 2);
    for (const row of rows) expect(await hasStoredFile(ada.id, row.imageUrl)).toBe(true);
  });

  it('answers 404 for another user’s vehicle and stores nothing', async () => {
    const gracesVehicle = await newVehicle(testApp, grace);
    const adaFiles = await fileCount(ada.id);
    const graceFiles = await fileCount(grace.id);
    const response = await postImage({ vehicleId: gracesVehicle, isPrimary: 'true' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    expect(await imagesInDb(gracesVehicle)).toHaveLength(0);
    expect(await fileCount(ada.id)).toBe(adaFiles);
    expect(await fileCount(grace.id)).toBe(graceFiles);

    const missing = await postImage({ vehicleId: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
  });

  it('refuses bad fields and bad files with the fitting status, storing nothing', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const filesBefore = await fileCount(ada.id);
    const pdf = makePdf();
    const cases: Array<[Awaited<ReturnType<typeof postImage>>, number, object]> = [
      [
        await postImage({ caption: 'no vehicle' }),
        400,
        { message: 'Must be a number', errors: { vehicleId: 'Must be a number' } },
      ],
      [
        await postImage({ vehicleId: 'abc' }),
        400,
        { message: 'Must be a number', errors: { vehicleId: 'Must be a number' } },
      ],
      [
        await postImage({ vehicleId, isPrimary: 'yes' }),
        400,
        {
          message: "isPrimary must be 'true' or 'false'",
          errors: { isPrimary: "isPrimary must be 'true' or 'false'" },
        },
      ],
      [
        await postImage({ vehicleId, caption: 'x'.repeat(101) }),
        400,
        {
          message: 'Caption must be at most 100 characters',
          errors: { caption: 'Caption must be at most 100 characters' },
        },
      ],
      [
        await postImage({ vehicleId, caption: 'x'.repeat(5000) }),
        400,
        {
          message: UPLOAD_MESSAGES.fieldTooLong,
          errors: { caption: UPLOAD_MESSAGES.fieldTooLong },
        },
      ],
      [await postImage({ vehicleId }, { image: null }), 400, { message: UPLOAD_MESSAGES.noImage }],
      [
        await postImage({ vehicleId }, { image: Buffer.alloc(0) }),
        400,
        { message: UPLOAD_MESSAGES.emptyFile },
      ],
      [await postImage({ vehicleId }, { image: pdf }), 415, { message: UPLOAD_MESSAGES.photoType }],
      [
        await postImage({ vehicleId }, { image: Buffer.from('<svg onload="alert(1)"/>') }),
        415,
        { message: UPLOAD_MESSAGES.photoType },
      ],
      [
        await postImage(
          { vehicleId },
          {
            extraParts: [
              { name: 'image', filename: 'b.png', contentType: 'image/png', data: await makePng() },
            ],
          },
        ),
        413,
        { message: UPLOAD_MESSAGES.oneImageAtATime },
      ],
      [
        await postImage(
          { vehicleId },
          {
            image: Buffer.concat([
              photo,
              Buffer.alloc(UPLOAD_LIMITS.vehicleImageBytes + 1 - photo.length),
            ]),
          },
        ),
        413,
        { message: UPLOAD_MESSAGES.imageTooLarge },
      ],
    ];
    for (const [response, status, body] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual(body);
    }
    expect(await imagesInDb(vehicleId)).toHaveLength(0);
    expect(await fileCount(ada.id)).toBe(filesBefore);
  });
});

describe('GET /api/vehicles/{id}/images', () => {
  it('answers an empty list for a vehicle without images', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const response = await call('GET', `/api/vehicles/${vehicleId}/images`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 for another user’s vehicle, a missing one, and 400 for a bad id', async () => {
    const gracesVehicle = await newVehicle(testApp, grace);
    const gracesImage = (
      await postImage({ vehicleId: gracesVehicle }, { cookie: grace.cookie })
    ).json<VehicleImage>();
    expect(gracesImage.vehicleId).toBe(gracesVehicle);

    for (const id of [gracesVehicle, 2_000_000_000]) {
      const response = await call('GET', `/api/vehicles/${id}/images`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.notFound });
    }
    expect((await call('GET', '/api/vehicles/abc/images')).statusCode).toBe(400);
    const own = await call('GET', `/api/vehicles/${gracesVehicle}/images`, undefined, grace.cookie);
    expect(own.json<VehicleImage[]>().map((image) => image.id)).toEqual([gracesImage.id]);
  });
});

describe('PUT /api/vehicle-images/{id} and /primary', () => {
  it('sets the primary: exactly one primary left', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const first = await addImage(vehicleId);
    const second = await addImage(vehicleId);
    const third = await addImage(vehicleId);

    const response = await call('PUT', `/api/vehicle-images/${second.id}/primary`);
    expect(response.statusCode).toBe(200);
    expect(vehicleImageSchema.parse(response.json())).toMatchObject({
      id: second.id,
      isPrimary: true,
    });
    expect(await primaryIds(vehicleId)).toEqual([second.id]);

    // Setting the primary again changes nothing.
    expect((await call('PUT', `/api/vehicle-images/${second.id}/primary`)).statusCode).toBe(200);
    expect(await primaryIds(vehicleId)).toEqual([second.id]);

    expect((await call('PUT', `/api/vehicle-images/${third.id}/primary`)).statusCode).toBe(200);
    expect(await primaryIds(vehicleId)).toEqual([third.id]);
    expect(first.isPrimary).toBe(true);
  });

  it('updates the caption and the primary flag', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const first = await addImage(vehicleId, { caption: 'Old caption' });
    const second = await addImage(vehicleId);

    const captioned = await call('PUT', `/api/vehicle-images/${first.id}`, {
      caption: 'New caption',
    });
    expect(captioned.statusCode).toBe(200);
    expect(captioned.json()).toMatchObject({
      id: first.id,
      caption: 'New caption',
      isPrimary: true,
    });

    const promoted = await call('PUT', `/api/vehicle-images/${second.id}`, {
      caption: 'Side',
      isPrimary: true,
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: second.id, caption: 'Side', isPrimary: true });
    expect(await primaryIds(vehicleId)).toEqual([second.id]);

    // A caption left out stays; null clears it.
    const untouched = await call('PUT', `/api/vehicle-images/${first.id}`, {});
    expect(untouched.json()).toMatchObject({ caption: 'New caption', isPrimary: false });
    const cleared = await call('PUT', `/api/vehicle-images/${first.id}`, { caption: null });
    expect(cleared.json()).toMatchObject({ caption: null });

    // Unsetting the primary passes it to the oldest other image.
    const unset = await call('PUT', `/api/vehicle-images/${second.id}`, { isPrimary: false });
    expect(unset.json()).toMatchObject({ id: second.id, isPrimary: false });
    expect(await primaryIds(vehicleId)).toEqual([first.id]);

    const tooLong = await call('PUT', `/api/vehicle-images/${first.id}`, {
      caption: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      errors: { caption: 'Caption must be at most 100 characters' },
    });
  });

  it('keeps a lone image primary when asked to unset it', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const only = await addImage(vehicleId);
    const response = await call('PUT', `/api/vehicle-images/${only.id}`, { isPrimary: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isPrimary: true });
    expect(await primaryIds(vehicleId)).toEqual([only.id]);
  });
});

describe('DELETE /api/vehicle-images/{id}', () => {
  it('deletes the image and its stored file; deleting the primary promotes the oldest left', async () => {
    const vehicleId = await newVehicle(testApp, ada);
    const first = await addImage(vehicleId);
    const second = await addImage(vehicleId);
    const third = await addImage(vehicleId);
    await call('PUT', `/api/vehicle-images/${third.id}/primary`);

    const response = await call('DELETE', `/api/vehicle-images/${third.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Image deleted' });
    expect((await imagesInDb(vehicleId)).map((row) => row.id)).toEqual([first.id, second.id]);
    expect(await primaryIds(vehicleId)).toEqual([first.id]);
    expect(await hasStoredFile(ada.id, third.imageUrl)).toBe(false);
    expect((await call('GET', third.imageUrl)).statusCode).toBe(404);

    // Deleting an image that is not the primary leaves the primary alone.
    expect((await call('DELETE', `/api/vehicle-images/${second.id}`)).statusCode).toBe(200);
    expect(await primaryIds(vehicleId)).toEqual([first.id]);

    expect((await call('DELETE', `/api/vehicle-images/${first.id}`)).statusCode).toBe(200);
    expect(await imagesInDb(vehicleId)).toHaveLength(0);
    expect(await hasStoredFile(ada.id, first.imageUrl)).toBe(false);

    const again = await call('DELETE', `/api/vehicle-images/${first.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: VEHICLE_MESSAGES.imageNotFound });
  });

  it('keeps the stored file while a record still shows it as its photo', async () => {
    // A record may point at any of its owner's files (D9), here the vehicle image's own photo.
    const vehicleId = await newVehicle(testApp, ada);
    const image = await addImage(vehicleId);
    const record = await newRecord(testApp, ada, 'maintenance', {
      vehicleId,
      category: 'Oil Change',
      imageUrl: image.imageUrl,
    });

    expect((await call('DELETE', `/api/vehicle-images/${image.id}`)).statusCode).toBe(200);
    expect(await imagesInDb(vehicleId)).toHaveLength(0);
    // The record's photo still answers.
    expect((await call('GET', image.imageUrl)).statusCode).toBe(200);
    expect(await hasStoredFile(ada.id, image.imageUrl)).toBe(true);

    // Once the record goes too, nothing uses the file and it goes with it.
    expect((await call('DELETE', `/api/maintenance/${record.id}`)).statusCode).toBe(200);
    expect(await hasStoredFile(ada.id, image.imageUrl)).toBe(false);
  });
});

describe('another user’s image', () => {
  it('answers 404 on PUT, PUT primary and DELETE, and nothing changes', async () => {
    const gracesVehicle = await newVehicle(testApp, grace);
    const post = (isPrimary: string) =>
      postImage(
        { vehicleId: gracesVehicle, caption: 'Grace', isPrimary },
        { cookie: grace.cookie },
      );
    const gracesPrimary = (await post('false')).json<VehicleImage>();
    const gracesOther = (await post('false')).json<VehicleImage>();
    const before = await imagesInDb(gracesVehicle);
    const graceFiles = await fileCount(grace.id);

    const attempts = [
      await call('PUT', `/api/vehicle-images/${gracesOther.id}`, {
        caption: 'Mine now',
        isPrimary: true,
      }),
      await call('PUT', `/api/vehicle-images/${gracesOther.id}/primary`),
      await call('DELETE', `/api/vehicle-images/${gracesPrimary.id}`),
      await call('DELETE', `/api/vehicle-images/${gracesOther.id}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: VEHICLE_MESSAGES.imageNotFound });
    }
    expect(await imagesInDb(gracesVehicle)).toEqual(before);
    expect(await fileCount(grace.id)).toBe(graceFiles);
    expect(await primaryIds(gracesVehicle)).toEqual([gracesPrimary.id]);
    // Her file stays hers.
    expect((await call('GET', gracesPrimary.imageUrl)).statusCode).toBe(404);
    expect((await call('GET', gracesPrimary.imageUrl, undefined, grace.cookie)).statusCode).toBe(
      200,
    );
  });
});
