/**
 * The clean-up of unattached uploads (decision 044) on a real database, run as the background
 * job runs it: what goes (an upload nothing points at, past the grace period), what stays (a
 * recent one; one attached in any place and form a row may hold it, whatever its age; another
 * user's), and that runs at the same moment as each other, or as a save, leave no error and no
 * row pointing at a deleted file.
 */
import crypto from 'node:crypto';
import { RECORD_MESSAGES } from '@contract/records';
import { fileUrl, thumbnailUrl } from '@contract/uploads';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import { binaryFiles, documents, recordImages, vehicleImages } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertEnergyEntries, insertRecords, newUser, newVehicle } from '../../test/factory';
import { makePdf, multipartBody } from '../../test/upload-fixtures';
import {
  createUnattachedUploadsService,
  UNATTACHED_UPLOADS_BATCH,
} from './unattached-uploads.service';
import { FILE_REFERENCES, insertFiles, lockFileToAttach } from './uploads.repository';

const testApp = setUpTestApp();
const GRACE_HOURS = 6; // the default of UNATTACHED_UPLOAD_GRACE_HOURS

const purge = () =>
  testApp.app.backgroundJobs.runNow('unattached-uploads-purge') as Promise<number>;

/** A PDF uploaded through `POST /api/upload`; answers its id. */
async function upload(user: SignedInUser): Promise<string> {
  const { payload, contentType } = multipartBody([
    { name: 'files', filename: 'receipt.pdf', data: makePdf() },
  ]);
  const response = await testApp.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { cookie: user.cookie, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().fileUrls[0] as string).replace('/uploads/', '');
}

/** Makes stored files look uploaded `hours` ago. */
async function age(ids: string[], hours: number) {
  await testApp
    .db()
    .update(binaryFiles)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(inArray(binaryFiles.id, ids));
}

async function storedIds(ids: string[]): Promise<string[]> {
  const rows = await testApp
    .db()
    .select({ id: binaryFiles.id })
    .from(binaryFiles)
    .where(inArray(binaryFiles.id, ids));
  return rows.map((row) => row.id).sort();
}

/** `count` small files of the user, stored straight into the table (uploads would take long). */
async function storeFiles(user: SignedInUser, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomBytes(32).toString('base64url'));
  await insertFiles(
    testApp.db(),
    user.id,
    ids.map((id) => ({
      id,
      data: Buffer.from('%PDF-1.4'),
      contentType: 'application/pdf',
      originalName: null,
      size: 8,
      thumbnail: null,
      display: null,
    })),
  );
  return ids;
}

