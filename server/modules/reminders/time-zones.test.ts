/**
 * One "today" per user (decision 066, D52), on a real database with a real SMTP server: a user in
 * Pacific/Auckland and one in America/Los_Angeles, with the clock set where their day is not
 * UTC's, get a reading typed in the vehicle form dated on their day, their schedules' states, their
 * e-mails and their calendar feed's 'Overdue' judged on their day. A UTC user at the same instant
 * is the control: the same data, the UTC day.
 *
 * The clock: `Date` alone is faked, so requests, the reminders job and the feed all read it.
 * At 20:00 UTC it is 08:00 or 09:00 the next morning in Auckland (UTC+12 or +13); at 03:00 UTC
 * it is 19:00 or 20:00 the evening before in Los Angeles (UTC-8 or -7).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { odometerReadings } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { type MailCapture, startMailCapture } from '../../test/mail-capture';
import { addDays } from '../schedules/schedules.calc';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let capture: MailCapture;
let testApp: TestApp;

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await createTestApp({
    SMTP_URL: capture.url,
    PUBLIC_URL: 'https://garage.example.org',
    AUTH_MAX_ATTEMPTS: '100000',
    PLAN_LIMITS: 'off',
  });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

/** Today's UTC day, `yyyy-MM-dd`, from the real clock: the fixtures stay near the database's. */
const D = new Date().toISOString().slice(0, 10);
/** D at 20:00 UTC: D+1 in Auckland, D in UTC. */
const AUCKLAND_MORNING = new Date(`${D}T20:00:00Z`);
/** D+1 at 03:00 UTC: D in Los Angeles, D+1 in UTC. */
const LOS_ANGELES_EVENING = new Date(`${addDays(D, 1)}T03:00:00Z`);

function setClock(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

async function call(
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** A user in `timeZone` (UTC when none) with e-mail reminders on and one vehicle, typed at 12,000 mi. */
async function userIn(timeZone: string | null) {
  const user = await newUser(testApp);
  if (timeZone !== null) {
    const saved = await call(user, 'PATCH', '/api/user/preferences', { timeZone });
    expect(saved.timeZone).toBe(timeZone);
  }
  await call(user, 'PATCH', '/api/user/notifications', { email: { enabled: true } });
  const vehicle = await call(user, 'POST', '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    mileage: 12_000,
  });
  return { user, vehicleId: vehicle.id as number };
}

async function typedReadingDate(user: SignedInUser, vehicleId: number) {
  const rows = await testApp.database.db
    .select({ date: odometerReadings.date })
    .from(odometerReadings)
    .where(and(eq(odometerReadings.userId, user.id), eq(odometerReadings.vehicleId, vehicleId)));
  return rows.map((row) => row.date);
}

const mailsTo = (user: SignedInUser) =>
  capture.messages
    .filter((mail) => mail.envelopeTo.includes(user.email.toLowerCase()))
    .map((mail) => mail.subject);

/** The schedule's state, the reminder e-mails sent and the feed's summary, at the clock's time. */
async function judged(user: SignedInUser, vehicleId: number) {
  const [schedule] = await call(user, 'GET', `/api/vehicles/${vehicleId}/schedules`);
  await testApp.app.backgroundJobs.runNow('reminders');
  const link = await call(user, 'POST', '/api/user/calendar-token');
  const feed = await testApp.app.inject({ method: 'GET', url: new URL(link.url).pathname });
  expect(feed.statusCode).toBe(200);
  const summary = /^SUMMARY:(.*)$/m.exec(feed.body)?.[1]?.trim();
  return { state: schedule.state as string, mails: mailsTo(user), summary };
}

describe('one today per user', () => {
  it('in Auckland the next morning: the typed reading, the states, the e-mail and the feed are on its day', async () => {
    setClock(AUCKLAND_MORNING);
    const auckland = await userIn('Pacific/Auckland');
    const utc = await userIn(null);
    // Typed in the vehicle's form at 20:00 UTC: Auckland's day is D+1, UTC's D.
    expect(await typedReadingDate(auckland.user, auckland.vehicleId)).toEqual([addDays(D, 1)]);
    expect(await typedReadingDate(utc.user, utc.vehicleId)).toEqual([D]);

    // Due on D: past in Auckland (D+1), the day itself in UTC (due soon, not overdue).
    for (const { user, vehicleId } of [auckland, utc]) {
      await call(user, 'POST', `/api/vehicles/${vehicleId}/schedules`, {
        title: 'Oil Change',
        category: 'Oil Change',
        firstDueDate: D,
      });
    }
    expect(await judged(auckland.user, auckland.vehicleId)).toEqual({
      state: 'overdue',
      mails: ['Overdue: Oil Change for your 2019 Honda Civic'],
      summary: 'Overdue: Oil Change — 2019 Honda Civic',
    });
    expect(await judged(utc.user, utc.vehicleId)).toEqual({
      state: 'dueSoon',
      mails: ['Due soon: Oil Change for your 2019 Honda Civic'],
      summary: 'Oil Change — 2019 Honda Civic',
    });
  });

  it('in Los Angeles the evening before: the typed reading, the states, the e-mail and the feed are on its day', async () => {
    setClock(LOS_ANGELES_EVENING);
    const losAngeles = await userIn('America/Los_Angeles');
    const utc = await userIn(null);
    // Typed at 03:00 UTC on D+1: still D in Los Angeles.
    expect(await typedReadingDate(losAngeles.user, losAngeles.vehicleId)).toEqual([D]);
    expect(await typedReadingDate(utc.user, utc.vehicleId)).toEqual([addDays(D, 1)]);

    // Due on D: the day itself in Los Angeles (due soon), past in UTC (D+1).
    for (const { user, vehicleId } of [losAngeles, utc]) {
      await call(user, 'POST', `/api/vehicles/${vehicleId}/schedules`, {
        title: 'Oil Change',
        category: 'Oil Change',
        firstDueDate: D,
      });
    }
    expect(await judged(losAngeles.user, losAngeles.vehicleId)).toEqual({
      state: 'dueSoon',
      mails: ['Due soon: Oil Change for your 2019 Honda Civic'],
      summary: 'Oil Change — 2019 Honda Civic',
    });
    expect(await judged(utc.user, utc.vehicleId)).toEqual({
      state: 'overdue',
      mails: ['Overdue: Oil Change for your 2019 Honda Civic'],
      summary: 'Overdue: Oil Change — 2019 Honda Civic',
    });
  });

  it('refuses a zone no one knows, and keeps the user’s', async () => {
    const { user } = await userIn('Pacific/Auckland');
    const refused = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/preferences',
      headers: { cookie: user.cookie },
      payload: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Please choose a time zone such as Europe/Paris or America/New_York',
      errors: { timeZone: 'Please choose a time zone such as Europe/Paris or America/New_York' },
    });
    expect((await call(user, 'GET', '/api/user/preferences')).timeZone).toBe('Pacific/Auckland');
  });

  it('takes the zone the browser proposes at registration', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'Kiri',
        lastName: 'Te Kanawa',
        email: `kiri-${Date.now()}@example.com`,
        password: 'correct-horse-1',
        timeZone: 'Pacific/Auckland',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    const preferences = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/preferences',
      headers: { cookie },
    });
    expect(preferences.json()).toMatchObject({ timeZone: 'Pacific/Auckland' });
  });
});
