/**
 * The service schedule calls of decision 054 on a real database: adding one (counting from today
 * and the current odometer when no first due point is given), its predicted date and state from
 * the odometer history, completing it into a maintenance record (from what was done, or from the
 * due point with fixed intervals), an overdue schedule staying overdue until done, validation,
 * ownership, the plan's limit, and the next occurrences among the upcoming items.
 */

import { SCHEDULE_MESSAGES } from '@contract/schedules';
import { upcomingItemsSchema } from '@contract/schemas/records';
import {
  scheduleCompletedSchema,
  scheduleSchema,
  schedulesSchema,
} from '@contract/schemas/schedules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintenance, serviceSchedules } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertReadings, newRecord, newUser, newVehicle } from '../../test/factory';
import { todayIn } from '../../today';
import { addDays, addMonths } from './schedules.calc';

/** A new user's day: their zone is UTC until they choose one (decision 066). */
const utcToday = (now?: Date) => todayIn('UTC', now);

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

const today = () => utcToday();
const daysFromToday = (days: number) => addDays(today(), days);

function addSchedule(user: SignedInUser, vehicleId: number, payload: Record<string, unknown>) {
  return inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/schedules`,
    headers: as(user),
    payload: { title: 'Oil Change', category: 'Oil Change', ...payload },
  });
}

async function newSchedule(
  user: SignedInUser,
  vehicleId: number,
  payload: Record<string, unknown>,
) {
  const response = await addSchedule(user, vehicleId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return scheduleSchema.parse(response.json());
}

async function schedulesOf(user: SignedInUser, vehicleId: number) {
  const response = await inject({
    method: 'GET',
    url: `/api/vehicles/${vehicleId}/schedules`,
    headers: as(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return schedulesSchema.parse(response.json());
}

async function complete(user: SignedInUser, id: number, payload: Record<string, unknown>) {
  const response = await inject({
    method: 'POST',
    url: `/api/schedules/${id}/complete`,
    headers: as(user),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return scheduleCompletedSchema.parse(response.json());
}

/** 30 a day over the last 60 days: 600 every 20 days, the latest 10 days ago at 51,800. */
async function steadyDriving(user: SignedInUser, vehicleId: number) {
  await insertReadings(testApp, user, vehicleId, [
    { date: daysFromToday(-70), odometer: 50_000 },
    { date: daysFromToday(-50), odometer: 50_600 },
    { date: daysFromToday(-30), odometer: 51_200 },
    { date: daysFromToday(-10), odometer: 51_800 },
  ]);
}

describe('adding a schedule', () => {
  it('counts from today and the estimated odometer when no first due point is given', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    await steadyDriving(user, civic);
    const schedule = await newSchedule(user, civic, { intervalMonths: 6, intervalDistance: 5_000 });
    // Today's estimate: 51,800 + 30 × 10 days = 52,100; + 5,000 = 57,100. Today + 6 months.
    expect(schedule).toMatchObject({
      title: 'Oil Change',
      category: 'Oil Change',
      vehicleName: '2019 Honda Civic',
      firstDueDate: addMonths(today(), 6),
      firstDueOdometer: 57_100,
      nextDueDate: addMonths(today(), 6),
      nextDueOdometer: 57_100,
      occurrence: 0,
      state: 'ok',
      vehicleMileage: 51_800,
      odometerUnit: 'mi',
    });
    // 57,100 − 51,800 = 5,300 left at 30 a day = 176.7 → 177 days after the latest reading.
    expect(schedule.predictedDate).toBe(addDays(daysFromToday(-10), 177));
  });

  it('is due soon when its predicted date is within 14 days, though 500 mi short is far', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    await steadyDriving(user, civic);
    // Due at 52,400: 600 left at 30 a day → 20 days after the reading of 10 days ago → in 10 days.
    const schedule = await newSchedule(user, civic, { firstDueOdometer: 52_400 });
    expect(schedule.predictedDate).toBe(daysFromToday(10));
    expect(schedule.state).toBe('dueSoon');
  });

  it('refuses a schedule that never falls due, and bad intervals, each with its message', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, SCHEDULE_MESSAGES.noDuePoint],
      [{ intervalMonths: 0 }, SCHEDULE_MESSAGES.intervalMonths],
      [{ intervalMonths: 2.5 }, SCHEDULE_MESSAGES.intervalMonths],
      [{ intervalDistance: -5 }, SCHEDULE_MESSAGES.intervalDistance],
      [{ intervalMonths: 6, title: '  ' }, SCHEDULE_MESSAGES.titleRequired],
      [{ intervalMonths: 6, category: 'Car Wash' }, 'Please choose a category from the list'],
    ];
    for (const [payload, message] of cases) {
      const response = await addSchedule(user, civic, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('completing a schedule', () => {
  it('adds the maintenance record and moves the schedule on from what was done', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    const schedule = await newSchedule(user, civic, {
      intervalMonths: 12,
      intervalDistance: 7_500,
      firstDueDate: '2026-07-01',
      firstDueOdometer: 30_000,
    });
    const { record, schedule: moved } = await complete(user, schedule.id, {
      date: '2026-07-20',
      odometer: 30_800,
      cost: '89.90',
    });
    expect(record).toMatchObject({
      title: 'Oil Change',
      category: 'Oil Change',
      date: '2026-07-20',
      cost: 89.9,
      odometer: 30_800,
      isCompleted: true,
      vehicleId: civic,
    });
    // 2026-07-20 + 12 months = 2027-07-20; 30,800 + 7,500 = 38,300.
    expect(moved).toMatchObject({
      lastDoneDate: '2026-07-20',
      lastDoneOdometer: 30_800,
      nextDueDate: '2027-07-20',
      nextDueOdometer: 38_300,
      occurrence: 1,
    });
    const [stored] = await db()
      .select({ scheduleId: maintenance.scheduleId })
      .from(maintenance)
      .where(eq(maintenance.id, record.id));
    expect(stored!.scheduleId).toBe(schedule.id);
  });

  it('moves on when a completed maintenance record is saved for it, and not for another’s', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    const other = await newVehicle(testApp, user, { model: 'Accord' });
    const schedule = await newSchedule(user, civic, {
      intervalMonths: 6,
      firstDueDate: '2026-09-01',
    });
    const save = (vehicleId: number, scheduleId: number) =>
      inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: as(user),
        payload: {
          vehicleId,
          category: 'Oil Change',
          title: 'Oil change at the dealer',
          date: '2026-08-20',
          odometer: 48_000,
          isCompleted: true,
          scheduleId,
        },
      });
    // On another vehicle, or someone else's schedule: 404, and nothing saved.
    expect((await save(other, schedule.id)).statusCode).toBe(404);
    const stranger = await newUser(testApp);
    const theirs = await newSchedule(stranger, await newVehicle(testApp, stranger), {
      intervalMonths: 3,
    });
    expect((await save(civic, theirs.id)).statusCode).toBe(404);
    const saved = await save(civic, schedule.id);
    expect(saved.statusCode, saved.body).toBe(201);
    // 2026-08-20 + 6 months = 2027-02-20.
    const [moved] = await schedulesOf(user, civic);
    expect(moved).toMatchObject({
      lastDoneDate: '2026-08-20',
      lastDoneOdometer: 48_000,
      nextDueDate: '2027-02-20',
      occurrence: 1,
    });
    const records = await db()
      .select({ scheduleId: maintenance.scheduleId })
      .from(maintenance)
      .where(eq(maintenance.vehicleId, civic));
    expect(records).toEqual([{ scheduleId: schedule.id }]);
  });

  it('moves on from the due point with fixed intervals', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    const schedule = await newSchedule(user, civic, {
      intervalMonths: 12,
      intervalDistance: 7_500,
      firstDueDate: '2026-07-01',
      firstDueOdometer: 30_000,
      fixedIntervals: true,
    });
    const { schedule: moved } = await complete(user, schedule.id, {
      date: '2026-07-20',
      odometer: 30_800,
    });
    // From the due point: 2026-07-01 + 12 months, 30,000 + 7,500.
    expect(moved).toMatchObject({ nextDueDate: '2027-07-01', nextDueOdometer: 37_500 });
    const { schedule: again } = await complete(user, schedule.id, {
      date: '2027-06-25',
      odometer: 37_100,
    });
    expect(again).toMatchObject({ nextDueDate: '2028-07-01', nextDueOdometer: 45_000 });
    expect(again.occurrence).toBe(2);
  });

  it('stays overdue until done, however often it is read', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    const schedule = await newSchedule(user, civic, {
      intervalMonths: 6,
      firstDueDate: daysFromToday(-40),
    });
    expect(schedule.state).toBe('overdue');
    for (let read = 0; read < 3; read += 1) {
      const [listed] = await schedulesOf(user, civic);
      expect(listed).toMatchObject({ state: 'overdue', nextDueDate: daysFromToday(-40) });
    }
    const { schedule: done } = await complete(user, schedule.id, { date: today() });
    expect(done).toMatchObject({ state: 'ok', nextDueDate: addMonths(today(), 6) });
  });

  it('uses the odometer estimate for the day when none is given', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    await steadyDriving(user, civic);
    const schedule = await newSchedule(user, civic, {
      intervalDistance: 5_000,
      firstDueOdometer: 52_000,
    });
    const { record, schedule: moved } = await complete(user, schedule.id, { date: today() });
    // No odometer typed: the record has none (no reading is invented), the schedule counts from
    // the estimate 51,800 + 30 × 10 = 52,100 → next due 57,100.
    expect(record.odometer).toBeNull();
    expect(moved).toMatchObject({ lastDoneOdometer: 52_100, nextDueOdometer: 57_100 });
  });
});

describe('changing and deleting', () => {
  it('changes fields, refuses leaving nothing to fall due, and keeps the records on delete', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    const schedule = await newSchedule(user, civic, {
      intervalMonths: 6,
      firstDueDate: '2027-01-01',
    });
    const changed = await inject({
      method: 'PATCH',
      url: `/api/schedules/${schedule.id}`,
      headers: as(user),
      payload: { title: 'Synthetic oil', intervalMonths: 12 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Synthetic oil', intervalMonths: 12 });

    const emptied = await inject({
      method: 'PATCH',
      url: `/api/schedules/${schedule.id}`,
      headers: as(user),
      payload: { intervalMonths: null, firstDueDate: null },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toBe(SCHEDULE_MESSAGES.noDuePoint);
    // Nothing of the refused change was kept.
    const [kept] = await schedulesOf(user, civic);
    expect(kept).toMatchObject({ intervalMonths: 12, firstDueDate: '2027-01-01' });

    const { record } = await complete(user, schedule.id, { date: '2026-11-01' });
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/schedules/${schedule.id}`,
      headers: as(user),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: SCHEDULE_MESSAGES.deleted });
    expect(await schedulesOf(user, civic)).toEqual([]);
    const [stillThere] = await db()
      .select({ id: maintenance.id, scheduleId: maintenance.scheduleId })
      .from(maintenance)
      .where(eq(maintenance.id, record.id));
    expect(stillThere).toEqual({ id: record.id, scheduleId: null });
  });

  it('answers 404 for another user’s schedule and vehicle, and changes nothing', async () => {
    const owner = await newUser(testApp);
    const other = await newUser(testApp);
    const civic = await newVehicle(testApp, owner);
    const schedule = await newSchedule(owner, civic, { intervalMonths: 6 });
    const calls = [
      { method: 'GET' as const, url: `/api/schedules/${schedule.id}` },
      { method: 'PATCH' as const, url: `/api/schedules/${schedule.id}`, payload: { title: 'x' } },
      { method: 'DELETE' as const, url: `/api/schedules/${schedule.id}` },
      {
        method: 'POST' as const,
        url: `/api/schedules/${schedule.id}/complete`,
        payload: { date: '2026-11-01' },
      },
      { method: 'GET' as const, url: `/api/vehicles/${civic}/schedules` },
      {
        method: 'POST' as const,
        url: `/api/vehicles/${civic}/schedules`,
        payload: { title: 'x', category: 'Other', intervalMonths: 1 },
      },
    ];
    for (const call of calls) {
      const response = await inject({ ...call, headers: as(other) });
      expect(response.statusCode, call.url).toBe(404);
    }
    const rows = await db()
      .select()
      .from(serviceSchedules)
      .where(eq(serviceSchedules.vehicleId, civic));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Oil Change', occurrence: 0 });
  });
});

