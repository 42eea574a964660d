/**
 * Restoring backups and passports (decision 055) on a real database, the round trip first: a
 * garage with every kind of row and file backed up, restored into a new account, backed up
 * again, and the two backups equal but for ids, whose they are and where reminders go (never
 * restored, decision 062); the same backup again adds nothing; a damaged or foreign zip changes
 * nothing; a passport becomes another account's vehicle with its whole history; undo takes a
 * restore back out. Crafted files are in restores-hostile.test.ts.
 */
import crypto from 'node:crypto';
import type { ExportDocument } from '@contract/backup';
import { IMPORT_MESSAGES, RESTORE_TEXTS } from '@contract/imports';
import { exportDocumentSchema } from '@contract/schemas/backup';
import { importPreviewSchema, importResultSchema } from '@contract/schemas/imports';
import { fileIdFromUrl } from '@contract/uploads';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { binaryFiles, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { type Garage, garageCalls } from '../../test/garage';
import { multipartBody } from '../../test/upload-fixtures';
import { readZip } from '../../test/zip';

const testApp = setUpTestApp();
const { call, buildGarage } = garageCalls(testApp);

async function download(user: SignedInUser, url: string): Promise<Buffer> {
  const response = await call(user, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

function uploadRestore(user: SignedInUser, zip: Buffer, filename = 'backup.zip') {
  const { payload, contentType } = multipartBody([{ name: 'file', filename, data: zip }]);
  return call(user, {
    method: 'POST',
    url: '/api/user/restore',
    payload,
    headers: { 'content-type': contentType },
  });
}

/** `PATCH /api/imports/{id}` of a restore: the rate chosen for the backup's currency. */
async function chooseRates(user: SignedInUser, id: number, currencyRates: Record<string, string>) {
  const chosen = await call(user, {
    method: 'PATCH',
    url: `/api/imports/${id}`,
    payload: { currencyRates },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return importPreviewSchema.parse(chosen.json());
}

/** Restores `zip`: previewed, the rates given chosen (when the backup asks), applied. */
async function restore(user: SignedInUser, zip: Buffer, currencyRates?: Record<string, string>) {
  const previewed = await uploadRestore(user, zip);
  expect(previewed.statusCode, previewed.body).toBe(201);
  const preview = importPreviewSchema.parse(previewed.json());
  if (currencyRates) await chooseRates(user, preview.id, currencyRates);
  const applied = await call(user, {
    method: 'POST',
    url: `/api/user/restore/${preview.id}/apply`,
  });
  expect(applied.statusCode, applied.body).toBe(200);
  return { preview, result: importResultSchema.parse(applied.json()) };
}

/** The backup's document and its files' bytes by their id. */
async function contentsOf(zip: Buffer) {
  const entries = await readZip(zip);
  const document = exportDocumentSchema.parse(
    JSON.parse(entries.find((entry) => entry.name === 'data.json')!.bytes.toString('utf8')),
  );
  const bytes = new Map(
    entries
      .filter((entry) => entry.name.startsWith('files/'))
      .map((entry) => [entry.name.slice('files/'.length), entry.bytes]),
  );
  return { document, bytes };
}

async function vehicleCountOf(user: SignedInUser): Promise<number> {
  const [row] = await testApp
    .db()
    .select({ n: count() })
    .from(vehicles)
    .where(eq(vehicles.userId, user.id));
  return row!.n;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * A document as its content: every row without its ids and owner, each link to another row as
 * that row's moment of creation (kept by a restore), each file as its bytes' SHA-256. Two
 * documents of the same garage in two accounts read the same.
 */
function asContent(document: ExportDocument, bytes: Map<string, Buffer>) {
  const fileOf = (url: string | null) => {
    const id = fileIdFromUrl(url);
    return id ? sha256(bytes.get(id)!) : url;
  };
  const addedAtOf = (rows: { id: number; addedAt: string }[]) =>
    new Map(rows.map((row) => [row.id, row.addedAt]));
  const vehiclesAt = addedAtOf(document.vehicles);
  const schedulesAt = addedAtOf(document.serviceSchedules);
  const energyAt = addedAtOf(document.energyEntries);
  const recordsAt = new Map<string, string>([
    ...document.maintenance.map((row) => [`maintenance:${row.id}`, row.addedAt] as const),
    ...document.repairs.map((row) => [`repair:${row.id}`, row.addedAt] as const),
    ...document.modifications.map((row) => [`modification:${row.id}`, row.addedAt] as const),
  ]);
  const content = (row: Record<string, unknown>) => {
    const { id: _id, userId: _userId, importId: _importId, ...rest } = row;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key === 'imageUrl' || key === 'fileUrl' || key === 'profileImageUrl') {
        out[key] = fileOf(value as string | null);
      } else if (key === 'vehicleId') {
        out[key] = value === null ? null : vehiclesAt.get(value as number);
      } else if (key === 'scheduleId') {
        out[key] = value === null ? null : schedulesAt.get(value as number);
      } else if (key === 'energyEntryId') {
        out[key] = value === null ? null : energyAt.get(value as number);
      } else if (key === 'recordId') {
        out[key] = value === null ? null : recordsAt.get(`${row.recordType}:${value}`);
      } else {
        out[key] = value;
      }
    }
    return JSON.stringify(out);
  };
  const sorted = (rows: readonly object[]) =>
    rows.map((row) => content(row as Record<string, unknown>)).sort();
  return {
    preferences: document.preferences,
    theme: document.user?.theme,
    dashboardLayout: document.user?.dashboardLayout,
    // Where reminders go is never restored (decision 062): compared apart.
    notificationSettings: document.notificationSettings
      ? {
          ...document.notificationSettings,
          userId: null,
          updatedAt: null,
          emailEnabled: null,
          ntfyUrl: null,
          webhookUrl: null,
        }
      : null,
    vehicles: sorted(document.vehicles),
    vehicleImages: sorted(document.vehicleImages),
    maintenance: sorted(document.maintenance),
    repairs: sorted(document.repairs),
    modifications: sorted(document.modifications),
    recordImages: sorted(document.recordImages),
    documents: sorted(document.documents),
    energyEntries: sorted(document.energyEntries),
    odometerReadings: sorted(document.odometerReadings),
    serviceSchedules: sorted(document.serviceSchedules),
    files: document.files
      .map((file) => JSON.stringify([file.sha256, file.contentType, file.originalName, file.size]))
      .sort(),
    bytes: [...bytes.values()].map(sha256).sort(),
  };
}

let ada: SignedInUser;
let garage: Garage;
let backup: Buffer;

beforeAll(async () => {
  ada = await newUser(testApp, { plan: 'premium' });
  garage = await buildGarage(ada);
  const preferences = await call(ada, {
    method: 'PATCH',
    url: '/api/user/preferences',
    payload: { distanceUnit: 'km', volumeUnit: 'L', currency: 'EUR' },
  });
  expect(preferences.statusCode, preferences.body).toBe(200);
  backup = await download(ada, '/api/user/backup');
}, 60_000);

describe('restore', () => {
  it('gives a new account back every row and every file byte for byte: its backup equals the first', async () => {
    const grace = await newUser(testApp, { plan: 'premium' });
    const { preview, result } = await restore(grace, backup);
    expect(preview).toMatchObject({ kind: 'restore', status: 'preview', needsChoice: [] });
    expect(preview.counts).toMatchObject({
      vehicles: 2,
      energy: 2,
      maintenance: 1,
      repairs: 1,
      // The Civic's mileage when it was added (40,000) and the reading entered alone (41,500).
      odometer: 2,
      schedules: 1,
      documents: 1,
      photos: 3,
      files: 7,
    });
    expect(result.added).toEqual(preview.counts);

    const again = await download(grace, '/api/user/backup');
    const first = await contentsOf(backup);
    const second = await contentsOf(again);
    expect(asContent(second.document, second.bytes)).toEqual(
      asContent(first.document, first.bytes),
    );
    expect(first.document.notificationSettings).toMatchObject({
      ntfyUrl: expect.any(String),
      webhookUrl: expect.any(String),
    });
    expect(second.document.notificationSettings).toMatchObject({
      emailEnabled: false,
      ntfyUrl: null,
      webhookUrl: null,
    });
    expect(second.document.vehicles.map((vehicle) => vehicle.mileage).sort()).toEqual(
      first.document.vehicles.map((vehicle) => vehicle.mileage).sort(),
    );
    // The restored photo is served, with the copies made for lists.
    const photo = second.document.vehicleImages[0]!;
    const thumbnail = await call(grace, { method: 'GET', url: `${photo.imageUrl}/thumbnail` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    // The same backup again finds everything there and adds nothing.
    const twice = await restore(grace, backup);
    expect(twice.preview.counts).toMatchObject({
      vehicles: 0,
      energy: 0,
      maintenance: 0,
      files: 0,
      photos: 0,
    });
    expect(twice.preview.existing).toMatchObject({
      vehicles: 2,
      energy: 2,
      maintenance: 1,
      repairs: 1,
      odometer: 2,
      schedules: 1,
      documents: 1,
      photos: 3,
    });
    expect(Object.values(twice.result.added).every((n) => n === 0)).toBe(true);

    // Undo takes the first restore back out, files with it.
    const undone = await call(grace, { method: 'DELETE', url: `/api/imports/${preview.id}` });
    expect(undone.statusCode, undone.body).toBe(200);
    const [left] = await testApp
      .db()
      .select({ n: count() })
      .from(vehicles)
      .where(eq(vehicles.userId, grace.id));
    expect(left!.n).toBe(0);
    const [files] = await testApp
      .db()
      .select({ n: count() })
      .from(binaryFiles)
      .where(eq(binaryFiles.userId, grace.id));
    expect(files!.n).toBe(0);
  });

  it('applied twice at once, adds its rows once: the second apply finds it applied', async () => {
    const user = await newUser(testApp, { plan: 'premium' });
    const previewed = await uploadRestore(user, backup);
    const { id, counts } = importPreviewSchema.parse(previewed.json());
    const answers = await Promise.all(
      [1, 2].map(() => call(user, { method: 'POST', url: `/api/user/restore/${id}/apply` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [mine] = await testApp
      .db()
      .select({ n: count() })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    expect(mine!.n).toBe(counts.vehicles);
  });

  it('restored into the account it came from, adds nothing', async () => {
    const { preview } = await restore(ada, backup);
    expect(Object.values(preview.counts).every((n) => n === 0)).toBe(true);
  });

  it('refuses a damaged or foreign zip with a reason, and changes nothing', async () => {
    const user = await newUser(testApp, { plan: 'premium' });
    const truncated = await uploadRestore(user, backup.subarray(0, Math.floor(backup.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: IMPORT_MESSAGES.notBackup });

    const foreign = new yazl.ZipFile();
    foreign.addBuffer(Buffer.from('Date,Odometer\n'), 'fuel.csv');
    foreign.end();
    const chunks: Buffer[] = [];
    for await (const chunk of foreign.outputStream) chunks.push(chunk as Buffer);
    const notOurs = await uploadRestore(user, Buffer.concat(chunks));
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json()).toEqual({ message: IMPORT_MESSAGES.notBackup });

    // A file whose bytes are not those its checksum names: damaged, nothing kept.
    const entries = await readZip(backup);
    const tampered = new yazl.ZipFile();
    for (const entry of entries) {
      const bytes = entry.name.startsWith('files/')
        ? Buffer.concat([entry.bytes, Buffer.from('x')])
        : entry.bytes;
      tampered.addBuffer(bytes, entry.name);
    }
    tampered.end();
    const parts: Buffer[] = [];
    for await (const chunk of tampered.outputStream) parts.push(chunk as Buffer);
    const damaged = await uploadRestore(user, Buffer.concat(parts));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toEqual({ message: IMPORT_MESSAGES.damaged });

    const imports = await call(user, { method: 'GET', url: '/api/imports' });
    expect(imports.json()).toEqual([]);
    expect(await vehicleCountOf(user)).toBe(0);
  });

  it("makes a passport another account's vehicle with its whole history, and nothing else of the first", async () => {
    const buyer = await newUser(testApp, { plan: 'premium' });
    const passport = await download(ada, `/api/vehicles/${garage.civic}/passport`);
    // Ada keeps her garage in euros, the buyer in dollars: the figures kept as they are.
    const { result } = await restore(buyer, passport, { EUR: 'keep' });
    expect(result.added).toMatchObject({
      vehicles: 1,
      maintenance: 1,
      energy: 1,
      odometer: 2,
      schedules: 1,
      documents: 1,
      photos: 2,
      repairs: 0,
    });
    const theirs = await contentsOf(await download(buyer, '/api/user/backup'));
    expect(theirs.document.vehicles.map((vehicle) => vehicle.model)).toEqual(['Civic Type R']);
    // A passport is a vehicle's: the buyer's own settings stay theirs.
    expect(theirs.document.preferences.currency).toBe('USD');
    expect(theirs.document.notificationSettings).toBeNull();
  });

  it('asks how to convert a passport in another currency, and converts every amount exactly', async () => {
    const buyer = await newUser(testApp, { plan: 'premium' });
    const passport = await download(ada, `/api/vehicles/${garage.civic}/passport`);
    const previewed = await uploadRestore(buyer, passport);
    expect(previewed.statusCode, previewed.body).toBe(201);
    const preview = importPreviewSchema.parse(previewed.json());
    // Ada's amounts are in euros, the buyer's account in dollars: asked, never relabelled.
    expect(preview).toMatchObject({
      currency: 'USD',
      foreignCurrencies: [{ currency: 'EUR', rate: null }],
      needsChoice: ['currencyRates'],
    });
    const early = await call(buyer, {
      method: 'POST',
      url: `/api/user/restore/${preview.id}/apply`,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(IMPORT_MESSAGES.chooseRateBeforeRestoring);
    expect(await vehicleCountOf(buyer)).toBe(0);

    // Only the backup's currency can be given a rate, and nothing else of a backup is chosen.
    const otherCurrency = await call(buyer, {
      method: 'PATCH',
      url: `/api/imports/${preview.id}`,
      payload: { currencyRates: { GBP: '1.2' } },
    });
    expect(otherCurrency.statusCode).toBe(400);
    expect(otherCurrency.json().message).toBe(IMPORT_MESSAGES.unknownCurrency);
    const otherChoice = await call(buyer, {
      method: 'PATCH',
      url: `/api/imports/${preview.id}`,
      payload: { dateFormat: 'DMY' },
    });
    expect(otherChoice.statusCode).toBe(400);
    expect(otherChoice.json().message).toBe(IMPORT_MESSAGES.restoreTakesOnlyRates);

    const chosen = await chooseRates(buyer, preview.id, { EUR: '1.1' });
    expect(chosen).toMatchObject({
      foreignCurrencies: [{ currency: 'EUR', rate: '1.1' }],
      needsChoice: [],
    });
    const again = await call(buyer, { method: 'GET', url: `/api/imports/${preview.id}` });
    expect(again.json()).toMatchObject({ foreignCurrencies: [{ currency: 'EUR', rate: '1.1' }] });
    const applied = await call(buyer, {
      method: 'POST',
      url: `/api/user/restore/${preview.id}/apply`,
    });
    expect(applied.statusCode, applied.body).toBe(200);

    const { document } = await contentsOf(await download(buyer, '/api/user/backup'));
    expect(document.preferences.currency).toBe('USD');
    // The oil change: €89.99 × 1.1 = 98.989 → $98.99.
    expect(document.maintenance.map((record) => record.cost)).toEqual([98.99]);
    // The fill-up: 35.5 L × €1.899 = €67.4145, stored €67.41; × 1.1 = 74.151 → $74.15. Its
    // price per litre: €1.899 × 1.1 = 2.0889 → $2.089 (three places, as a typed price).
    expect(document.energyEntries.map((entry) => [entry.totalCost, entry.unitPrice])).toEqual([
      [74.15, 2.089],
    ]);
    // The insurance document: €410.00 × 1.1 = $451.00.
    expect(document.documents.map((row) => row.amount)).toEqual([451]);
  });

  it('restores a whole backup in its currency into an empty account, and asks in one that has a garage', async () => {
    // Empty: the account takes the backup's euros with its figures.
    const newcomer = await newUser(testApp, { plan: 'premium' });
    const { preview: adopted } = await restore(newcomer, backup);
    expect(adopted).toMatchObject({ currency: 'EUR', foreignCurrencies: [], needsChoice: [] });
    expect(adopted.settings!.applied).toContain(RESTORE_TEXTS.settings.currency);
    const theirs = await contentsOf(await download(newcomer, '/api/user/backup'));
    expect(theirs.document.preferences.currency).toBe('EUR');
    expect(theirs.document.maintenance.map((record) => record.cost)).toEqual([89.99]);

    // A garage in dollars already: the account keeps its currency, the euros are asked about.
    const owner = await newUser(testApp, { plan: 'premium' });
    await call(owner, {
      method: 'POST',
      url: '/api/vehicles',
      payload: { year: 2015, make: 'Ford', model: 'Focus' },
    });
    const previewed = await uploadRestore(owner, backup);
    const preview = importPreviewSchema.parse(previewed.json());
    expect(preview).toMatchObject({
      currency: 'USD',
      foreignCurrencies: [{ currency: 'EUR', rate: null }],
      needsChoice: ['currencyRates'],
    });
    expect(preview.settings!.leftToYou).toContain(RESTORE_TEXTS.settings.currency);
    expect(preview.settings!.applied).not.toContain(RESTORE_TEXTS.settings.currency);
    await chooseRates(owner, preview.id, { EUR: 'keep' });
    const applied = await call(owner, {
      method: 'POST',
      url: `/api/user/restore/${preview.id}/apply`,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const mine = await contentsOf(await download(owner, '/api/user/backup'));
    expect(mine.document.preferences.currency).toBe('USD');
    // Kept as they are, as the user chose.
    expect(mine.document.maintenance.map((record) => record.cost)).toEqual([89.99]);
  });

  it('is signed-in only, and one user cannot apply or see another user’s restore', async () => {
    const user = await newUser(testApp, { plan: 'premium' });
    const previewed = await uploadRestore(user, backup);
    const { id } = importPreviewSchema.parse(previewed.json());
    const other = await newUser(testApp, { plan: 'premium' });
    for (const request of [
      { method: 'POST' as const, url: `/api/user/restore/${id}/apply` },
      { method: 'GET' as const, url: `/api/imports/${id}` },
      { method: 'DELETE' as const, url: `/api/imports/${id}` },
    ]) {
      const response = await call(other, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const signedOut = await call(null, { method: 'POST', url: `/api/user/restore/${id}/apply` });
    expect(signedOut.statusCode).toBe(401);
    // The owner still sees it waiting.
    const mine = await call(user, { method: 'GET', url: `/api/imports/${id}` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(importPreviewSchema.parse(mine.json()).counts.vehicles).toBe(2);
  });
});