describe('the clean-up of unattached uploads', () => {
  it('deletes an upload nothing points at once it is older than the grace period', async () => {
    const ada = await newUser(testApp);
    const [old, recent] = [await upload(ada), await upload(ada)];
    await age([old], GRACE_HOURS + 1);
    await age([recent], GRACE_HOURS - 1);

    await purge();

    expect(await storedIds([old, recent])).toEqual([recent]);
    const served = await testApp.inject({
      method: 'GET',
      url: fileUrl(old),
      headers: { cookie: ada.cookie },
    });
    expect(served.statusCode).toBe(404);
  });

  it('keeps a file a row points at, in every place and form, whatever its age', async () => {
    const ada = await newUser(testApp);
    // One row of Ada's in every table that can point at a file.
    const vehicleId = await newVehicle(testApp, ada);
    const db = testApp.db();
    await db.insert(vehicleImages).values({ userId: ada.id, vehicleId, imageUrl: 'none' });
    await db.insert(documents).values({ userId: ada.id, vehicleId, title: 'Invoice' });
    await db
      .insert(recordImages)
      .values({ userId: ada.id, recordId: 1, recordType: 'repair', imageUrl: 'none' });
    for (const [type] of RECORD_KIND_TABLES)
      await insertRecords(testApp, ada, type, vehicleId, [{}]);
    await insertEnergyEntries(testApp, ada, vehicleId, [{}]);

    const forms = [fileUrl, (id: string) => id, thumbnailUrl];
    for (const form of forms) {
      const attached: string[] = [];
      for (const { table, url, owner } of FILE_REFERENCES) {
        const id = await upload(ada);
        attached.push(id);
        await db.execute(
          sql`update ${table} set ${sql.identifier(url.name)} = ${form(id)} where ${owner} = ${ada.id}`,
        );
      }
      const unattached = await upload(ada);
      await age([...attached, unattached], 24 * 365);

      await purge();

      expect(await storedIds([...attached, unattached]), form('{id}')).toEqual(attached.sort());
    }
  });

  it("deletes one user's unattached files and leaves another user's alone", async () => {
    const [ada, grace] = [await newUser(testApp), await newUser(testApp)];
    const adas = await upload(ada);
    const graces = await upload(grace);
    await newVehicle(testApp, grace, { imageUrl: fileUrl(graces) });
    await age([adas], GRACE_HOURS + 1);
    await age([graces], 24 * 365);

    await purge();

    expect(await storedIds([adas, graces])).toEqual([graces]);
    const shown = await testApp.inject({
      method: 'GET',
      url: fileUrl(graces),
      headers: { cookie: grace.cookie },
    });
    expect(shown.statusCode).toBe(200);
  });

  it('deletes each file once when two runs meet, in batches, without an error', async () => {
    const ada = await newUser(testApp);
    const count = UNATTACHED_UPLOADS_BATCH * 2 + 7;
    const ids = await storeFiles(ada, count);
    const kept = await upload(ada);
    await newVehicle(testApp, ada, { imageUrl: fileUrl(kept) });
    await age([...ids, kept], GRACE_HOURS + 1);

    const deletedByEach = await Promise.all([purge(), purge()]);

    expect(deletedByEach[0] + deletedByEach[1]).toBe(count);
    expect(await storedIds([...ids, kept])).toEqual([kept]);
  });

  it('stops between two windows when the server shuts down, and the next run carries on', async () => {
    const ada = await newUser(testApp);
    const ids = await storeFiles(ada, UNATTACHED_UPLOADS_BATCH + 100);
    await age(ids, GRACE_HOURS + 1);
    const service = createUnattachedUploadsService({ db: testApp.db(), graceHours: GRACE_HOURS });

    const beforeStopping = await service.purgeUnattached(AbortSignal.abort());
    expect(beforeStopping).toBeGreaterThan(0);
    expect(beforeStopping).toBeLessThanOrEqual(UNATTACHED_UPLOADS_BATCH);
    expect((await storedIds(ids)).length).toBe(ids.length - beforeStopping);

    await purge();
    expect(await storedIds(ids)).toEqual([]);
  });

  it('leaves a file that a save holds, and a save after the clean-up finds it gone', async () => {
    const ada = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, ada);
    const [held, gone] = [await upload(ada), await upload(ada)];
    await age([held, gone], GRACE_HOURS + 1);

    // A record save that has checked its file but not yet committed: the run skips the file.
    await testApp.db().transaction(async (tx) => {
      expect(await lockFileToAttach(tx, ada.id, held)).toBe(true);
      expect(await purge()).toBe(1);
    });
    expect(await storedIds([held, gone])).toEqual([held]);

    // The form saved after its file went: a clear 404, and no record pointing at nothing.
    const response = await testApp.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: ada.cookie },
      payload: { vehicleId, category: 'Other', title: 'Brakes', fileUrl: fileUrl(gone) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: RECORD_MESSAGES.fileNotFound });
    const [{ total }] = (
      await testApp
        .db()
        .execute<{ total: number }>(
          sql`select count(*)::int as total from repairs where user_id = ${ada.id}`,
        )
    ).rows as [{ total: number }];
    expect(total).toBe(0);
  });
});
