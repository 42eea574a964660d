/**
 * The calendar feed (decision 054) on a real database: the link's calls, the feed as a calendar
 * app parses it (ical.js), whose items it holds, and what its token can and cannot open.
 */

import crypto from 'node:crypto';
import type { UpcomingItem } from '@contract/records';
import { calendarTokenSchema, createdCalendarTokenSchema } from '@contract/schemas/calendar';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarTokens } from '../../db/schema';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertRecords, newRecord, newUser, newVehicle } from '../../test/factory';
import { buildCalendarFeed, calendarEventUid } from './calendar.service';

const testApp = setUpTestApp();
const TOKEN_URL = '/api/user/calendar-token';

async function createLink(user: SignedInUser) {
  const response = await testApp.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return createdCalendarTokenSchema.parse(response.json());
}

/** The feed's path (what the app is asked for) and its token, from the link's URL. */
function feedOf(url: string) {
  const { pathname } = new URL(url);
  const token = /^\/calendar\/([^/]+)\.ics$/.exec(pathname)?.[1];
  if (!token) throw new Error(`not a feed URL: ${url}`);
  return { path: pathname, token };
}

const fetchFeed = (path: string) => testApp.inject({ method: 'GET', url: path });

/** The feed as a calendar app reads it: its VCALENDAR and its events by SUMMARY. */
function parseFeed(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent');
  const bySummary = new Map(
    events.map((event) => [String(event.getFirstPropertyValue('summary')), event]),
  );
  return { calendar, events, bySummary };
}

const textOf = (component: ICAL.Component, name: string) =>
  String(component.getFirstPropertyValue(name));

