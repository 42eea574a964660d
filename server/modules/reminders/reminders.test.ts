/**
 * Reminders that reach people (decision 054), on a real database with a real SMTP server and
 * real HTTP receivers on loopback for ntfy and webhooks: each change of state sends exactly one
 * message per channel, a second run and a restarted server send nothing again, a failed delivery
 * is retried and listed, the weekly digest goes out once a week, one-click unsubscribe stops
 * e-mail, and a vehicle's next look falls at the start of a day in its owner's time zone. One
 * user whose stored data throws is skipped and logged while everyone else is reminded (decision
 * 062).
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { notificationDeliveries, notificationSettings, reminderChecks } from '../../db/schema';
import { loggerOptions } from '../../logger';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, newVehicle } from '../../test/factory';
import { type Receiver, startReceiver } from '../../test/http-receiver';
import { type MailCapture, startMailCapture } from '../../test/mail-capture';
import { startOfDayIn, todayIn } from '../../today';
import { addDays } from '../schedules/schedules.calc';
import { nextDigestTime } from './reminders.service';

/** A new user's day: their zone is UTC until they choose one (decision 066). */
const utcToday = (now?: Date) => todayIn('UTC', now);

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let capture: MailCapture;
let receiver: Receiver;
let testApp: TestApp;
/** What the app logged, line by line. */
const logLines: Array<{ level: number; msg?: string; userId?: number }> = [];

beforeAll(async () => {
  capture = await startMailCapture();
  receiver = await startReceiver();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().trim().split('\n')) logLines.push(JSON.parse(line));
      done();
    },
  });
  testApp = await createTestApp(
    {
      SMTP_URL: capture.url,
      PUBLIC_URL: 'https://garage.example.org',
      AUTH_MAX_ATTEMPTS: '100000',
      PLAN_LIMITS: 'off',
      // The ntfy and webhook receivers listen on loopback (decision 063).
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    },
    { logger: pino(loggerOptions('info'), sink) },
  );
});

afterAll(async () => {
  await testApp?.close();
  await capture?.close();
  await receiver?.close();
});

const as = (user: SignedInUser) => ({ cookie: user.cookie });
const runReminders = () => testApp.app.backgroundJobs.runNow('reminders');

