/**
 * D12 with D50: on the free plan a service schedule counts as a record, in the one count every
 * create checks; its completion adds a maintenance record, so it needs room for one too.
 */
import { PLAN_LIMIT_CODE, PLAN_MESSAGES } from '@contract/subscription';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, newVehicle } from '../../test/factory';

const limited = setUpTestApp({ AUTH_MAX_ATTEMPTS: '100000', PLAN_LIMITS: 'on' });
const planLimit = { message: PLAN_MESSAGES.recordLimit, code: PLAN_LIMIT_CODE };

function postSchedule(user: SignedInUser, vehicleId: number) {
  return limited.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/schedules`,
    headers: { cookie: user.cookie },
    payload: { title: 'Oil Change', category: 'Oil Change', intervalMonths: 6 },
  });
}

describe('the free plan (D12, D50)', () => {
  it('counts a schedule as its one record, and a completion needs room for its record', async () => {
    const user = await newUser(limited);
    const car = await newVehicle(limited, user);
    const first = await postSchedule(user, car);
    expect(first.statusCode, first.body).toBe(201);
    const status = await limited.inject({
      method: 'GET',
      url: '/api/subscription/status',
      headers: { cookie: user.cookie },
    });
    expect(status.json().recordCount).toBe(1);

    const second = await postSchedule(user, car);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual(planLimit);

    const completion = await limited.inject({
      method: 'POST',
      url: `/api/schedules/${first.json().id}/complete`,
      headers: { cookie: user.cookie },
      payload: { date: '2026-11-01' },
    });
    expect(completion.statusCode).toBe(402);
    expect(completion.json()).toEqual(planLimit);
  });
});
