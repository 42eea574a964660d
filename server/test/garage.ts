/**
 * A garage with a row and a file of every kind, built through the real calls and the real
 * multipart path: what the backup, passport and restore tests take away and bring back.
 */
import { fileIdFromUrl } from '@contract/uploads';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { documents, users } from '../db/schema';
import type { setUpTestApp } from './app';
import type { SignedInUser } from './auth';
import { newRecord } from './factory';
import { makeJpeg, makePdf, multipartBody, type Part } from './upload-fixtures';

export const NTFY_TOKEN = 'tk_backup_ntfy_token_never_in_a_file';
export const WEBHOOK_SECRET = 'backup-webhook-secret-never-in-a-file';
export const STRIPE_CUSTOMER = 'cus_backup_never_in_a_file';
export const STRIPE_SUBSCRIPTION = 'sub_backup_never_in_a_file';
/** Past one 128 KB slice of a stored file's reads, so the zip takes it in several. */
export const LONG_INVOICE = makePdf(`Invoice ${'0123456789'.repeat(30_000)}`);

/** The calls of `testApp` as a signed-in user makes them, and the garage built with them. */
export function garageCalls(testApp: ReturnType<typeof setUpTestApp>) {
  const as = (user: SignedInUser) => ({ cookie: user.cookie });

  async function call(user: SignedInUser | null, options: InjectOptions) {
    return testApp.inject({
      ...options,
      headers: { ...options.headers, ...(user ? as(user) : {}) },
    });
  }

  async function ok(user: SignedInUser, options: InjectOptions, status = 201) {
    const response = await call(user, options);
    expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(status);
    return response.json();
  }

  function postMultipart(user: SignedInUser, url: string, parts: Part[]) {
    const { payload, contentType } = multipartBody(parts);
    return call(user, { method: 'POST', url, payload, headers: { 'content-type': contentType } });
  }

  /** `POST /api/upload` of one file; answers its URL. */
  async function upload(user: SignedInUser, filename: string, data: Buffer): Promise<string> {
    const { payload, contentType } = multipartBody([{ name: 'files', filename, data }]);
    const answer = await ok(
      user,
      { method: 'POST', url: '/api/upload', payload, headers: { 'content-type': contentType } },
      200,
    );
    return answer.fileUrls[0];
  }

  /** A vehicle through `POST /api/vehicles`, with its primary photo through the image call. */
  async function newVehicleWithPhoto(
    user: SignedInUser,
    vehicle: { year: number; make: string; model: string; mileage?: number },
  ) {
    const created = await ok(user, { method: 'POST', url: '/api/vehicles', payload: vehicle });
    const { payload, contentType } = multipartBody([
      { name: 'vehicleId', value: String(created.id) },
      { name: 'isPrimary', value: 'true' },
      { name: 'image', filename: 'front.jpg', contentType: 'image/jpeg', data: await makeJpeg() },
    ]);
    const image = await ok(user, {
      method: 'POST',
      url: '/api/vehicle-images',
      payload,
      headers: { 'content-type': contentType },
    });
    return { id: created.id as number, photoUrl: image.imageUrl as string };
  }

  /**
   * Two vehicles with files of every kind a row points at: a photo of each, a maintenance record
   * with a PDF and a photo, a repair with a long PDF, a fill-up with a receipt, an odometer reading,
   * a schedule and a document of the first; notification settings with a token and a secret.
   */
  async function buildGarage(user: SignedInUser) {
    const civic = await newVehicleWithPhoto(user, {
      year: 2018,
      make: 'Honda',
      model: 'Civic Type R',
      mileage: 40_000,
    });
    const roadster = await newVehicleWithPhoto(user, { year: 1990, make: 'Mazda', model: 'MX-5' });

    const serviceInvoice = await upload(user, 'service.pdf', makePdf('Oil change invoice'));
    const maintenance = await newRecord(testApp, user, 'maintenance', {
      vehicleId: civic.id,
      category: 'Oil Change',
      title: 'First oil change',
      cost: 89.99,
      date: '2024-03-01',
      odometer: 41_000,
      fileUrl: serviceInvoice,
    });
    const recordPhoto = await postMultipart(
      user,
      `/api/record-images/maintenance/${maintenance.id}`,
      [
        { name: 'caption', value: 'Old filter' },
        {
          name: 'image',
          filename: 'filter.jpg',
          contentType: 'image/jpeg',
          data: await makeJpeg(),
        },
      ],
    );
    expect(recordPhoto.statusCode, recordPhoto.body).toBe(201);
    const receipt = await upload(user, 'receipt.jpg', await makeJpeg({ width: 40, height: 60 }));
    const fillUp = await ok(user, {
      method: 'POST',
      url: `/api/vehicles/${civic.id}/energy`,
      payload: {
        date: '2024-03-03',
        odometer: 41_200,
        energy: 'gasoline',
        unit: 'L',
        quantity: 35.5,
        unitPrice: 1.899,
        imageUrl: receipt,
      },
    });
    const reading = await ok(user, {
      method: 'POST',
      url: `/api/vehicles/${civic.id}/odometer`,
      payload: { date: '2024-03-05', odometer: 41_500 },
    });
    const schedule = await ok(user, {
      method: 'POST',
      url: `/api/vehicles/${civic.id}/schedules`,
      payload: {
        title: 'Oil and filter',
        category: 'Oil Change',
        intervalMonths: 6,
        intervalDistance: 5000,
        lastDoneDate: '2024-03-01',
        lastDoneOdometer: 41_000,
      },
    });
    // No call creates documents yet: the row is inserted, pointing at an uploaded PDF.
    const insurance = await upload(user, 'insurance.pdf', makePdf('Insurance certificate'));
    await testApp.db().insert(documents).values({
      userId: user.id,
      vehicleId: civic.id,
      title: 'Insurance',
      type: 'insurance',
      fileUrl: insurance,
      amount: '410.00',
      date: '2024-01-15',
    });

    const repairInvoice = await upload(user, 'repair.pdf', LONG_INVOICE);
    await newRecord(testApp, user, 'repair', {
      vehicleId: roadster.id,
      category: 'Brakes',
      title: 'Roadster brakes',
      cost: 320,
      fileUrl: repairInvoice,
    });
    await ok(user, {
      method: 'POST',
      url: `/api/vehicles/${roadster.id}/energy`,
      payload: { date: '2024-04-01', energy: 'gasoline', quantity: 10, unitPrice: 3.5 },
    });

    await ok(
      user,
      {
        method: 'PATCH',
        url: '/api/user/notifications',
        payload: {
          ntfy: { url: 'http://127.0.0.1:9/garage-topic', token: NTFY_TOKEN },
          webhook: { url: 'http://127.0.0.1:9/garage-hook', secret: WEBHOOK_SECRET },
          dueSoonDays: 10,
        },
      },
      200,
    );
    await testApp
      .db()
      .update(users)
      .set({ stripeCustomerId: STRIPE_CUSTOMER, stripeSubscriptionId: STRIPE_SUBSCRIPTION })
      .where(eq(users.id, user.id));

    const idOf = (url: string) => fileIdFromUrl(url)!;
    return {
      civic: civic.id,
      roadster: roadster.id,
      schedule: schedule.id as number,
      fillUp: fillUp.id as number,
      reading: reading.id as number,
      civicFiles: [
        civic.photoUrl,
        serviceInvoice,
        recordPhoto.json().imageUrl as string,
        receipt,
        insurance,
      ].map(idOf),
      roadsterFiles: [roadster.photoUrl, repairInvoice].map(idOf),
    };
  }

  return { as, call, ok, postMultipart, upload, newVehicleWithPhoto, buildGarage };
}

export type Garage = Awaited<ReturnType<ReturnType<typeof garageCalls>['buildGarage']>>;
