/**
 * The free plan's record limit on every record create (D12): 1 record of any kind, then 402
 * `PLAN_LIMIT`, also when creates race for the last slot; Premium and PLAN_LIMITS=off lift it.
 */
import { RECORD_KINDS, RECORD_TYPES, type RecordKind } from '@contract/records';
import { recordSchema } from '@contract/schemas/records';
import { PLAN_LIMIT_CODE, PLAN_MESSAGES } from '@contract/subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenance, modifications, repairs } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, newVehicle } from '../../test/factory';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let limited: TestApp;
let unlimited: TestApp;

beforeAll(async () => {
  limited = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000', PLAN_LIMITS: 'on' });
  unlimited = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000', PLAN_LIMITS: 'off' });
});
afterAll(async () => {
  await limited?.close();
  await unlimited?.close();
});

const KINDS: RecordKind[] = RECORD_TYPES.map((type) => RECORD_KINDS[type]);

/** Each create path of 001 §7 for the kind, user-wide and vehicle-scoped. */
function createCall(kind: RecordKind, vehicleId: number, scoped: boolean) {
  return scoped
    ? { url: `/api/vehicles/${vehicleId}/${kind.collection}`, payload: { category: 'Other' } }
    : { url: `/api/${kind.collection}`, payload: { vehicleId, category: 'Other' } };
}

function create(
  testApp: TestApp,
  user: SignedInUser,
  kind: RecordKind,
  vehicleId: number,
  scoped = false,
) {
  return testApp.app.inject({
    method: 'POST',
    headers: { cookie: user.cookie },
    ...createCall(kind, vehicleId, scoped),
  });
}

async function recordCountOf(testApp: TestApp, userId: number) {
  let count = 0;
  for (const table of [maintenance, repairs, modifications]) {
    count += (await testApp.database.db.select().from(table).where(eq(table.userId, userId)))
      .length;
  }
  return count;
}

describe('the free plan (D12)', () => {
  it('allows one record of any kind, then answers 402 PLAN_LIMIT on every create path', async () => {
    for (const first of KINDS) {
      const user = await newUser(limited);
      const vehicleId = await newVehicle(limited, user);
      const created = await create(limited, user, first, vehicleId);
      expect(created.statusCode, created.body).toBe(201);
      recordSchema.parse(created.json());

      for (const kind of KINDS) {
        for (const scoped of [false, true]) {
          const response = await create(limited, user, kind, vehicleId, scoped);
          expect(response.statusCode, `${first.type} then ${kind.type}`).toBe(402);
          expect(response.json()).toEqual({
            message: PLAN_MESSAGES.recordLimit,
            code: PLAN_LIMIT_CODE,
          });
        }
      }
      expect(await recordCountOf(limited, user.id)).toBe(1);

      // Updates and deletes are never limited; a deleted record frees the slot.
      const record = recordSchema.parse(created.json());
      const kindOfRecord = RECORD_KINDS[record.type];
      const patched = await limited.app.inject({
        method: 'PATCH',
        url: `/api/${kindOfRecord.collection}/${record.id}`,
        headers: { cookie: user.cookie },
        payload: { isCompleted: true },
      });
      expect(patched.statusCode).toBe(200);
      const deleted = await limited.app.inject({
        method: 'DELETE',
        url: `/api/${kindOfRecord.collection}/${record.id}`,
        headers: { cookie: user.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await create(limited, user, first, vehicleId, true)).statusCode).toBe(201);
    }
  });

  it('lets exactly one of five concurrent creates through', async () => {
    for (const kind of KINDS) {
      const user = await newUser(limited);
      const vehicleId = await newVehicle(limited, user);
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          create(
            limited,
            user,
            KINDS[(index + KINDS.indexOf(kind)) % KINDS.length]!,
            vehicleId,
            index % 2 === 1,
          ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 402, 402, 402, 402]);
      expect(await recordCountOf(limited, user.id)).toBe(1);
    }
  });

  it('does not limit Premium users', async () => {
    const user = await newUser(limited, { plan: 'premium' });
    const vehicleId = await newVehicle(limited, user);
    const responses = await Promise.all(
      KINDS.flatMap((kind) => [
        create(limited, user, kind, vehicleId),
        create(limited, user, kind, vehicleId, true),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
  });

  it('a plan limit never hides the answer to an invalid body', async () => {
    const user = await newUser(limited);
    const vehicleId = await newVehicle(limited, user);
    expect((await create(limited, user, KINDS[0]!, vehicleId)).statusCode).toBe(201);
    const response = await limited.app.inject({
      method: 'POST',
      url: '/api/repairs',
      headers: { cookie: user.cookie },
      payload: { vehicleId },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PLAN_LIMITS=off', () => {
  it('lifts the record limit for free users', async () => {
    const user = await newUser(unlimited);
    const vehicleId = await newVehicle(unlimited, user);
    for (const kind of KINDS) {
      for (const scoped of [false, true]) {
        expect((await create(unlimited, user, kind, vehicleId, scoped)).statusCode).toBe(201);
      }
    }
    expect(await recordCountOf(unlimited, user.id)).toBe(6);
  });
});
