/**
 * The data API tests start from, made one way: users through the real registration call (a test
 * needs their session), records through the real create call (a test reads what it answers),
 * and vehicles and bulk record rows inserted straight into the database, which skips the plan
 * limit on purpose so that a free user's garage can hold whatever a test needs. `postVehicle` is
 * the vehicle create call itself, for the tests of the plan limit that read its answer.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { recordSchema } from '@contract/schemas/records';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { RECORD_TABLES } from '../db/record-tables';
import { type maintenance, vehicles } from '../db/schema';
import { type SignedInUser, sessionCookieFrom, uniqueEmail } from './auth';
import type { TestDatabase } from './database';

/** What the factories need of a test app: its app for calls, its database for rows. */
type CallableApp = { app: FastifyInstance };
type AppWithDatabase = { database: TestDatabase };

/** A user signed in through `POST /api/register`, with its session cookie. */
export async function newUser(
  testApp: CallableApp,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
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
  return {
    id: response.json().id,
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

/** A 2019 Honda Civic of the user (or the car `values` describe), inserted; answers its id. */
export async function newVehicle(
  testApp: AppWithDatabase,
  user: { id: number },
  values: VehicleValues = {},
): Promise<number> {
  const [row] = await testApp.database.db
    .insert(vehicles)
    .values({ year: 2019, make: 'Honda', model: 'Civic', ...values, userId: user.id })
    .returning({ id: vehicles.id });
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