async function saveSettings(user: SignedInUser, payload: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/user/notifications',
    headers: as(user),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Decision 066: the user's time zone is a preference. */
async function saveTimeZone(user: SignedInUser, timeZone: string) {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/user/preferences',
    headers: as(user),
    payload: { timeZone },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const turnOnEveryChannel = (user: SignedInUser) =>
  saveSettings(user, {
    email: { enabled: true },
    ntfy: { url: `${receiver.url}/ntfy/${user.id}` },
    webhook: { url: `${receiver.url}/hook/${user.id}` },
  });

async function addSchedule(
  user: SignedInUser,
  vehicleId: number,
  payload: Record<string, unknown>,
) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/schedules`,
    headers: as(user),
    payload: { title: 'Oil Change', category: 'Oil Change', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** What reached the user: e-mails to their address, ntfy posts and webhooks on their paths. */
function sentTo(user: SignedInUser) {
  return {
    mails: capture.messages.filter((mail) => mail.envelopeTo.includes(user.email.toLowerCase())),
    ntfy: receiver.received.filter((request) => request.url === `/ntfy/${user.id}`),
    hooks: receiver.received.filter((request) => request.url === `/hook/${user.id}`),
  };
}

async function deliveriesOf(user: SignedInUser) {
  return testApp.database.db
    .select({
      channel: notificationDeliveries.channel,
      kind: notificationDeliveries.kind,
      status: notificationDeliveries.status,
      attempts: notificationDeliveries.attempts,
      lastError: notificationDeliveries.lastError,
    })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.userId, user.id))
    .orderBy(notificationDeliveries.id);
}

describe('the reminders job', () => {
  it('sends one message per channel as an item becomes due soon, then overdue, never twice', async () => {
    const user = await newUser(testApp);
    await turnOnEveryChannel(user);
    const civic = await newVehicle(testApp, user, { year: 2019, make: 'Honda', model: 'Civic' });
    // Due in 10 days: within the 14 days of "due soon".
    const schedule = await addSchedule(user, civic, {
      intervalMonths: 6,
      firstDueDate: addDays(utcToday(), 10),
    });

    await runReminders();
    let sent = sentTo(user);
    expect(sent.mails).toHaveLength(1);
    expect(sent.ntfy).toHaveLength(1);
    expect(sent.hooks).toHaveLength(1);
    const mail = sent.mails[0]!;
    expect(mail.subject).toBe('Due soon: Oil Change for your 2019 Honda Civic');
    expect(mail.text).toContain(
      `Oil Change for your 2019 Honda Civic is due on ${formatted(addDays(utcToday(), 10))}.`,
    );
    expect(mail.text).toContain(`https://garage.example.org/vehicles/${civic}`);
    // Decision 067: the message names the window that sent it, the user's lead.
    expect(mail.text).toContain('what is due within 14 days or 500 mi (Account Settings');
    expect(sent.ntfy[0]!.headers.click).toBe(`https://garage.example.org/vehicles/${civic}`);
    expect(JSON.parse(sent.hooks[0]!.body)).toMatchObject({ event: 'dueSoon' });

    // Nothing changed: a second run, and a server started afresh on the same database, send
    // nothing again.
    await runReminders();
    const restarted = await buildApp({ config: testApp.config, db: testApp.database.db });
    await restarted.backgroundJobs.runNow('reminders');
    await restarted.close();
    sent = sentTo(user);
    expect([sent.mails.length, sent.ntfy.length, sent.hooks.length]).toEqual([1, 1, 1]);

    // Its due date moved to yesterday: it is overdue, and says so once per channel.
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/schedules/${schedule.id}`,
      headers: as(user),
      payload: { firstDueDate: addDays(utcToday(), -1) },
    });
    await runReminders();
    await runReminders();
    sent = sentTo(user);
    expect([sent.mails.length, sent.ntfy.length, sent.hooks.length]).toEqual([2, 2, 2]);
    expect(sent.mails[1]!.subject).toBe('Overdue: Oil Change for your 2019 Honda Civic');
    expect(JSON.parse(sent.hooks[1]!.body)).toMatchObject({ event: 'overdue' });

    // Moved back and forward again, it enters no state it has not been in: nothing more.
    for (const days of [40, -1]) {
      await testApp.app.inject({
        method: 'PATCH',
        url: `/api/schedules/${schedule.id}`,
        headers: as(user),
        payload: { firstDueDate: addDays(utcToday(), days) },
      });
      await runReminders();
    }
    expect(sentTo(user).mails).toHaveLength(2);
    expect((await deliveriesOf(user)).map((row) => row.status)).toEqual(Array(6).fill('sent'));
  });

  it('retries a failed delivery later, and shows the failure until it gets through', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { ntfy: { url: `${receiver.url}/ntfy/${user.id}` } });
    const civic = await newVehicle(testApp, user);
    await addSchedule(user, civic, { firstDueDate: addDays(utcToday(), -3) });

    receiver.answer(503);
    await runReminders();
    receiver.answer(200);
    expect(await deliveriesOf(user)).toEqual([
      {
        channel: 'ntfy',
        kind: 'overdue',
        status: 'pending',
        attempts: 1,
        lastError: expect.stringContaining('503'),
      },
    ]);
    // Not before its time has come (a minute later)…
    await runReminders();
    expect(sentTo(user).ntfy).toHaveLength(1);
    // …then sent.
    await testApp.database.db
      .update(notificationDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(notificationDeliveries.userId, user.id));
    await runReminders();
    expect(sentTo(user).ntfy).toHaveLength(2);
    expect(await deliveriesOf(user)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2 }),
    ]);
  });

  it('stops e-mail from the one-click link, and cancels what was still waiting', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { email: { enabled: true } });
    const civic = await newVehicle(testApp, user);
    await addSchedule(user, civic, { firstDueDate: addDays(utcToday(), 5) });
    await runReminders();
    const [mail] = sentTo(user).mails;
    const line = mail!.headerLines.find((header) => header.key === 'list-unsubscribe')!.line;
    const url = new URL(/<([^>]+)>/.exec(line)![1]!);

    // A second item falls due while the mail server refuses: its e-mail waits to be retried.
    capture.refuse(true);
    await addSchedule(user, civic, {
      title: 'Tire rotation',
      firstDueDate: addDays(utcToday(), -2),
    });
    await runReminders();
    capture.refuse(false);

    const stop = await testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode).toBe(200);

    // When its time comes, the waiting e-mail is not sent, and a new item queues none.
    await testApp.database.db
      .update(notificationDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(notificationDeliveries.userId, user.id));
    await addSchedule(user, civic, { title: 'Air filter', firstDueDate: addDays(utcToday(), -1) });
    await runReminders();
    expect(sentTo(user).mails).toHaveLength(1);
    expect((await deliveriesOf(user)).map((row) => row.status)).toEqual(['sent', 'cancelled']);
  });

  it('sends the weekly digest once a week, listing what is overdue and due soon', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, {
      email: { enabled: true },
      events: { dueSoon: false, overdue: false, weeklyDigest: true },
    });
    const civic = await newVehicle(testApp, user, { year: 2019, make: 'Honda', model: 'Civic' });
    await addSchedule(user, civic, { firstDueDate: addDays(utcToday(), -2) });
    await addSchedule(user, civic, { title: 'Brake fluid', firstDueDate: addDays(utcToday(), 6) });
    await addSchedule(user, civic, { title: 'Air filter', firstDueDate: addDays(utcToday(), 90) });

    // The first run sees the digest on and sets its time: next Monday 08:00.
    await runReminders();
    const [row] = await testApp.database.db
      .select({ digestDueAt: notificationSettings.digestDueAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    expect(row!.digestDueAt?.toISOString()).toBe(nextDigestTime('UTC').toISOString());
    expect(sentTo(user).mails).toHaveLength(0);

    // Its time has come.
    await testApp.database.db
      .update(notificationSettings)
      .set({ digestDueAt: new Date(Date.now() - 60_000) })
      .where(eq(notificationSettings.userId, user.id));
    await runReminders();
    await runReminders();
    const mails = sentTo(user).mails;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your week ahead: 1 item overdue, 1 item due soon');
    expect(mails[0]!.text).toContain('Oil Change, 2019 Honda Civic: was due on');
    expect(mails[0]!.text).toContain('Brake fluid, 2019 Honda Civic: due on');
    expect(mails[0]!.text).not.toContain('Air filter');
  });

  it('looks at a vehicle again when its owner’s day of change begins, in their time zone', async () => {
    const user = await newUser(testApp);
    await saveTimeZone(user, 'Pacific/Kiritimati');
    const today = todayIn('Pacific/Kiritimati');
    const civic = await newVehicle(testApp, user);
    // Due in 30 days of Kiritimati's calendar: due soon from day 16, its midnight there.
    await addSchedule(user, civic, { firstDueDate: addDays(today, 30) });
    await runReminders();
    const [check] = await testApp.database.db
      .select({ checkAt: reminderChecks.checkAt })
      .from(reminderChecks)
      .where(eq(reminderChecks.vehicleId, civic));
    expect(check!.checkAt?.toISOString()).toBe(
      startOfDayIn(addDays(today, 16), 'Pacific/Kiritimati').toISOString(),
    );
    // A reading asks for a look at once, whatever that time.
    await testApp.app.inject({
      method: 'POST',
      url: `/api/vehicles/${civic}/odometer`,
      headers: as(user),
      payload: { date: utcToday(), odometer: 1000 },
    });
    const asked = await testApp.database.db.execute<{ due: boolean }>(
      sql`select check_at <= now() as "due" from reminder_checks where vehicle_id = ${civic}`,
    );
    expect(asked.rows[0]!.due).toBe(true);
  });
});

describe('a user whose stored data throws', () => {
  const health = async () =>
    (await testApp.app.inject({ method: 'GET', url: '/healthz' })).json() as {
      reminders: { failingUsers: number };
    };

  it('is skipped and logged while everyone else is reminded, and reminded once repaired', async () => {
    const good = await newUser(testApp);
    const bad = await newUser(testApp);
    for (const user of [good, bad]) {
      await turnOnEveryChannel(user);
      const civic = await newVehicle(testApp, user, { year: 2019, make: 'Honda', model: 'Civic' });
      await addSchedule(user, civic, { intervalMonths: 6, firstDueDate: addDays(utcToday(), 10) });
    }
    // As a restore before decision 062 could store them: values the settings call refuses.
    await testApp.database.db.execute(
      sql`update notification_settings set due_soon_days = 2147483647 where user_id = ${bad.id}`,
    );
    await testApp.database.db.execute(
      sql`update users set time_zone = 'Not/AZone' where id = ${bad.id}`,
    );

    await runReminders();
    const delivered = sentTo(good);
    expect(delivered.mails).toHaveLength(1);
    expect(delivered.ntfy).toHaveLength(1);
    expect(delivered.hooks).toHaveLength(1);
    expect(sentTo(bad)).toEqual({ mails: [], ntfy: [], hooks: [] });
    const logged = logLines.filter((line) => line.userId === bad.id && line.level >= 50);
    expect(logged.map((line) => line.msg)).toEqual([
      'reminders of a user could not be judged: skipped, looked at again later',
    ]);
    expect(logLines.some((line) => line.userId === good.id && line.level >= 50)).toBe(false);
    expect((await health()).reminders.failingUsers).toBe(1);

    // Their pages still answer, with the defaults standing in for what was refused.
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/api/upcoming-maintenance',
      headers: as(bad),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toHaveLength(1);

    // Repaired through the settings call; once the retry is due, their reminder goes out.
    await saveSettings(bad, { dueSoonDays: 14 });
    await saveTimeZone(bad, 'Europe/Paris');
    await testApp.database.db.execute(
      sql`update reminder_checks set check_at = now() where user_id = ${bad.id}`,
    );
    await runReminders();
    expect(sentTo(bad).mails).toHaveLength(1);
    expect(sentTo(bad).ntfy).toHaveLength(1);
    expect(sentTo(good).mails).toHaveLength(1);
    expect((await health()).reminders.failingUsers).toBe(0);
  });

  it('does not stop the weekly digests of others', async () => {
    const good = await newUser(testApp);
    const bad = await newUser(testApp);
    for (const user of [good, bad]) {
      await saveSettings(user, {
        email: { enabled: true },
        events: { dueSoon: false, overdue: false, weeklyDigest: true },
      });
      const civic = await newVehicle(testApp, user);
      await addSchedule(user, civic, { firstDueDate: addDays(utcToday(), -2) });
    }
    await testApp.database.db.execute(
      sql`update notification_settings set digest_due_at = now() - interval '1 minute'
        where user_id in (${good.id}, ${bad.id})`,
    );
    await testApp.database.db.execute(
      sql`update users set time_zone = 'Not/AZone' where id = ${bad.id}`,
    );
    await runReminders();
    expect(sentTo(good).mails.map((mail) => mail.subject)).toEqual([
      'Your week ahead: 1 item overdue',
    ]);
    expect(sentTo(bad).mails).toEqual([]);
    expect(
      logLines.some(
        (line) =>
          line.userId === bad.id &&
          line.msg === 'weekly digest of a user could not be made: skipped, tried again later',
      ),
    ).toBe(true);
    // Tried again later, not at once.
    const [row] = await testApp.database.db
      .select({ digestDueAt: notificationSettings.digestDueAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, bad.id));
    expect(row!.digestDueAt!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a scan and a write on the same vehicle', () => {
  // The scan's transaction holds the vehicle's check row and raises the user's data version
  // when it commits (its deliveries are the user's data). A write raises the same version at
  // its commit and asks for the vehicle's next look on the same check row: were the look asked
  // for after the version, each would wait on the other and PostgreSQL would abort one, the
  // user's save answering 500.
  it('never wait on each other: the save goes through once the scan commits', async () => {
    const user = await newUser(testApp);
    await saveSettings(user, { email: { enabled: true } });
    const civic = await newVehicle(testApp, user);
    const scan = await testApp.database.pool.connect();
    try {
      await scan.query('begin');
      // As the job claims a due vehicle.
      const claimed = await scan.query(
        'select vehicle_id from reminder_checks where vehicle_id = $1 for update skip locked',
        [civic],
      );
      expect(claimed.rowCount).toBe(1);
      const save = testApp.app.inject({
        method: 'POST',
        url: `/api/vehicles/${civic}/schedules`,
        headers: as(user),
        payload: { title: 'Oil Change', category: 'Oil Change', firstDueDate: '2030-01-01' },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // As the job queues a delivery for the user and sets the next look, then commits.
      const event = await scan.query(
        `insert into reminder_events (user_id, vehicle_id, item_type, item_id, occurrence, state)
         values ($1, $2, 'schedule', 0, 0, 'due_soon') returning id`,
        [user.id, civic],
      );
      await scan.query(
        `insert into notification_deliveries (user_id, sent_key, event_id, channel, kind, message)
         values ($1, 'test', $2, 'email', 'reminder', '{}')`,
        [user.id, event.rows[0].id],
      );
      await scan.query('update reminder_checks set check_at = null where vehicle_id = $1', [civic]);
      await scan.query('commit');
      const saved = await save;
      expect(saved.statusCode, saved.body).toBe(201);
    } finally {
      scan.release();
    }
    // The save asked for a look after the scan's: the new schedule is looked at.
    const [check] = await testApp.database.db
      .select({ checkAt: reminderChecks.checkAt })
      .from(reminderChecks)
      .where(eq(reminderChecks.vehicleId, civic));
    expect(check!.checkAt).not.toBeNull();
  });
});

function formatted(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
