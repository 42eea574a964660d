/**
 * Decision 068 on a real database: a write whose odometer the history would flag (backwards, or
 * more distance per day than decision 050 allows) answers 409 with what the history expected,
 * and is saved, confirmed, when it is sent again with `confirmOdometer: true`; for a fill-up, a
 * charge, a record and a reading entered alone, created and edited. An import keeps flagging
 * (imports.test.ts, restores.test.ts); another user's readings never make the expectation.
 */
import { ODOMETER_QUESTION_CODE, ODOMETER_QUESTIONS } from '@contract/odometer';
import { odometerQuestionSchema, odometerReadingSchema } from '@contract/schemas/odometer';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { odometerReadings, vehicles } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertReadings, newEnergyEntry, newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

/**
 * The history every case starts from, in km: 10,000 on 1 January, 11,400 on 29 January. Recent
 * driving: (11,400 − 10,000) ÷ 28 days = 50 km a day. On 5 February, 7 days after the current
 * reading, the history expects 11,400 + 50 × 7 = 11,750 km.
 */
const DAY = '2025-02-05';
const EXPECTED = 11_750;
/** 119,800 − 11,400 = 108,400 km in 7 days = 15,486 km a day > 2,000: implausible. */
const TOO_FAR = 119_800;
/** 11,300 < 11,400: backwards. */
const BACKWARDS = 11_300;

let user: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  [user, other] = [await newUser(testApp), await newUser(testApp)];
});

async function newCarWithHistory(owner = user) {
  const car = await newVehicle(testApp, owner, {
    odometerUnit: 'km',
    energies: ['gasoline', 'electricity'],
  });
  await insertReadings(testApp, owner, car, [
    { date: '2025-01-01', odometer: 10_000 },
    { date: '2025-01-29', odometer: 11_400 },
  ]);
  return car;
}

async function mileageOf(vehicleId: number) {
  const [row] = await db()
    .select({ mileage: vehicles.mileage })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  return row!.mileage;
}

async function readingsOf(vehicleId: number) {
  const rows = await db()
    .select({ odometer: odometerReadings.odometer, isConfirmed: odometerReadings.isConfirmed })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.vehicleId, vehicleId), eq(odometerReadings.userId, user.id)))
    .orderBy(odometerReadings.date, odometerReadings.id);
  return rows.map((row) => ({ ...row, odometer: Number(row.odometer) }));
}

/** The 409 of a questioned write, checked against the contract's shape and texts. */
function expectQuestion(
  response: { statusCode: number; body: string; json: () => unknown },
  flag: 'backwards' | 'implausible',
) {
  expect(response.statusCode, response.body).toBe(409);
  expect(odometerQuestionSchema.parse(response.json())).toEqual({
    message: ODOMETER_QUESTIONS[flag],
    code: ODOMETER_QUESTION_CODE,
    flag,
    expected: EXPECTED,
    unit: 'km',
  });
}

/** Each kind of write, as a form sends it: a creation and an edit of what it created. */
const WRITES = {
  'fill-up': {
    create: (car: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'POST',
        url: `/api/vehicles/${car}/energy`,
        headers: as(user),
        payload: {
          date: DAY,
          energy: 'gasoline',
          quantity: 40,
          unitPrice: 1.8,
          odometer,
          ...extra,
        },
      }),
    createPlausible: async (car: number) =>
      (await newEnergyEntry(testApp, user, car, { date: DAY, odometer: 11_760 })).id,
    edit: (id: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'PATCH',
        url: `/api/energy/${id}`,
        headers: as(user),
        payload: { odometer, ...extra },
      }),
  },
  charge: {
    create: (car: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'POST',
        url: `/api/vehicles/${car}/energy`,
        headers: as(user),
        payload: {
          date: DAY,
          energy: 'electricity',
          quantity: 30,
          unitPrice: 0.3,
          odometer,
          ...extra,
        },
      }),
    createPlausible: async (car: number) =>
      (
        await newEnergyEntry(testApp, user, car, {
          date: DAY,
          energy: 'electricity',
          quantity: 30,
          unitPrice: 0.3,
          odometer: 11_760,
        })
      ).id,
    edit: (id: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'PATCH',
        url: `/api/energy/${id}`,
        headers: as(user),
        payload: { odometer, ...extra },
      }),
  },
  record: {
    create: (car: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'POST',
        url: `/api/vehicles/${car}/maintenance`,
        headers: as(user),
        payload: { category: 'Other', title: 'Oil change', date: DAY, odometer, ...extra },
      }),
    createPlausible: async (car: number) =>
      (
        await newRecord(testApp, user, 'repair', {
          vehicleId: car,
          date: DAY,
          odometer: 11_760,
        })
      ).id,
    edit: (id: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'PATCH',
        url: `/api/repairs/${id}`,
        headers: as(user),
        payload: { odometer, ...extra },
      }),
  },
  reading: {
    create: (car: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'POST',
        url: `/api/vehicles/${car}/odometer`,
        headers: as(user),
        payload: { date: DAY, odometer, ...extra },
      }),
    createPlausible: async (car: number) => {
      const response = await inject({
        method: 'POST',
        url: `/api/vehicles/${car}/odometer`,
        headers: as(user),
        payload: { date: DAY, odometer: 11_760 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return odometerReadingSchema.parse(response.json()).id;
    },
    edit: (id: number, odometer: number, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'PATCH',
        url: `/api/odometer/${id}`,
        headers: as(user),
        payload: { odometer, ...extra },
      }),
  },
} as const;

