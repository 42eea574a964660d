/**
 * Crafted backups and passports (decision 062), uploaded through the real multipart route by a
 * user with nothing but an account: values the settings calls refuse, the sender's reminder
 * destinations, a passport whose manifest claims a whole account, links to elsewhere, sizes that
 * lie and rows the create calls refuse. Each preview lists what is left out and why; apply
 * stores none of it, and the receiver's own settings read exactly as before.
 */
import { BACKUP_ENTRIES } from '@contract/backup';
import { IMPORT_MESSAGES, type ImportPreview, RESTORE_TEXTS } from '@contract/imports';
import { NOTIFICATION_MESSAGES } from '@contract/notifications';
import { exportDocumentSchema } from '@contract/schemas/backup';
import { importPreviewSchema } from '@contract/schemas/imports';
import { subscriptionStatusSchema } from '@contract/schemas/subscription';
import { UNIT_MESSAGES } from '@contract/units';
import { fileIdFromUrl } from '@contract/uploads';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { binaryFiles, users } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { type Garage, garageCalls } from '../../test/garage';
import { multipartBody } from '../../test/upload-fixtures';
import { readZip } from '../../test/zip';

const testApp = setUpTestApp();
const { call, buildGarage } = garageCalls(testApp);

// biome-ignore lint/suspicious/noExplicitAny: a crafted file is whatever JSON its sender writes
type Json = Record<string, any>;

async function download(user: SignedInUser, url: string): Promise<Buffer> {
  const response = await call(user, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The zip with its manifest and document changed as an attacker would, its files as they were. */
async function crafted(
  zip: Buffer,
  change: { manifest?: (manifest: Json) => void; document?: (document: Json) => void },
): Promise<Buffer> {
  const out = new yazl.ZipFile();
  for (const entry of await readZip(zip)) {
    let bytes = entry.bytes;
    const edit =
      entry.name === BACKUP_ENTRIES.manifest
        ? change.manifest
        : entry.name === BACKUP_ENTRIES.data
          ? change.document
          : undefined;
    if (edit) {
      const json = JSON.parse(bytes.toString('utf8')) as Json;
      edit(json);
      bytes = Buffer.from(JSON.stringify(json));
    }
    out.addBuffer(bytes, entry.name);
  }
  out.end();
  const chunks: Buffer[] = [];
  for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function uploadRestore(user: SignedInUser, zip: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: 'file', filename: 'backup.zip', data: zip },
  ]);
  return call(user, {
    method: 'POST',
    url: '/api/user/restore',
    payload,
    headers: { 'content-type': contentType },
  });
}

async function previewOf(user: SignedInUser, zip: Buffer) {
  const previewed = await uploadRestore(user, zip);
  expect(previewed.statusCode, previewed.body).toBe(201);
  return importPreviewSchema.parse(previewed.json());
}

/** The backup's amounts in another currency kept as they are (asked, never relabelled). */
async function keepFigures(user: SignedInUser, preview: ImportPreview) {
  const currencyRates = Object.fromEntries(
    preview.foreignCurrencies.map((foreign) => [foreign.currency, 'keep']),
  );
  const kept = await call(user, {
    method: 'PATCH',
    url: `/api/imports/${preview.id}`,
    payload: { currencyRates },
  });
  expect(kept.statusCode, kept.body).toBe(200);
}

async function apply(user: SignedInUser, id: number) {
  const applied = await call(user, { method: 'POST', url: `/api/user/restore/${id}/apply` });
  expect(applied.statusCode, applied.body).toBe(200);
}

