/**
 * The plans on a real database (D12, D13, D36): the status call in each case, the 402 past the
 * free plan, creates racing for the last free slot, Premium and its lapse, and PLAN_LIMITS=off.
 */
import { COMMON_MESSAGES } from '@contract/common';
import { subscriptionStatusSchema } from '@contract/schemas/subscription';
import { FREE_PLAN_LIMITS, PLAN_LIMIT_CODE, PLAN_MESSAGES } from '@contract/subscription';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../app-error';
import { maintenance, modifications, repairs, users, vehicles } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, postVehicle } from '../../test/factory';
import { createSubscriptionService, planOf } from './subscription.service';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const GENEROUS_AUTH = { AUTH_MAX_ATTEMPTS: '100000' };
const PAYMENT_LINK = 'https://buy.stripe.com/test_123';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Decision 041: STORAGE_QUOTA_MB and PREMIUM_STORAGE_QUOTA_MB at their defaults. */
const FREE_QUOTA_BYTES = 250 * 1024 * 1024;
const PREMIUM_QUOTA_BYTES = 5120 * 1024 * 1024;

let limited: TestApp;
let unlimited: TestApp;
let withPaymentLink: TestApp;
/** PLAN_LIMITS at its default (auto) and no payment link: a self-hosted server selling nothing. */
let selfHosted: TestApp;

beforeAll(async () => {
  limited = await createTestApp({ ...GENEROUS_AUTH, PLAN_LIMITS: 'on' });
  unlimited = await createTestApp({ ...GENEROUS_AUTH, PLAN_LIMITS: 'off' });
  withPaymentLink = await createTestApp({ ...GENEROUS_AUTH, PAYMENT_LINK_URL: PAYMENT_LINK });
  selfHosted = await createTestApp(GENEROUS_AUTH);
});
afterAll(async () => {
  await limited?.close();
  await unlimited?.close();
  await withPaymentLink?.close();
  await selfHosted?.close();
});

async function status(testApp: TestApp, user: SignedInUser) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/subscription/status',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionStatusSchema.parse(response.json());
}

async function vehicleCountOf(testApp: TestApp, userId: number) {
  const rows = await testApp.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.userId, userId));
  return rows.length;
}

async function setPlan(testApp: TestApp, userId: number, status: string, expiresAt: Date | null) {
  await testApp.database.db
    .update(users)
    .set({ subscriptionStatus: status, subscriptionExpiresAt: expiresAt })
    .where(eq(users.id, userId));
}