describe.each(Object.entries(WRITES))('a %s', (_kind, write) => {
  it('too far is questioned with the expected figure, and saved confirmed when confirmed', async () => {
    const car = await newCarWithHistory();
    expectQuestion(await write.create(car, TOO_FAR), 'implausible');
    // Nothing was saved: the history is as it was.
    expect(await readingsOf(car)).toEqual([
      { odometer: 10_000, isConfirmed: false },
      { odometer: 11_400, isConfirmed: false },
    ]);

    const saved = await write.create(car, TOO_FAR, { confirmOdometer: true });
    expect(saved.statusCode, saved.body).toBe(201);
    // Confirmed as right, it is accepted and becomes the current reading.
    expect((await readingsOf(car)).at(-1)).toEqual({ odometer: TOO_FAR, isConfirmed: true });
    expect(await mileageOf(car)).toBe(TOO_FAR);
  });

  it('backwards is questioned with the expected figure, and saved confirmed when confirmed', async () => {
    const car = await newCarWithHistory();
    expectQuestion(await write.create(car, BACKWARDS), 'backwards');
    expect(await readingsOf(car)).toHaveLength(2);

    const saved = await write.create(car, BACKWARDS, { confirmOdometer: true });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await readingsOf(car)).at(-1)).toEqual({ odometer: BACKWARDS, isConfirmed: true });
    expect(await mileageOf(car)).toBe(BACKWARDS);
  });

  it('an edit to an implausible odometer is questioned, and saved when confirmed', async () => {
    const car = await newCarWithHistory();
    // 11,760 on 5 February: 360 km in 7 days, plausible, saved without a question.
    const id = await write.createPlausible(car);
    expect(await mileageOf(car)).toBe(11_760);

    expectQuestion(await write.edit(id, TOO_FAR), 'implausible');
    expect((await readingsOf(car)).at(-1)).toEqual({ odometer: 11_760, isConfirmed: false });

    const saved = await write.edit(id, TOO_FAR, { confirmOdometer: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readingsOf(car)).at(-1)).toEqual({ odometer: TOO_FAR, isConfirmed: true });
    expect(await mileageOf(car)).toBe(TOO_FAR);
  });
});

describe('the expectation', () => {
  it('is the history’s estimate on the reading’s own day, not today’s', async () => {
    const car = await newCarWithHistory();
    // By 15 January the history has 10,000 alone (1 January): one reading gives no rate, so it
    // expects 10,000, not today's estimate. 1,000 < 10,000 is backwards.
    const response = await WRITES.reading.create(car, 1_000, { date: '2025-01-15' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ flag: 'backwards', expected: 10_000 });
  });

  it('is made of the user’s own readings only, and another user cannot write to the car', async () => {
    const car = await newCarWithHistory();
    // Rows of another user on this car's id (as no call could write them): were they read, the
    // 200,000 of 4 February would make 119,800 backwards and the expectation 200,000.
    await insertReadings(testApp, other, car, [{ date: '2025-02-04', odometer: 200_000 }]);
    expectQuestion(await WRITES.reading.create(car, TOO_FAR), 'implausible');

    const foreign = await inject({
      method: 'POST',
      url: `/api/vehicles/${car}/odometer`,
      headers: as(other),
      payload: { date: DAY, odometer: TOO_FAR },
    });
    // D9: not theirs answers as missing, and tells nothing of the history.
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).not.toHaveProperty('expected');
  });

  it('is not asked of a plausible reading, nor of an edit that leaves the odometer alone', async () => {
    const car = await newCarWithHistory();
    const typo = await insertReadings(testApp, user, car, [{ date: DAY, odometer: TOO_FAR }]);
    // A flagged reading an import kept: sent again with the same odometer, nothing changes.
    const unchanged = await WRITES.reading.edit(typo[0]!, TOO_FAR);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(odometerReadingSchema.parse(unchanged.json()).flag).toBe('implausible');
    // Fixed to 11,760 (plausible), it is saved without a question.
    const fixed = await WRITES.reading.edit(typo[0]!, 11_760);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(odometerReadingSchema.parse(fixed.json()).flag).toBeNull();
  });

  it('is refused as a field when confirmOdometer is not true or false', async () => {
    const car = await newCarWithHistory();
    const response = await WRITES.reading.create(car, TOO_FAR, { confirmOdometer: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { confirmOdometer: 'confirmOdometer must be true or false' },
    });
  });
});
