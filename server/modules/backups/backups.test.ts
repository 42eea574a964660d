/**
 * The account backup (`GET /api/user/backup`) and the vehicle passport
 * (`GET /api/vehicles/{id}/passport`) on a real database, with a garage built through the real
 * calls and its files uploaded through the real multipart path: each zip read back as an unzip
 * program reads it, its manifest and `data.json` held to the contract's schemas, each file's
 * bytes to what `/uploads/{id}` serves and to its SHA-256, no secret anywhere in it, a passport
 * holding one vehicle's rows and files only, and someone else's vehicle answered 404.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { backupFilePath } from '@contract/backup';
import { backupManifestSchema, exportDocumentSchema } from '@contract/schemas/backup';
import { DEFAULT_PREFERENCES } from '@contract/units';
import { fileIdFromUrl } from '@contract/uploads';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import * as schema from '../../db/schema';
import { binaryFiles, notificationSettings } from '../../db/schema';
import { loggerOptions } from '../../logger';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import {
  type Garage,
  garageCalls,
  LONG_INVOICE,
  NTFY_TOKEN,
  STRIPE_CUSTOMER,
  STRIPE_SUBSCRIPTION,
  WEBHOOK_SECRET,
} from '../../test/garage';
import { makePdf } from '../../test/upload-fixtures';
import { readZip } from '../../test/zip';

const testApp = setUpTestApp();
const { call, ok, upload, buildGarage } = garageCalls(testApp);

let ada: SignedInUser;
let grace: SignedInUser;
let garage: Garage;

beforeAll(async () => {
  // Premium, so that the free plan's vehicle limit never answers first.
  ada = await newUser(testApp, { firstName: 'Ada', plan: 'premium' });
  grace = await newUser(testApp, { firstName: 'Grace' });
  garage = await buildGarage(ada);
  const theirs = await ok(grace, {
    method: 'POST',
    url: '/api/vehicles',
    payload: { year: 1971, make: 'Lamborghini', model: 'Miura' },
  });
  await upload(grace, 'theirs.pdf', makePdf('Not Ada’s invoice'));
  expect(theirs.id).toBeGreaterThan(0);
});

/** A download's zip, read back, with the answer it came in. */
async function downloadZip(user: SignedInUser, url: string) {
  const response = await call(user, { method: 'GET', url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const entries = await readZip(response.rawPayload);
  const byName = new Map(entries.map((entry) => [entry.name, entry.bytes]));
  const json = (name: string) => JSON.parse(byName.get(name)!.toString('utf8'));
  return {
    response,
    entries,
    byName,
    manifest: backupManifestSchema.parse(json('manifest.json')),
    data: exportDocumentSchema.parse(json('data.json')),
  };
}

/** What `/uploads/{id}` serves of a stored file to its owner. */
async function servedBytes(user: SignedInUser, id: string): Promise<Buffer> {
  const response = await call(user, { method: 'GET', url: `/uploads/${id}` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('GET /api/user/backup', () => {
  it('answers one zip of known length: the manifest, data.json and every stored file', async () => {
    const { response, entries, manifest, data } = await downloadZip(ada, '/api/user/backup');
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="garage-ledger-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const storedIds = (
      await testApp
        .db()
        .select({ id: binaryFiles.id })
        .from(binaryFiles)
        .where(eq(binaryFiles.userId, ada.id))
    ).map((row) => row.id);
    expect(storedIds).toHaveLength(garage.civicFiles.length + garage.roadsterFiles.length);
    // The originals only: a photo's thumbnail and display copy are made again by a restore.
    expect(entries.map((entry) => entry.name)).toEqual([
      'manifest.json',
      'data.json',
      ...data.files.map((file) => backupFilePath(file.id)),
    ]);
    expect(new Set(data.files.map((file) => file.id))).toEqual(new Set(storedIds));
    expect(entries.some((entry) => entry.isCompressed)).toBe(false);

    const bytes = data.files.reduce((sum, file) => sum + file.size, 0);
    expect(manifest).toEqual({
      format: 'garage-ledger-backup',
      version: 1,
      scope: 'account',
      createdAt: data.exportedAt,
      exportVersion: 3,
      counts: {
        vehicles: 2,
        energy: 2,
        maintenance: 1,
        repairs: 1,
        modifications: 0,
        odometer: data.odometerReadings.length,
        schedules: 1,
        documents: 1,
        files: storedIds.length,
      },
      files: { count: storedIds.length, bytes },
    });
    expect(bytes).toBeGreaterThan(LONG_INVOICE.length);
  });

  it('holds the document of the account: its schedules, entries, readings and settings', async () => {
    const { data, byName } = await downloadZip(ada, '/api/user/backup');
    expect(byName.get('data.json')!.toString('utf8')).toMatch(
      /^\{\n {2}"format": "garage-ledger-export",\n/,
    );
    expect(data).toMatchObject({
      format: 'garage-ledger-export',
      version: 3,
      user: { id: ada.id, email: ada.email, firstName: 'Ada', subscriptionStatus: 'premium' },
      preferences: DEFAULT_PREFERENCES,
    });
    expect(data.serviceSchedules).toEqual([
      expect.objectContaining({
        id: garage.schedule,
        vehicleId: garage.civic,
        title: 'Oil and filter',
        category: 'Oil Change',
        intervalMonths: 6,
        intervalDistance: 5000,
        lastDoneDate: '2024-03-01',
        lastDoneOdometer: 41_000,
        fixedIntervals: false,
        occurrence: 0,
      }),
    ]);
    // 35.5 L at 1.899 a litre: 67.41.
    expect(data.energyEntries).toContainEqual(
      expect.objectContaining({
        id: garage.fillUp,
        vehicleId: garage.civic,
        date: '2024-03-03',
        odometer: 41_200,
        quantity: 35.5,
        unit: 'L',
        canonicalQuantity: 35.5,
        unitPrice: 1.899,
        totalCost: 67.41,
      }),
    );
    expect(data.odometerReadings).toContainEqual(
      expect.objectContaining({
        id: garage.reading,
        vehicleId: garage.civic,
        date: '2024-03-05',
        odometer: 41_500,
        source: 'manual',
      }),
    );
    expect(data.documents).toEqual([
      expect.objectContaining({ vehicleId: garage.civic, title: 'Insurance', amount: 410 }),
    ]);
    expect(data.notificationSettings).toEqual({
      userId: ada.id,
      emailEnabled: false,
      ntfyUrl: 'http://127.0.0.1:9/garage-topic',
      webhookUrl: 'http://127.0.0.1:9/garage-hook',
      notifyDueSoon: true,
      notifyOverdue: true,
      weeklyDigest: false,
      dueSoonDays: 10,
      dueSoonDistance: 500,
      updatedAt: expect.any(String),
    });
    // Decision 066: the time zone travels with the preferences.
    expect(data.preferences).toMatchObject({ timeZone: 'UTC' });
  });

  it('stores each file as served, with its SHA-256 and its path', async () => {
    const { data, byName } = await downloadZip(ada, '/api/user/backup');
    for (const file of data.files) {
      const bytes = byName.get(backupFilePath(file.id))!;
      expect(file.path).toBe(backupFilePath(file.id));
      expect(file.url).toBe(`/uploads/${file.id}`);
      expect(bytes.equals(await servedBytes(ada, file.id)), file.originalName ?? file.id).toBe(
        true,
      );
      expect(file.sha256).toBe(sha256(bytes));
      expect(file.size).toBe(bytes.length);
    }
    const long = data.files.find((file) => file.originalName === 'repair.pdf')!;
    expect(byName.get(backupFilePath(long.id))!.equals(LONG_INVOICE)).toBe(true);
  });

  it('lets no secret into the zip, and nothing of another user', async () => {
    const { response, entries } = await downloadZip(ada, '/api/user/backup');
    const [settings] = await testApp
      .db()
      .select({ unsubscribeKey: notificationSettings.unsubscribeKey })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, ada.id));
    const [graces] = await testApp
      .db()
      .select({ id: binaryFiles.id })
      .from(binaryFiles)
      .where(eq(binaryFiles.userId, grace.id));
    const secrets = {
      password: ada.password,
      'password hash': '$argon2',
      'session token': ada.token,
      'ntfy token': NTFY_TOKEN,
      'webhook secret': WEBHOOK_SECRET,
      'unsubscribe key': settings!.unsubscribeKey,
      'Stripe customer': STRIPE_CUSTOMER,
      'Stripe subscription': STRIPE_SUBSCRIPTION,
      "another user's vehicle": 'Lamborghini',
      "another user's e-mail": grace.email,
      "another user's file": graces!.id,
    };
    const found = Object.entries(secrets).flatMap(([name, secret]) =>
      [response.rawPayload, ...entries.map((entry) => entry.bytes)].some((bytes) =>
        bytes.includes(secret),
      )
        ? [name]
        : [],
    );
    expect(found).toEqual([]);
    const text = entries.map((entry) => entry.bytes.toString('utf8')).join('\n');
    expect(text).not.toMatch(/passwordHash|stripe|oidcSubject|unsubscribeKey|digestDueAt/i);
  });

  it('answers a HEAD with the length and no body, and 401 signed out', async () => {
    const full = await call(ada, { method: 'GET', url: '/api/user/backup' });
    const head = await call(ada, { method: 'HEAD', url: '/api/user/backup' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
    const signedOut = await call(null, { method: 'GET', url: '/api/user/backup' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/vehicles/{id}/passport', () => {
  it("holds one vehicle's rows and the files they point at, and no account", async () => {
    const { response, byName, manifest, data } = await downloadZip(
      ada,
      `/api/vehicles/${garage.civic}/passport`,
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="garage-ledger-passport-2018-honda-civic-type-r-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(manifest).toMatchObject({
      scope: 'vehicle',
      counts: { vehicles: 1, energy: 1, maintenance: 1, repairs: 0, schedules: 1, documents: 1 },
      files: { count: garage.civicFiles.length },
    });

    expect(data.user).toBeNull();
    expect(data.notificationSettings).toBeNull();
    expect(data.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(data.vehicles.map((vehicle) => [vehicle.id, vehicle.model])).toEqual([
      [garage.civic, 'Civic Type R'],
    ]);
    const vehicleRows = [
      ...data.vehicleImages,
      ...data.maintenance,
      ...data.repairs,
      ...data.modifications,
      ...data.documents,
      ...data.energyEntries,
      ...data.odometerReadings,
      ...data.serviceSchedules,
    ];
    expect(vehicleRows.length).toBeGreaterThan(6);
    expect(vehicleRows.every((row) => row.vehicleId === garage.civic)).toBe(true);
    expect(data.recordImages).toEqual([
      expect.objectContaining({ recordType: 'maintenance', recordId: data.maintenance[0]!.id }),
    ]);
    expect(data.serviceSchedules.map((schedule) => schedule.id)).toEqual([garage.schedule]);

    expect(new Set(data.files.map((file) => file.id))).toEqual(new Set(garage.civicFiles));
    expect([...byName.keys()].sort()).toEqual(
      ['manifest.json', 'data.json', ...garage.civicFiles.map(backupFilePath)].sort(),
    );
    for (const id of garage.civicFiles) {
      expect(byName.get(backupFilePath(id))!.equals(await servedBytes(ada, id))).toBe(true);
    }
    const zipText = response.rawPayload.toString('latin1');
    for (const foreign of [...garage.roadsterFiles, 'Mazda', 'Roadster brakes', ada.email]) {
      expect(zipText).not.toContain(foreign);
    }
  });

  it("answers 404 for another user's vehicle and a missing one, as everywhere", async () => {
    const theirs = await call(grace, {
      method: 'GET',
      url: `/api/vehicles/${garage.civic}/passport`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Vehicle not found' });
    const missing = await call(ada, { method: 'GET', url: '/api/vehicles/2147483000/passport' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Vehicle not found' });
    const notAnId = await call(ada, { method: 'GET', url: '/api/vehicles/civic/passport' });
    expect(notAnId.statusCode).toBe(400);
  });
});

describe('GET /api/user/export, format version 3', () => {
  it("is the backup's data.json: schedules, settings without secrets, files with their digest", async () => {
    const response = await call(ada, { method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(200);
    const document = exportDocumentSchema.parse(response.json());
    expect(document.version).toBe(3);
    const { data } = await downloadZip(ada, '/api/user/backup');
    expect({ ...document, exportedAt: '' }).toEqual({ ...data, exportedAt: '' });
    for (const secret of [NTFY_TOKEN, WEBHOOK_SECRET, STRIPE_CUSTOMER]) {
      expect(response.body).not.toContain(secret);
    }
  });
});

describe('over a real connection', () => {
  // Pausing, hanging up and a socket's backpressure exist only on a socket, not through inject.
  const MB = 1024 * 1024;
  /** A scanned document's worth of bytes that do not compress, behind a PDF header. */
  const bigPdf = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), crypto.randomBytes(8 * MB)]);
  let app: App;
  let port: number;
  let linus: SignedInUser;
  let bigPdfUrl: string;
  const logLines: Array<{ level: number; msg?: string }> = [];
  /** Bytes the server asked the database for in slices, by the length each slice query names. */
  let slicedBytes = 0;

  beforeAll(async () => {
    linus = await newUser(testApp, { firstName: 'Linus' });
    bigPdfUrl = await upload(linus, 'scan.pdf', bigPdf);
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

  /** Starts the backup's download and answers its response once the first bytes came, paused. */
  function startBackup() {
    return new Promise<{ response: http.IncomingMessage; received: () => number }>(
      (resolve, reject) => {
        const request = http.get({
          host: '127.0.0.1',
          port,
          path: '/api/user/backup',
          headers: { cookie: linus.cookie },
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
    expect((await app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
    // Every pool connection was given back.
    await expect.poll(() => testApp.database.pool.idleCount).toBe(testApp.database.pool.totalCount);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  }

  it('reads the files only as fast as a paused client takes, and stops when it hangs up', async () => {
    slicedBytes = 0;
    const { response, received } = await startBackup();
    expect(Number(response.headers['content-length'])).toBeGreaterThan(bigPdf.length);
    // The socket's buffers fill (a few MB on loopback), then the reading stops short of the file.
    let whilePaused = -1;
    for (let tries = 0; tries < 25 && slicedBytes !== whilePaused; tries += 1) {
      whilePaused = slicedBytes;
      await sleep(200);
    }
    await sleep(300);
    expect(slicedBytes).toBe(whilePaused);
    expect(whilePaused).toBeLessThan(bigPdf.length);
    expect(received()).toBeLessThan(bigPdf.length);

    response.destroy();
    await sleep(200);
    expect(slicedBytes).toBe(whilePaused);
    await expectServerHealthy();
  });

  it('cuts the zip short when a file is deleted meanwhile, and keeps serving', async () => {
    const { response, received } = await startBackup();
    const promised = Number(response.headers['content-length']);
    await testApp
      .db()
      .delete(binaryFiles)
      .where(eq(binaryFiles.id, fileIdFromUrl(bigPdfUrl)!));
    const ended = new Promise<string>((resolve) => {
      response.on('end', () => resolve('complete'));
      response.on('aborted', () => resolve('aborted'));
      response.on('error', () => resolve('aborted'));
    });
    response.resume();
    expect(await ended).toBe('aborted');
    expect(received()).toBeLessThan(promised);
    await expectServerHealthy();
    // The next backup is whole again, without the file.
    const next = await call(linus, { method: 'GET', url: '/api/user/backup' });
    expect((await readZip(next.rawPayload)).map((entry) => entry.name)).toEqual([
      'manifest.json',
      'data.json',
    ]);
  });
});
