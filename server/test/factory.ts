/**
 * The data API tests start from, made one way: users through the real registration call (a test
 * needs their session), records and energy entries through the real create calls (a test reads
 * what they answer), and vehicles and bulk rows (records, energy entries, odometer readings)
 * inserted straight into the database, which skips the plan limit on purpose so that a free
 * user's garage can hold whatever a test needs. `postVehicle` is the vehicle create call itself,
 * for the tests of the plan limit that read its answer.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { energyEntrySchema } from '@contract/schemas/energy';
import { recordSchema } from '@contract/schemas/records';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { RECORD_TABLES } from '../db/record-tables';
import { energyEntries, type maintenance, odometerReadings, users, vehicles } from '../db/schema';
import { type SignedInUser, sessionCookieFrom, uniqueEmail } from './auth';
import type { TestDatabase } from './database';

/** What the factories need of a test app: its app for calls, its database for rows. */
type CallableApp = { app: FastifyInstance };
type AppWithDatabase = { database: TestDatabase };

/** The plans a test user can start on. */
type TestPlan = 'free' | 'premium';

/**
 * A user signed in through `POST /api/register`, with its session cookie; `plan: 'premium'`
 * leaves them on the Premium plan as a payment would (which needs the app's database).
 */
export async function newUser(
  testApp: CallableApp & Partial<AppWithDatabase>,
  {
    plan = 'free',
    ...overrides
  }: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    plan: TestPlan;
  }> = {},
): Promise<SignedInUser> {
  const payload = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct horse',
    authType: 'local',
    ...overrides,
  };
  const response = await testApp.app.inject({ method: 'POST', url: '/api/register', payload });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const token = sessionCookieFrom(response.headers['set-cookie']);
  const id: number = response.json().id;
  if (plan === 'premium') {
    if (!testApp.database) throw new Error('a Premium test user needs the app’s database');
    await testApp.database.db
      .update(users)
      .set({ subscriptionStatus: 'premium', subscriptionExpiresAt: null })
      .where(eq(users.id, id));
  }
  return {
    id,
    email: payload.email,
    password: payload.password,
    token,
    cookie: `gl_session=${token}`,
  };
}

/** `GET /api/user` as the session of `cookie` answers it (expected 200). */
export async function readUser(testApp: CallableApp, cookie: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

type VehicleValues = Partial<typeof vehicles.$inferInsert>;

/**
 * A 2019 Honda Civic of the user (or the car `values` describe), inserted; answers its id. A
 * mileage comes with the reading it is (decision 050), dated the day the vehicle is added, as the
 * migration dated the mileages vehicles had.
 */
export async function newVehicle(
  testApp: AppWithDatabase,
  user: { id: number },
  values: VehicleValues = {},
): Promise<number> {
  const [row] = await testApp.database.db
    .insert(vehicles)
    .values({ year: 2019, make: 'Honda', model: 'Civic', ...values, userId: user.id })
    .returning({ id: vehicles.id, addedAt: vehicles.addedAt });
  if (values.mileage !== undefined && values.mileage !== null) {
    await insertReadings(testApp, user, row!.id, [
      { date: row!.addedAt.toISOString().slice(0, 10), odometer: values.mileage },
    ]);
  }
  return row!.id;
}

/** `POST /api/vehicles` for the user, plan limit included; answers the response. */
export function postVehicle(
  testApp: CallableApp,
  user: SignedInUser,
  values: { year?: number | string; make?: string; model?: string } = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: { cookie: user.cookie },
    payload: { year: 2019, make: 'Honda', model: 'Civic', ...values },
  });
}

/** A record of the kind through its create call (`POST /api/{collection}`); answers it. */
export async function newRecord(
  testApp: CallableApp,
  user: SignedInUser,
  type: RecordType,
  body: { vehicleId: number } & Record<string, unknown>,
) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/${RECORD_KINDS[type].collection}`,
    headers: { cookie: user.cookie },
    payload: { category: 'Other', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return recordSchema.parse(response.json());
}

type RecordRow = Partial<typeof maintenance.$inferInsert>;

/** Records of the kind on the user's vehicle, inserted as rows (category 'Other' unless given). */
export async function insertRecords(
  testApp: AppWithDatabase,
  user: { id: number },
  type: RecordType,
  vehicleId: number,
  rows: RecordRow[],
) {
  await testApp.database.db
    .insert(RECORD_TABLES[type])
    .values(rows.map((row) => ({ category: 'Other', ...row, userId: user.id, vehicleId })));
}

/**
 * An energy entry through its create call (`POST /api/vehicles/{id}/energy`): gasoline on
 * 10 January 2025 unless the body says otherwise; answers it.
 */
export async function newEnergyEntry(
  testApp: CallableApp,
  user: SignedInUser,
  vehicleId: number,
  body: Record<string, unknown> = {},
) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/energy`,
    headers: { cookie: user.cookie },
    payload: {
      date: '2025-01-10',
      energy: 'gasoline',
      // 10 at 3.50 unless the body gives its own amounts.
      ...(['quantity', 'unitPrice', 'totalCost'].some((amount) => amount in body)
        ? {}
        : { quantity: 10, unitPrice: 3.5 }),
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return energyEntrySchema.parse(response.json());
}

type EnergyRow = Partial<Omit<typeof energyEntries.$inferInsert, 'odometer'>> & {
  odometer?: number | null;
};

/**
 * Energy entries on the user's vehicle, inserted as rows with the readings of their odometers
 * (10 L of gasoline at 1.50 a litre unless given); answers their ids in order.
 */
export async function insertEnergyEntries(
  testApp: AppWithDatabase,
  user: { id: number },
  vehicleId: number,
  rows: EnergyRow[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await testApp.database.db
    .insert(energyEntries)
    .values(
      rows.map(({ odometer, ...row }) => ({
        date: '2025-01-10',
        energy: 'gasoline',
        quantity: '10',
        unit: 'L',
        canonicalQuantity: row.quantity ?? '10',
        unitPrice: '1.5',
        totalCost: '15',
        ...row,
        odometer: odometer === undefined || odometer === null ? null : String(odometer),
        userId: user.id,
        vehicleId,
      })),
    )
    .returning({
      id: energyEntries.id,
      date: energyEntries.date,
      odometer: energyEntries.odometer,
    });
  const readings = inserted.filter((entry) => entry.odometer !== null);
  if (readings.length > 0) {
    await testApp.database.db.insert(odometerReadings).values(
      readings.map((entry) => ({
        userId: user.id,
        vehicleId,
        date: entry.date,
        odometer: entry.odometer!,
        source: 'energy',
        energyEntryId: entry.id,
      })),
    );
  }
  return inserted.map((entry) => entry.id);
}

/** Odometer readings of the user's vehicle entered alone, inserted as rows; answers their ids. */
export async function insertReadings(
  testApp: AppWithDatabase,
  user: { id: number },
  vehicleId: number,
  rows: Array<{ date: string; odometer: number; isConfirmed?: boolean }>,
): Promise<number[]> {
  const inserted = await testApp.database.db
    .insert(odometerReadings)
    .values(
      rows.map((row) => ({
        ...row,
        odometer: String(row.odometer),
        source: 'manual',
        userId: user.id,
        vehicleId,
      })),
    )
    .returning({ id: odometerReadings.id });
  return inserted.map((row) => row.id);
}