describe('the calendar link', () => {
  it('is made once, shown once, and reported by its date alone', async () => {
    const user = await newUser(testApp);
    const before = await testApp.inject({ url: TOKEN_URL, headers: { cookie: user.cookie } });
    expect(before.json()).toEqual({ createdAt: null });

    const created = await createLink(user);
    expect(created.url).toMatch(
      new RegExp(`^${testApp.config.publicUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );

    const after = await testApp.inject({ url: TOKEN_URL, headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(200);
    expect(calendarTokenSchema.parse(after.json())).toEqual({ createdAt: created.createdAt });
    expect(after.body).not.toContain(feedOf(created.url).token);
  });

  it('is stored as its SHA-256 only: the database holds no token text', async () => {
    const user = await newUser(testApp);
    const { token } = feedOf((await createLink(user)).url);
    const rows = await testApp
      .db()
      .select()
      .from(calendarTokens)
      .where(eq(calendarTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is replaced by a new one: the old URL answers 404 and the new one the feed', async () => {
    const user = await newUser(testApp);
    const first = feedOf((await createLink(user)).url);
    expect((await fetchFeed(first.path)).statusCode).toBe(200);

    const second = feedOf((await createLink(user)).url);
    expect(second.token).not.toBe(first.token);
    const old = await fetchFeed(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'Not found' });
    expect((await fetchFeed(second.path)).statusCode).toBe(200);
  });

  it('is turned off: its URL answers 404, and turning off again says there is nothing to', async () => {
    const user = await newUser(testApp);
    const { path } = feedOf((await createLink(user)).url);

    const revoked = await testApp.inject({
      method: 'DELETE',
      url: TOKEN_URL,
      headers: { cookie: user.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await fetchFeed(path)).statusCode).toBe(404);
    const state = await testApp.inject({ url: TOKEN_URL, headers: { cookie: user.cookie } });
    expect(state.json()).toEqual({ createdAt: null });

    const again = await testApp.inject({
      method: 'DELETE',
      url: TOKEN_URL,
      headers: { cookie: user.cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'There is no calendar link to turn off.' });
  });

  it('answers the same plain 404 for an unknown token and one of the wrong shape', async () => {
    const unknown = await fetchFeed(
      `/calendar/${crypto.randomBytes(32).toString('base64url')}.ics`,
    );
    const misshapen = await fetchFeed('/calendar/short.ics');
    for (const response of [unknown, misshapen]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('opens the feed and nothing else: as a cookie, a bearer or a query it is no session', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user);
    await insertRecords(testApp, user, 'maintenance', vehicleId, [
      { title: 'Oil Change', category: 'Oil Change', dueDate: '2031-03-10', isCompleted: false },
    ]);
    const { token } = feedOf((await createLink(user)).url);

    const attempts = [
      { url: '/api/upcoming-maintenance', headers: { cookie: `gl_session=${token}` } },
      { url: '/api/upcoming-maintenance', headers: { authorization: `Bearer ${token}` } },
      { url: `/api/upcoming-maintenance?token=${token}`, headers: {} },
      { url: '/api/user', headers: { cookie: `gl_session=${token}` } },
      { url: TOKEN_URL, headers: { cookie: `gl_session=${token}` } },
    ];
    for (const attempt of attempts) {
      const response = await testApp.inject({ method: 'GET', ...attempt });
      expect(response.statusCode, attempt.url).toBe(401);
      expect(response.body).not.toContain('Oil Change');
    }
    const replace = await testApp.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { cookie: `gl_session=${token}` },
    });
    expect(replace.statusCode).toBe(401);
  });
});

describe('the calendar feed', () => {
  it('lists the open items with a due date as all-day events a calendar app reads', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user, { mileage: 88_750 });
    await insertRecords(testApp, user, 'maintenance', civic, [
      {
        title: 'Oil Change',
        category: 'Oil Change',
        date: '2031-01-01',
        dueDate: '2031-03-10',
        dueMileage: 90_000,
        isCompleted: false,
      },
      {
        title: 'Brake Fluid',
        category: 'Brake Service',
        dueDate: '2020-01-15',
        isCompleted: false,
      },
      // Escaped on the way out, whole on the way in.
      {
        title: 'Wipers, front; rear\\back',
        category: 'Other',
        dueDate: '2031-04-02',
        description: 'Both blades,\nthe rear one too',
        isCompleted: false,
      },
      // Done, or with nothing to date it by: not in the calendar.
      { title: 'Old service', category: 'Other', dueDate: '2031-05-05', isCompleted: true },
      { title: 'Timing belt', category: 'Other', dueMileage: 100_000, isCompleted: false },
    ]);
    await insertRecords(testApp, user, 'repair', civic, [
      { title: 'Windshield', category: 'Glass', date: '2031-06-20', isCompleted: false },
    ]);
    const { path } = feedOf((await createLink(user)).url);

    const response = await fetchFeed(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');

    const { calendar, events, bySummary } = parseFeed(response.body);
    expect(textOf(calendar, 'x-wr-calname')).toBe('Garage Ledger');
    expect([...bySummary.keys()].sort()).toEqual(
      [
        'Oil Change — 2019 Honda Civic',
        'Overdue: Brake Fluid — 2019 Honda Civic',
        'Wipers, front; rear\\back — 2019 Honda Civic',
        'Windshield — 2019 Honda Civic',
      ].sort(),
    );
    for (const event of events) {
      expect(event.getFirstProperty('dtstart')!.type).toBe('date');
      expect(event.getFirstProperty('dtend')!.type).toBe('date');
      expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy();
      const alarms = event.getAllSubcomponents('valarm');
      expect(alarms).toHaveLength(1);
      expect(textOf(alarms[0]!, 'action')).toBe('DISPLAY');
      expect((alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(
        -24 * 60 * 60,
      );
    }

    const oilChange = bySummary.get('Oil Change — 2019 Honda Civic')!;
    const upcoming = await testApp.inject({
      url: '/api/upcoming-maintenance',
      headers: { cookie: user.cookie },
    });
    const oilChangeId = upcoming
      .json()
      .find((item: { title: string }) => item.title === 'Oil Change').id;
    expect(textOf(oilChange, 'uid')).toBe(`record-maintenance-${oilChangeId}@localhost`);
    expect(textOf(oilChange, 'dtstart')).toBe('2031-03-10');
    expect(textOf(oilChange, 'dtend')).toBe('2031-03-11');
    expect(textOf(oilChange, 'description')).toContain(
      'Due: Mar 10, 2031 or at 90,000 mi (1,250 mi to go)',
    );
    expect(textOf(oilChange, 'url')).toBe(`${testApp.config.publicUrl}/vehicles/${civic}`);
    expect(textOf(oilChange, 'categories')).toBe('Maintenance');
    expect(oilChange.getFirstPropertyValue('priority')).toBeNull();

    const brakeFluid = bySummary.get('Overdue: Brake Fluid — 2019 Honda Civic')!;
    expect(textOf(brakeFluid, 'dtstart')).toBe('2020-01-15');
    expect(brakeFluid.getFirstPropertyValue('priority')).toBe(1);
    expect(textOf(brakeFluid, 'description')).toContain('This is overdue.');

    const wipers = bySummary.get('Wipers, front; rear\\back — 2019 Honda Civic')!;
    expect(textOf(wipers, 'description')).toContain('Both blades,\nthe rear one too');

    const windshield = bySummary.get('Windshield — 2019 Honda Civic')!;
    expect(textOf(windshield, 'dtstart')).toBe('2031-06-20');
    expect(textOf(windshield, 'categories')).toBe('Repair');
  });

  it('keeps an event’s UID when the item’s due date is edited, and moves its date', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user);
    const record = await newRecord(testApp, user, 'maintenance', {
      vehicleId,
      title: 'Tire Rotation',
      category: 'Tire Rotation',
      date: '2031-02-01',
      dueDate: '2031-02-01',
    });
    const { path } = feedOf((await createLink(user)).url);
    const summary = 'Tire Rotation — 2019 Honda Civic';

    const before = parseFeed((await fetchFeed(path)).body).bySummary.get(summary)!;
    const edited = await testApp.inject({
      method: 'PATCH',
      url: `/api/maintenance/${record.id}`,
      headers: { cookie: user.cookie },
      payload: { dueDate: '2031-08-15' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = parseFeed((await fetchFeed(path)).body).bySummary.get(summary)!;

    expect(textOf(before, 'uid')).toBe(`record-maintenance-${record.id}@localhost`);
    expect(textOf(after, 'uid')).toBe(textOf(before, 'uid'));
    expect(textOf(before, 'dtstart')).toBe('2031-02-01');
    expect(textOf(after, 'dtstart')).toBe('2031-08-15');
  });

  it('holds only its owner’s items, never another user’s', async () => {
    const ada = await newUser(testApp);
    const grace = await newUser(testApp);
    const adasCar = await newVehicle(testApp, ada, { make: 'Honda', model: 'Civic' });
    const gracesCar = await newVehicle(testApp, grace, { make: 'Tesla', model: 'Model 3' });
    await insertRecords(testApp, ada, 'maintenance', adasCar, [
      { title: 'Ada’s oil', category: 'Oil Change', dueDate: '2031-03-10', isCompleted: false },
    ]);
    await insertRecords(testApp, grace, 'maintenance', gracesCar, [
      { title: 'Grace’s tires', category: 'Other', dueDate: '2031-03-11', isCompleted: false },
    ]);
    const adasFeed = (await fetchFeed(feedOf((await createLink(ada)).url).path)).body;
    const gracesFeed = (await fetchFeed(feedOf((await createLink(grace)).url).path)).body;

    expect([...parseFeed(adasFeed).bySummary.keys()]).toEqual(['Ada’s oil — 2019 Honda Civic']);
    expect([...parseFeed(gracesFeed).bySummary.keys()]).toEqual([
      'Grace’s tires — 2019 Tesla Model 3',
    ]);
    expect(adasFeed).not.toContain('Tesla');
    expect(gracesFeed).not.toContain('Civic');
  });

  it('is answered with four SQL statements however many items: the token’s lookup, the open records, the schedules and their vehicles’ readings', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user);
    await insertRecords(
      testApp,
      user,
      'maintenance',
      vehicleId,
      Array.from({ length: 30 }, (_, index) => ({
        title: `Service ${index}`,
        category: 'Other',
        dueDate: `2031-01-${String(index + 1).padStart(2, '0')}`,
        isCompleted: false,
      })),
    );
    for (const month of [3, 6, 9, 12]) {
      const added = await testApp.inject({
        method: 'POST',
        url: `/api/vehicles/${vehicleId}/schedules`,
        headers: { cookie: user.cookie },
        payload: { title: `Every ${month}`, category: 'Other', intervalMonths: month },
      });
      expect(added.statusCode).toBe(201);
    }
    const { path } = feedOf((await createLink(user)).url);
    const counting = await createStatementCountingApp(testApp);
    try {
      const { response, statements } = await counting.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(parseFeed(response.body).events).toHaveLength(34);
      expect(statements).toBe(4);
    } finally {
      await counting.close();
    }
  });
});

describe('the feed of a service schedule’s occurrence', () => {
  const scheduleItem: UpcomingItem = {
    id: 41,
    type: 'maintenance',
    title: 'Timing Belt',
    vehicleId: 7,
    vehicleName: '2019 Honda Civic',
    date: null,
    dueDate: null,
    dueMileage: 60_000,
    vehicleMileage: 58_800,
    odometerUnit: 'km',
    cost: null,
    description: null,
    imageUrl: null,
    fileUrl: null,
    isCompleted: false,
    scheduleId: 12,
    occurrence: 3,
    predictedDate: '2031-09-04',
  };

  it('names a schedule’s event by the schedule and occurrence, a record’s by its kind and id', () => {
    expect(calendarEventUid(scheduleItem, 'garage.example.com')).toBe(
      'schedule-12-3@garage.example.com',
    );
    expect(
      calendarEventUid(
        { ...scheduleItem, scheduleId: null, occurrence: null },
        'garage.example.com',
      ),
    ).toBe('record-maintenance-41@garage.example.com');
  });

  it('dates a distance due point on its predicted day and says so', () => {
    const feed = buildCalendarFeed([scheduleItem], {
      publicUrl: 'https://garage.example.com',
      now: new Date('2031-08-01T12:00:00Z'),
      user: { timeZone: 'UTC' },
    });
    const [event] = parseFeed(feed).events;
    expect(textOf(event!, 'uid')).toBe('schedule-12-3@garage.example.com');
    expect(textOf(event!, 'dtstart')).toBe('2031-09-04');
    expect(textOf(event!, 'summary')).toBe('Timing Belt — 2019 Honda Civic');
    expect(textOf(event!, 'categories')).toBe('Service schedule');
    expect(textOf(event!, 'description')).toBe(
      [
        'Due in about 1,200 km (around Sep 4, 2031)',
        'The date is predicted from the vehicle’s recent driving.',
        'Open the vehicle: https://garage.example.com/vehicles/7',
      ].join('\n'),
    );
  });
});