describe('the upcoming items', () => {
  it('list each schedule’s next occurrence among the open records, by due or predicted date', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user);
    await steadyDriving(user, civic);
    await newRecord(testApp, user, 'maintenance', {
      vehicleId: civic,
      title: 'Inspection',
      category: 'Other',
      date: daysFromToday(30),
      dueDate: daysFromToday(30),
    });
    // Predicted in 10 days (see above): listed before the inspection in 30 days.
    const byDistance = await newSchedule(user, civic, {
      title: 'Oil Change',
      firstDueOdometer: 52_400,
    });
    // Due in 60 days.
    const byTime = await newSchedule(user, civic, {
      title: 'Brake fluid',
      category: 'Fluid Change',
      firstDueDate: daysFromToday(60),
      intervalMonths: 24,
    });
    const response = await inject({
      method: 'GET',
      url: '/api/upcoming-maintenance',
      headers: as(user),
    });
    const items = upcomingItemsSchema.parse(response.json());
    expect(items.map((item) => item.title)).toEqual(['Oil Change', 'Inspection', 'Brake fluid']);
    expect(items[0]).toMatchObject({
      id: byDistance.id,
      scheduleId: byDistance.id,
      occurrence: 0,
      type: 'maintenance',
      dueDate: null,
      dueMileage: 52_400,
      predictedDate: daysFromToday(10),
      vehicleMileage: 51_800,
      isCompleted: false,
    });
    expect(items[2]).toMatchObject({ scheduleId: byTime.id, dueDate: daysFromToday(60) });
    expect(items[1]).toMatchObject({ scheduleId: null, predictedDate: null });

    // The vehicle's status line (D33) names the soonest of them: the schedule due by distance.
    const vehicle = await inject({
      method: 'GET',
      url: `/api/vehicles/${civic}`,
      headers: as(user),
    });
    expect(vehicle.json().nextMaintenance).toEqual({
      title: 'Oil Change',
      dueDate: null,
      dueMileage: 52_400,
      // Decision 067: the day the distance comes due, so the line says it first.
      predictedDate: daysFromToday(10),
    });

    // A completion moves the occurrence on at once (the kept answer follows the data version).
    await complete(user, byTime.id, { date: today() });
    const after = upcomingItemsSchema.parse(
      (await inject({ method: 'GET', url: '/api/upcoming-maintenance', headers: as(user) })).json(),
    );
    expect(after.find((item) => item.scheduleId === byTime.id)).toMatchObject({
      occurrence: 1,
      dueDate: addMonths(today(), 24),
    });
  });
});
