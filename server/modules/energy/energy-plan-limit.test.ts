/**
 * D12 with decision 050: on the free plan an energy entry counts as a record, in the one count
 * every create checks, so one entry or one record of any kind fills the slot, concurrent creates
 * of both kinds let exactly one through, and the status counts entries; odometer readings count
 * toward nothing.
 */
import { PLAN_LIMIT_CODE, PLAN_MESSAGES } from '@contract/subscription';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, newVehicle } from '../../test/factory';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let limited: TestApp;

beforeAll(async () => {
  limited = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000', PLAN_LIMITS: 'on' });
});
afterAll(() => limited?.close());

function postEntry(user: SignedInUser, vehicleId: number) {
  return limited.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/energy`,
    headers: { cookie: user.cookie },
    payload: { date: '2025-01-01', energy: 'gasoline', quantity: 10, unitPrice: 3 },
  });
}

function postRepair(user: SignedInUser, vehicleId: number) {
  return limited.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/repairs`,
    headers: { cookie: user.cookie },
    payload: { category: 'Brakes' },
  });
}

const planLimit = { message: PLAN_MESSAGES.recordLimit, code: PLAN_LIMIT_CODE };

async function recordCountOf(user: SignedInUser) {
  const response = await limited.app.inject({
    method: 'GET',
    url: '/api/subscription/status',
    headers: { cookie: user.cookie },
  });
  return response.json().recordCount;
}

describe('the free plan (D12, decision 050)', () => {
  it('counts an energy entry as its one record', async () => {
    const user = await newUser(limited);
    const car = await newVehicle(limited, user);
    expect((await postEntry(user, car)).statusCode).toBe(201);
    expect(await recordCountOf(user)).toBe(1);
    const second = await postEntry(user, car);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual(planLimit);
    const repair = await postRepair(user, car);
    expect(repair.statusCode).toBe(402);
    expect(repair.json()).toEqual(planLimit);
  });

  it('counts a record against the energy entries too', async () => {
    const user = await newUser(limited);
    const car = await newVehicle(limited, user);
    await newRecord(limited, user, 'maintenance', { vehicleId: car });
    const entry = await postEntry(user, car);
    expect(entry.statusCode).toBe(402);
    expect(entry.json()).toEqual(planLimit);
  });

  it('lets exactly one of five concurrent creates of both kinds through', async () => {
    const user = await newUser(limited);
    const car = await newVehicle(limited, user);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        index % 2 === 0 ? postEntry(user, car) : postRepair(user, car),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201, 402, 402, 402, 402,
    ]);
    expect(await recordCountOf(user)).toBe(1);
  });

  it('never limits odometer readings, nor changes of an entry', async () => {
    const user = await newUser(limited);
    const car = await newVehicle(limited, user);
    const entry = (await postEntry(user, car)).json();
    for (const date of ['2025-01-02', '2025-01-03']) {
      const reading = await limited.app.inject({
        method: 'POST',
        url: `/api/vehicles/${car}/odometer`,
        headers: { cookie: user.cookie },
        payload: { date, odometer: 1000 },
      });
      expect(reading.statusCode).toBe(201);
    }
    const patched = await limited.app.inject({
      method: 'PATCH',
      url: `/api/energy/${entry.id}`,
      headers: { cookie: user.cookie },
      payload: { odometer: 900 },
    });
    expect(patched.statusCode).toBe(200);
    expect(await recordCountOf(user)).toBe(1);
  });
});