/** Polls `condition` every 20 ms for up to 10 s. */
async function waitUntil(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the creates to queue up');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const planLimitBody = { message: PLAN_MESSAGES.vehicleLimit, code: PLAN_LIMIT_CODE };

describe('GET /api/subscription/status', () => {
  it('answers 401 when signed out', async () => {
    const response = await limited.app.inject({ method: 'GET', url: '/api/subscription/status' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.unauthenticated });
  });

  it('answers the free plan of a new user, with no payment link when none is set', async () => {
    const user = await newUser(limited);
    expect(await status(limited, user)).toEqual({
      plan: 'free',
      canAddVehicle: true,
      canAddRecord: true,
      vehicleCount: 0,
      recordCount: 0,
      limits: { vehicles: FREE_PLAN_LIMITS.vehicles, records: FREE_PLAN_LIMITS.records },
      expiresAt: null,
      paymentLinkUrl: null,
      storage: { usedBytes: 0, quotaBytes: FREE_QUOTA_BYTES },
    });
  });

  it('counts the user’s vehicles and the three record kinds together, no one else’s', async () => {
    const user = await newUser(limited);
    const other = await newUser(limited);
    expect((await postVehicle(limited, user)).statusCode).toBe(201);
    expect((await postVehicle(limited, other)).statusCode).toBe(201);
    const [vehicle] = await limited.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    const record = { userId: user.id, vehicleId: vehicle!.id, category: 'x' };

    expect(await status(limited, user)).toMatchObject({
      canAddVehicle: false,
      canAddRecord: true,
      vehicleCount: 1,
      recordCount: 0,
    });
    await limited.database.db.insert(maintenance).values(record);
    await limited.database.db.insert(repairs).values(record);
    await limited.database.db.insert(modifications).values([record, record]);
    expect(await status(limited, user)).toMatchObject({
      plan: 'free',
      canAddVehicle: false,
      canAddRecord: false,
      vehicleCount: 1,
      recordCount: 4,
    });
    expect(await status(limited, other)).toMatchObject({ vehicleCount: 1, recordCount: 0 });
  });

  it('answers the payment link when the server has one (D36)', async () => {
    const user = await newUser(withPaymentLink);
    expect(await status(withPaymentLink, user)).toMatchObject({
      plan: 'free',
      paymentLinkUrl: PAYMENT_LINK,
    });
  });
});

describe('the free plan’s vehicle limit (D12)', () => {
  it('answers 402 with PLAN_LIMIT to a second vehicle and stores nothing', async () => {
    const user = await newUser(limited);
    expect((await postVehicle(limited, user)).statusCode).toBe(201);
    const second = await postVehicle(limited, user, { model: 'Accord' });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual(planLimitBody);
    expect(await vehicleCountOf(limited, user.id)).toBe(1);

    // One user's vehicle does not use up another's plan.
    const other = await newUser(limited);
    expect((await postVehicle(limited, other)).statusCode).toBe(201);
  });

  it('lets exactly one of 5 concurrent creates through', async () => {
    const user = await newUser(limited);
    // Five creates held in the database at once: another session locks the vehicles table
    // against inserts until all five wait on a lock, so every one of them has started its
    // transaction before any commits. Without the lock on the user's row each would count 0.
    const holder = new pg.Client({ connectionString: limited.database.url });
    const watcher = new pg.Client({ connectionString: limited.database.url });
    await holder.connect();
    await watcher.connect();
    let responses: Awaited<ReturnType<typeof postVehicle>>[];
    try {
      await holder.query('begin');
      await holder.query('lock table vehicles in exclusive mode');
      const pending = Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          postVehicle(limited, user, { model: `Racer ${index}` }),
        ),
      );
      await waitUntil(async () => {
        const { rows } = await watcher.query<{ waiting: number }>(
          `select count(*)::int as "waiting" from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0]!.waiting === 5;
      });
      await holder.query('commit');
      responses = await pending;
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
      await watcher.end();
    }
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 402, 402, 402, 402]);
    for (const response of responses.filter((response) => response.statusCode === 402)) {
      expect(response.json()).toEqual(planLimitBody);
    }
    expect(await vehicleCountOf(limited, user.id)).toBe(1);
  });

  it('is lifted by a current Premium plan and back when it lapses (D13)', async () => {
    const user = await newUser(limited);
    expect((await postVehicle(limited, user)).statusCode).toBe(201);
    const expiresAt = new Date(Date.now() + 30 * DAY_MS);
    await setPlan(limited, user.id, 'premium', expiresAt);

    expect(await status(limited, user)).toEqual({
      plan: 'premium',
      canAddVehicle: true,
      canAddRecord: true,
      vehicleCount: 1,
      recordCount: 0,
      limits: { vehicles: null, records: null },
      expiresAt: expiresAt.toISOString(),
      paymentLinkUrl: null,
      storage: { usedBytes: 0, quotaBytes: PREMIUM_QUOTA_BYTES },
    });
    expect((await postVehicle(limited, user, { model: 'Second' })).statusCode).toBe(201);
    expect((await postVehicle(limited, user, { model: 'Third' })).statusCode).toBe(201);

    // Premium without an end date stays Premium.
    await setPlan(limited, user.id, 'premium', null);
    expect(await status(limited, user)).toMatchObject({ plan: 'premium', expiresAt: null });
    expect((await postVehicle(limited, user, { model: 'Fourth' })).statusCode).toBe(201);

    // Lapsed: the free plan again, the vehicles kept but no more added.
    await setPlan(limited, user.id, 'premium', new Date(Date.now() - 60_000));
    expect(await status(limited, user)).toEqual({
      plan: 'free',
      canAddVehicle: false,
      canAddRecord: true,
      vehicleCount: 4,
      recordCount: 0,
      limits: { vehicles: FREE_PLAN_LIMITS.vehicles, records: FREE_PLAN_LIMITS.records },
      expiresAt: null,
      paymentLinkUrl: null,
      storage: { usedBytes: 0, quotaBytes: FREE_QUOTA_BYTES },
    });
    const refused = await postVehicle(limited, user, { model: 'Fifth' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual(planLimitBody);
    expect(await vehicleCountOf(limited, user.id)).toBe(4);
  });

  it('is lifted for everyone by PLAN_LIMITS=off', async () => {
    const user = await newUser(unlimited);
    for (const model of ['One', 'Two', 'Three']) {
      expect((await postVehicle(unlimited, user, { model })).statusCode).toBe(201);
    }
    const [vehicle] = await unlimited.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    const record = { userId: user.id, vehicleId: vehicle!.id, category: 'x' };
    await unlimited.database.db.insert(maintenance).values([record, record]);
    expect(await status(unlimited, user)).toEqual({
      plan: 'free',
      canAddVehicle: true,
      canAddRecord: true,
      vehicleCount: 3,
      recordCount: 2,
      limits: { vehicles: null, records: null },
      expiresAt: null,
      paymentLinkUrl: null,
      storage: { usedBytes: 0, quotaBytes: PREMIUM_QUOTA_BYTES },
    });
  });
});

describe('PLAN_LIMITS=auto, the default (docs/decisions/034)', () => {
  it('walls nobody in where Premium cannot be bought: no payment link, no limits', async () => {
    const user = await newUser(selfHosted);
    expect((await postVehicle(selfHosted, user, { model: 'One' })).statusCode).toBe(201);
    const second = await postVehicle(selfHosted, user, { model: 'Two' });
    expect(second.statusCode).toBe(201);
    const vehicleId = (second.json() as { id: number }).id;
    await newRecord(selfHosted, user, 'maintenance', { vehicleId });
    await newRecord(selfHosted, user, 'repair', { vehicleId });
    expect(await status(selfHosted, user)).toEqual({
      plan: 'free',
      canAddVehicle: true,
      canAddRecord: true,
      vehicleCount: 2,
      recordCount: 2,
      limits: { vehicles: null, records: null },
      expiresAt: null,
      paymentLinkUrl: null,
      storage: { usedBytes: 0, quotaBytes: PREMIUM_QUOTA_BYTES },
    });
  });

  it('keeps the free plan’s limits where Premium is for sale (a payment link is set)', async () => {
    const user = await newUser(withPaymentLink);
    expect((await postVehicle(withPaymentLink, user)).statusCode).toBe(201);
    const second = await postVehicle(withPaymentLink, user, { model: 'Accord' });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual(planLimitBody);
    expect(await status(withPaymentLink, user)).toMatchObject({
      canAddVehicle: false,
      limits: { vehicles: FREE_PLAN_LIMITS.vehicles, records: FREE_PLAN_LIMITS.records },
    });
  });
});

describe('the free plan’s record limit (D12), as record creates will call it', () => {
  it('lets one record through, then refuses with PLAN_LIMIT, also under concurrency', async () => {
    const db = limited.database.db;
    const plans = createSubscriptionService({ db, config: limited.config });
    const user = await newUser(limited);
    expect((await postVehicle(limited, user)).statusCode).toBe(201);
    const [vehicle] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.userId, user.id));
    const addRecord = (table: typeof maintenance | typeof repairs | typeof modifications) =>
      db.transaction(async (tx) => {
        await plans.assertCanAddRecord(tx, user.id);
        await tx.insert(table).values({ userId: user.id, vehicleId: vehicle!.id, category: 'x' });
      });

    const results = await Promise.allSettled([
      addRecord(maintenance),
      addRecord(repairs),
      addRecord(maintenance),
      addRecord(repairs),
      addRecord(maintenance),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      expect(result.reason).toBeInstanceOf(AppError);
      expect(result.reason).toMatchObject({
        statusCode: 402,
        message: PLAN_MESSAGES.recordLimit,
        extra: { code: PLAN_LIMIT_CODE },
      });
    }
    expect(await status(limited, user)).toMatchObject({ recordCount: 1, canAddRecord: false });

    // A modification counts against the same single record.
    await expect(addRecord(modifications)).rejects.toMatchObject({ statusCode: 402 });
  });
});

describe('planOf (D13)', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it('is Premium only while the subscription has not lapsed', () => {
    const at = (iso: string) => new Date(iso);
    expect(planOf({ subscriptionStatus: 'free', subscriptionExpiresAt: null }, now)).toBe('free');
    expect(planOf({ subscriptionStatus: 'premium', subscriptionExpiresAt: null }, now)).toBe(
      'premium',
    );
    expect(
      planOf(
        { subscriptionStatus: 'premium', subscriptionExpiresAt: at('2030-01-02T00:00:00Z') },
        now,
      ),
    ).toBe('premium');
    expect(
      planOf(
        { subscriptionStatus: 'premium', subscriptionExpiresAt: at('2030-01-01T00:00:00Z') },
        now,
      ),
    ).toBe('free');
    expect(
      planOf(
        { subscriptionStatus: 'cancelled', subscriptionExpiresAt: at('2031-01-01T00:00:00Z') },
        now,
      ),
    ).toBe('free');
  });
});