async function read(user: SignedInUser, url: string) {
  const response = await call(user, { method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as Json;
}

/** A receiver with settings of their own: reminders to their own ntfy topic, their own day. */
async function receiver(): Promise<SignedInUser> {
  const user = await newUser(testApp, { plan: 'premium' });
  for (const [url, payload] of [
    [
      '/api/user/notifications',
      {
        ntfy: { url: 'http://127.0.0.1:9/receiver-topic' },
        dueSoonDays: 7,
      },
    ],
    ['/api/user/preferences', { currency: 'GBP', timeZone: 'Europe/Paris' }],
  ] as const) {
    const saved = await call(user, { method: 'PATCH', url, payload });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return user;
}

const reasons = (preview: { problems: { file: string; reason: string }[] }) =>
  preview.problems.map((problem) => `${problem.file}: ${problem.reason}`);

let sender: SignedInUser;
let garage: Garage;
let backup: Buffer;
let passport: Buffer;

beforeAll(async () => {
  sender = await newUser(testApp, { plan: 'premium' });
  garage = await buildGarage(sender);
  const preferences = await call(sender, {
    method: 'PATCH',
    url: '/api/user/preferences',
    payload: { distanceUnit: 'km' },
  });
  expect(preferences.statusCode, preferences.body).toBe(200);
  backup = await download(sender, '/api/user/backup');
  passport = await download(sender, `/api/vehicles/${garage.civic}/passport`);
}, 60_000);

describe('a crafted restore', () => {
  it('stores no setting the settings calls refuse: the preview says why, and the account keeps its own', async () => {
    const user = await receiver();
    const notificationsBefore = await read(user, '/api/user/notifications');
    const file = await crafted(backup, {
      document: (document) => {
        document.notificationSettings.dueSoonDays = 2147483647;
        document.preferences.timeZone = 'Not/AZone';
        document.preferences.currency = 'NOPE';
        document.user.dashboardLayout = [{ id: 'everything', isVisible: true }];
      },
    });
    const preview = await previewOf(user, file);
    const { settings } = RESTORE_TEXTS;
    expect(reasons(preview)).toEqual(
      expect.arrayContaining([
        `${RESTORE_TEXTS.preferencesPart}: The time zone Not/AZone is not one Garage Ledger knows; yours is kept.`,
        `${RESTORE_TEXTS.notificationsPart}: ${RESTORE_TEXTS.refusedSetting(settings.dueSoonDays, '2147483647', NOTIFICATION_MESSAGES.dueSoonDays)}`,
        `${RESTORE_TEXTS.preferencesPart}: ${RESTORE_TEXTS.refusedSetting(settings.currency, 'NOPE', UNIT_MESSAGES.currency)}`,
      ]),
    );
    expect(preview.problems.some((problem) => problem.file === RESTORE_TEXTS.appearancePart)).toBe(
      true,
    );
    expect(preview.settings?.applied).toEqual(
      expect.arrayContaining([settings.distanceUnit, settings.notifyOverdue]),
    );
    expect(preview.settings?.leftToYou).toEqual(
      expect.arrayContaining([
        settings.timeZone,
        settings.dueSoonDays,
        settings.currency,
        settings.dashboardLayout,
        settings.emailEnabled,
        settings.ntfyUrl,
        settings.webhookUrl,
      ]),
    );
    expect(preview.settings?.applied).not.toContain(settings.ntfyUrl);

    await apply(user, preview.id);
    // Every refused value and every destination is the receiver's own, exactly as before.
    expect(await read(user, '/api/user/notifications')).toEqual(notificationsBefore);
    const preferences = await read(user, '/api/user/preferences');
    expect(preferences).toMatchObject({
      currency: 'GBP',
      distanceUnit: 'km',
      timeZone: 'Europe/Paris',
    });
    const [row] = await testApp
      .db()
      .select({ layout: users.dashboardLayout })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.layout).toBeNull();
    // The reminders of everyone still run.
    await testApp.app.backgroundJobs.runNow('reminders');
  });

  it('takes the time zone of a backup made before it was a preference from its notification settings', async () => {
    const user = await receiver();
    const file = await crafted(backup, {
      document: (document) => {
        // As written before decision 066: the zone in the notification settings only.
        delete document.preferences.timeZone;
        document.notificationSettings.timeZone = 'Asia/Tokyo';
      },
    });
    const preview = await previewOf(user, file);
    expect(preview.settings?.applied).toContain(RESTORE_TEXTS.settings.timeZone);
    await apply(user, preview.id);
    expect(await read(user, '/api/user/preferences')).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect(await read(user, '/api/user/notifications')).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('never takes where reminders go from a file: a passport calling itself an account sets nothing of the account', async () => {
    const user = await receiver();
    const notificationsBefore = await read(user, '/api/user/notifications');
    const preferencesBefore = await read(user, '/api/user/preferences');
    const file = await crafted(passport, {
      manifest: (manifest) => {
        manifest.scope = 'account';
      },
      document: (document) => {
        document.notificationSettings = {
          userId: sender.id,
          emailEnabled: false,
          ntfyUrl: 'https://sender.example/stolen-reminders',
          webhookUrl: 'https://sender.example/hook',
          notifyDueSoon: false,
          notifyOverdue: false,
          weeklyDigest: true,
          dueSoonDays: 60,
          dueSoonDistance: 100,
          timeZone: 'Asia/Tokyo',
          updatedAt: new Date().toISOString(),
        };
        document.preferences.currency = 'JPY';
      },
    });
    const preview = await previewOf(user, file);
    expect(preview.evidence).toBe(
      RESTORE_TEXTS.accountWithoutAccount(new Date().toISOString().slice(0, 10)),
    );
    expect(preview.settings?.applied).toEqual([]);
    expect(preview.counts.vehicles).toBe(1);
    // Its amounts in yen are not relabelled as the receiver's currency: asked, here kept.
    expect(preview.foreignCurrencies).toEqual([{ currency: 'JPY', rate: null }]);
    await keepFigures(user, preview);
    await apply(user, preview.id);
    expect(await read(user, '/api/user/notifications')).toEqual(notificationsBefore);
    expect(await read(user, '/api/user/preferences')).toEqual(preferencesBefore);

    // A whole account's backup whose manifest says passport is taken as one: nothing of the account.
    const other = await receiver();
    const before = await read(other, '/api/user/notifications');
    const modest = await previewOf(
      other,
      await crafted(backup, {
        manifest: (manifest) => {
          manifest.scope = 'vehicle';
        },
      }),
    );
    expect(modest.evidence).toContain('never sets');
    expect(modest.settings?.applied).toEqual([]);
    await keepFigures(other, modest);
    await apply(other, modest.id);
    expect(await read(other, '/api/user/notifications')).toEqual(before);
    expect((await read(other, '/api/user/preferences')).distanceUnit).toBe('mi');
  });

  it("keeps only links to the backup's own files: others are listed and left out", async () => {
    const user = await receiver();
    const notificationsBefore = await read(user, '/api/user/notifications');
    const file = await crafted(backup, {
      document: (document) => {
        document.user.profileImageUrl = 'https://elsewhere.example/me.png';
        document.vehicles[0].imageUrl = 'https://elsewhere.example/car.png';
        document.repairs[0].fileUrl = 'javascript:alert(document.cookie)';
        document.documents[0].fileUrl = '/uploads/../x';
        document.vehicleImages[0].imageUrl = `/uploads/${'A'.repeat(43)}`;
      },
    });
    const preview = await previewOf(user, file);
    for (const link of [
      'https://elsewhere.example/me.png',
      'https://elsewhere.example/car.png',
      'javascript:alert(document.cookie)',
      '/uploads/../x',
      `/uploads/${'A'.repeat(43)}`,
    ]) {
      expect(preview.problems.map((problem) => problem.reason)).toContain(
        RESTORE_TEXTS.foreignLink(link),
      );
    }
    await apply(user, preview.id);

    const mine = exportDocumentSchema.parse(await read(user, '/api/user/export'));
    const ownFiles = new Set(mine.files.map((stored) => stored.id));
    const links = [
      mine.user?.profileImageUrl ?? null,
      ...mine.vehicles.map((row) => row.imageUrl),
      ...mine.vehicleImages.map((row) => row.imageUrl),
      ...[...mine.maintenance, ...mine.repairs, ...mine.modifications].flatMap((row) => [
        row.fileUrl,
        row.imageUrl,
      ]),
      ...mine.recordImages.map((row) => row.imageUrl),
      ...mine.documents.map((row) => row.fileUrl),
      ...mine.energyEntries.flatMap((row) => [row.fileUrl, row.imageUrl]),
    ].filter((link): link is string => link !== null);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toMatch(/^\/uploads\//);
      expect(ownFiles.has(fileIdFromUrl(link)!), link).toBe(true);
    }
    expect(mine.user?.profileImageUrl).toBeNull();
    // The backup's valid settings are the account's now; where reminders go is not.
    const notifications = await read(user, '/api/user/notifications');
    expect(notifications).toMatchObject({ dueSoonDays: 10, timeZone: 'UTC' });
    for (const destination of ['email', 'ntfy', 'webhook'] as const) {
      expect(notifications[destination]).toEqual(notificationsBefore[destination]);
    }
  });

  it('counts the bytes it reads against the storage, never the sizes the file declares', async () => {
    const user = await receiver();
    const status = subscriptionStatusSchema.parse(await read(user, '/api/subscription/status'));
    // Fill the storage to 50 bytes short of the quota (the size column alone counts).
    let fill = status.storage.quotaBytes - status.storage.usedBytes - 50;
    for (let part = 0; fill > 0; part += 1) {
      const size = Math.min(fill, 2_000_000_000);
      await testApp
        .db()
        .insert(binaryFiles)
        .values({
          id: `filler-${user.id}-${part}-${'x'.repeat(20)}`,
          userId: user.id,
          data: Buffer.from('x'),
          contentType: 'application/pdf',
          size,
        });
      fill -= size;
    }
    const small = await crafted(backup, {
      document: (document) => {
        for (const stored of document.files) stored.size = 1;
      },
    });
    const refused = await uploadRestore(user, small);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toEqual({ message: IMPORT_MESSAGES.backupTooLarge });
    expect(await read(user, '/api/imports')).toEqual([]);

    // A size declared far too large is not taken at its word either: what is read is stored.
    const roomy = await receiver();
    const large = await crafted(backup, {
      document: (document) => {
        for (const stored of document.files) stored.size = 2 ** 40;
      },
    });
    const preview = await previewOf(roomy, large);
    await apply(roomy, preview.id);
    const stored = await testApp
      .db()
      .select({ size: binaryFiles.size, data: binaryFiles.data })
      .from(binaryFiles)
      .where(eq(binaryFiles.userId, roomy.id));
    expect(stored.length).toBe(preview.counts.files);
    for (const row of stored) expect(row.size).toBe(row.data.length);
  });

  it('leaves out a fill-up, a reading or a schedule the create calls would refuse, and the reading of a refused fill-up', async () => {
    const user = await receiver();
    const theirs = exportDocumentSchema.parse(
      JSON.parse(
        (await readZip(backup))
          .find((entry) => entry.name === BACKUP_ENTRIES.data)!
          .bytes.toString('utf8'),
      ),
    );
    const refusedEntry = theirs.energyEntries[0]!;
    const readingOfEntry = theirs.odometerReadings.find(
      (reading) => reading.energyEntryId === refusedEntry.id,
    );
    const file = await crafted(backup, {
      document: (document) => {
        // A negative quantity, which POST /api/vehicles/{id}/energy refuses.
        document.energyEntries[0].quantity = -3;
        // Twenty thousand years between services, past SCHEDULE_LIMITS.maxIntervalMonths.
        document.serviceSchedules[0].intervalMonths = 240_000;
      },
    });
    const preview = await previewOf(user, file);
    expect(preview.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'Fuel and charging', line: 1 }),
        expect.objectContaining({ file: 'Service schedules', line: 1 }),
      ]),
    );
    expect(preview.counts.energy).toBe(theirs.energyEntries.length - 1);
    expect(preview.counts.schedules).toBe(theirs.serviceSchedules.length - 1);
    await apply(user, preview.id);
    const mine = exportDocumentSchema.parse(await read(user, '/api/user/export'));
    expect(mine.energyEntries.some((entry) => entry.quantity < 0)).toBe(false);
    expect(mine.energyEntries).toHaveLength(theirs.energyEntries.length - 1);
    expect(mine.serviceSchedules).toHaveLength(theirs.serviceSchedules.length - 1);
    // The refused fill-up's odometer did not come in as a reading of its own.
    if (readingOfEntry) {
      expect(
        mine.odometerReadings.some(
          (reading) =>
            reading.date === readingOfEntry.date && reading.odometer === readingOfEntry.odometer,
        ),
      ).toBe(false);
    }
  });

  it('leaves out a vehicle or record the create calls would refuse, with what belongs to it', async () => {
    const user = await receiver();
    const theirs = exportDocumentSchema.parse(
      JSON.parse(
        (await readZip(backup))
          .find((entry) => entry.name === BACKUP_ENTRIES.data)!
          .bytes.toString('utf8'),
      ),
    );
    const maintenanceVehicle = theirs.maintenance[0]!.vehicleId;
    const refusedIndex = theirs.vehicles.findIndex((vehicle) => vehicle.id !== maintenanceVehicle);
    const file = await crafted(backup, {
      document: (document) => {
        document.vehicles[refusedIndex].make = 'M'.repeat(5000);
        document.maintenance[0].dueMileage = -5;
      },
    });
    const preview = await previewOf(user, file);
    expect(preview.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'Vehicles',
          line: refusedIndex + 1,
          reason: expect.stringContaining('Make must be at most'),
        }),
        expect.objectContaining({ file: 'Maintenance', line: 1 }),
      ]),
    );
    expect(preview.counts.vehicles).toBe(theirs.vehicles.length - 1);
    expect(preview.counts.maintenance).toBe(theirs.maintenance.length - 1);
    await apply(user, preview.id);
    const mine = exportDocumentSchema.parse(await read(user, '/api/user/export'));
    expect(mine.vehicles.map((vehicle) => vehicle.make)).not.toContain('M'.repeat(5000));
    expect(mine.vehicles).toHaveLength(theirs.vehicles.length - 1);
    expect(mine.maintenance.some((record) => record.dueMileage === -5)).toBe(false);
    // Nothing of the refused vehicle came in on its own.
    const refusedId = theirs.vehicles[refusedIndex]!.id;
    expect(mine.repairs).toHaveLength(
      theirs.repairs.filter((record) => record.vehicleId !== refusedId).length,
    );
  });
});
