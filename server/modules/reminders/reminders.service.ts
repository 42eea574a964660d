/**
 * Reminders that reach people (decision 054): the scan that notices items entering a state, the
 * delivery of the messages it queues, and the weekly digest. All three run in the `reminders`
 * background job, every `REMINDER_CHECK_SECONDS`, on whichever server the queue hands it to;
 * each claims its rows with `for update skip locked`, so servers running at once share the work
 * and never do one piece twice.
 *
 * - **Scan.** Vehicles whose `reminder_checks.check_at` has come (a write asked, or a date was
 *   reached) are evaluated with the pages' own arithmetic. Each item in the due-soon or overdue
 *   state is recorded once per occurrence and state (`reminder_events`, unique); a newly recorded
 *   one queues a delivery per channel the user has on, in the same transaction. The vehicle's
 *   next check is the start, in the user's time zone, of the first day a state can change with
 *   no new data.
 * - **Delivery.** One pending delivery per transaction: claimed, sent, recorded, committed. A
 *   server that dies mid-send leaves it pending for the next run: at most one duplicate, never a
 *   loss. A failure is retried later, then given up as failed (shown in Account Settings).
 * - **Digest.** Monday 08:00 in the user's time zone, one message per channel listing what is
 *   overdue or due soon.
 *
 * **One user never stops the rest** (decision 062): each user's part of a batch is judged on its
 * own. A user whose data throws (stored settings the settings call refuses, among others) is
 * logged with their id and skipped, nothing of theirs recorded; their vehicles are looked at again
 * after FAILED_USER_RETRY_SECONDS and counted by `/healthz` until a look works.
 */
import { type DueState, dueStateOn } from '@contract/due-state';
import { describeDue } from '@contract/due-text';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  reminderLeadText,
} from '@contract/notifications';
import type { RecordType } from '@contract/records';
import { DEFAULT_TIME_ZONE } from '@contract/schedules';
import { type DistanceUnit, isKnownTimeZone } from '@contract/units';
import { vehicleTitle } from '@contract/vehicles';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/open';
import { SERVER_DUE_FORMAT } from '../../due-words';
import { startOfDayIn, todayOf } from '../../today';
import { CHANNELS, type DeliverMessage, DeliveryError } from '../notifications/channels';
import {
  composeDigestMessage,
  composeReminderMessage,
  type DigestItem,
  type NotificationMessage,
} from '../notifications/messages';
import { findReadingsOfVehicles } from '../odometer/odometer.repository';
import {
  addDays,
  type Driving,
  type DuePoint,
  nextChangeDay,
  predictedDateOf,
} from '../schedules/schedules.calc';
import { findSchedulesOfVehicles } from '../schedules/schedules.repository';
import {
  evaluateSchedule,
  judgeByVehicle,
  NO_DRIVING,
  refusedReminderTerms,
  reminderTermsOf,
  thresholdsFor,
} from '../schedules/schedules.service';
import {
  claimDueDigests,
  claimDueVehicles,
  claimPendingDelivery,
  countFailingUsers,
  findOpenRecordsOfVehicles,
  findReminderSettingsOfUsers,
  findVehicleFacts,
  findVehicleIdsOfUser,
  insertDeliveries,
  insertNewEvents,
  type NewDelivery,
  type ReminderEvent,
  recordDeliveryOutcome,
  setDigestDueAt,
  setNextChecks,
  type UserReminderSettings,
  type VehicleFacts,
} from './reminders.repository';

/** Vehicles evaluated per transaction: a batch's reads are one statement per table. */
const SCAN_BATCH = 500;
/** Deliveries sent per run at most, so one run never holds the worker for long. */
const DELIVERIES_PER_RUN = 500;
/** Tries of a delivery before it is given up; the waits between them, in seconds. */
export const DELIVERY_RETRY_SECONDS = [60, 300, 900, 3_600, 10_800] as const;
const DELIVERY_ATTEMPTS = DELIVERY_RETRY_SECONDS.length + 1;
/** The digest goes out on Monday at this hour of the user's day. */
const DIGEST_HOUR = 8;
/** A user whose reminders could not be judged is looked at again after this long. */
export const FAILED_USER_RETRY_SECONDS = 600;

export type ReminderItemType = 'schedule' | RecordType;

/** An open item as the scan judges it. */
type JudgedItem = {
  itemType: ReminderItemType;
  itemId: number;
  occurrence: number;
  title: string;
  due: DuePoint;
  predictedDate: string | null;
  state: DueState;
  nextChange: string | null;
};

type VehicleItems = {
  vehicle: VehicleFacts;
  driving: Driving;
  items: JudgedItem[];
  /** The owner's reminder window in words. */
  lead: string;
};

function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * What a user's reminders are judged with in a vehicle's unit, and their day. Stored terms the
 * settings call refuses throw: a reminder is never sent on a guessed day or threshold.
 */
function termsOf(user: UserReminderSettings | undefined, unit: DistanceUnit) {
  const isZoneRefused = user !== undefined && !isKnownTimeZone(user.timeZone);
  const refused = [
    ...refusedReminderTerms(user?.settings ?? null),
    ...(isZoneRefused ? ['timeZone'] : []),
  ];
  if (refused.length > 0) {
    throw new Error(`stored settings refused by the calls that set them: ${refused.join(', ')}`);
  }
  const terms = reminderTermsOf(
    user?.settings ?? null,
    user?.distanceUnit ?? 'mi',
    user?.timeZone ?? DEFAULT_TIME_ZONE,
  );
  return {
    thresholds: thresholdsFor(terms, unit),
    timeZone: terms.timeZone,
    // Decision 067: the window in the user's own unit, as the settings show it.
    lead: reminderLeadText(
      terms.dueSoonDays,
      SERVER_DUE_FORMAT.distance(terms.dueSoonDistance, terms.distanceUnit),
    ),
  };
}

/** The channels a user has on, in the table's order. */
function enabledChannels(user: UserReminderSettings): NotificationChannel[] {
  const settings = user.settings;
  if (settings === null) return [];
  return NOTIFICATION_CHANNELS.filter((channel) => CHANNELS[channel].isEnabled(settings));
}

/** 'on Mar 4, 2027', 'at 61,200 mi (300 mi overdue)', 'in about 1,200 mi (around …)'. */
function dueAfterVerb(item: JudgedItem, vehicle: VehicleFacts, driving: Driving): string {
  return describeDue(
    {
      dueDate: item.due.date,
      date: null,
      dueMileage: item.due.odometer,
      vehicleMileage: driving.current?.odometer ?? vehicle.mileage,
      odometerUnit: vehicle.odometerUnit,
      predictedDate: item.predictedDate,
    },
    SERVER_DUE_FORMAT,
    'inSentence',
  );
}

/** The next Monday at 08:00 in `timeZone` after `now` (today's, when it has not yet come). */
export function nextDigestTime(timeZone: string, now = new Date()): Date {
  const today = todayOf({ timeZone }, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 1 Monday
  for (let ahead = (8 - weekday) % 7; ; ahead += 7) {
    const day = addDays(today, ahead);
    const at = new Date(startOfDayIn(day, timeZone).getTime() + DIGEST_HOUR * 3_600_000);
    if (at > now) return at;
  }
}

export function createRemindersService({
  db,
  deliverMessage,
  publicUrl,
  log,
}: {
  db: Db;
  deliverMessage: DeliverMessage;
  publicUrl: string;
  log?: FastifyBaseLogger;
}) {
  const vehicleLink = (vehicleId: number) => `${publicUrl}/vehicles/${vehicleId}`;

  /**
   * Every open item of the vehicles, judged on each owner's day. An owner whose data throws is
   * put in `failed` with the error, and none of their vehicles is answered.
   */
  async function judgeVehicles(
    tx: Executor,
    vehicleIds: readonly number[],
    now: Date,
    failed: Map<number, unknown>,
  ): Promise<{
    vehicles: VehicleItems[];
    users: Map<number, UserReminderSettings>;
    ownerOf: Map<number, number>;
  }> {
    // One after the other: a transaction's statements share its one connection.
    const facts = await findVehicleFacts(tx, vehicleIds);
    const schedules = await findSchedulesOfVehicles(tx, vehicleIds);
    const records = await findOpenRecordsOfVehicles(tx, vehicleIds);
    const readings = await findReadingsOfVehicles(tx, vehicleIds);
    const userIds = [...new Set(facts.map((vehicle) => vehicle.userId))];
    const users = new Map(
      (userIds.length === 0 ? [] : await findReminderSettingsOfUsers(tx, userIds)).map((user) => [
        user.userId,
        user,
      ]),
    );
    const schedulesOf = groupBy(schedules, (row) => row.vehicleId);
    const recordsOf = groupBy(records, (row) => row.vehicleId);
    const units = new Map(facts.map((vehicle) => [vehicle.id, vehicle.odometerUnit]));
    const drivingByVehicle = judgeByVehicle(readings, (vehicleId) => units.get(vehicleId)!);
    const judgeVehicle = (vehicle: VehicleFacts): VehicleItems => {
      const driving = drivingByVehicle.get(vehicle.id) ?? NO_DRIVING;
      const { thresholds, timeZone, lead } = termsOf(
        users.get(vehicle.userId),
        vehicle.odometerUnit,
      );
      const today = todayOf({ timeZone }, now);
      const current = driving.current?.odometer ?? vehicle.mileage;
      const judge = (base: Omit<JudgedItem, 'state' | 'nextChange'>): JudgedItem => ({
        ...base,
        state: dueStateOn(base.due, base.predictedDate, current, today, thresholds),
        nextChange: nextChangeDay(base.due, base.predictedDate, today, thresholds),
      });
      const items = [
        ...(schedulesOf.get(vehicle.id) ?? []).flatMap((row) => {
          const { due, predictedDate } = evaluateSchedule(row, driving);
          if (due.date === null && due.odometer === null) return [];
          return [
            judge({
              itemType: 'schedule',
              itemId: row.id,
              occurrence: row.occurrence,
              title: row.title,
              due,
              predictedDate,
            }),
          ];
        }),
        ...(recordsOf.get(vehicle.id) ?? []).map((row) => {
          const due = { date: row.dueDate, odometer: row.dueMileage };
          return judge({
            itemType: row.type,
            itemId: row.id,
            occurrence: 0,
            title: row.title,
            due,
            predictedDate: predictedDateOf(row.dueMileage, driving),
          });
        }),
      ];
      return { vehicle, driving, items, lead };
    };
    const judged = facts.flatMap((vehicle) => {
      if (failed.has(vehicle.userId)) return [];
      try {
        return [judgeVehicle(vehicle)];
      } catch (error) {
        failed.set(vehicle.userId, error);
        return [];
      }
    });
    return {
      vehicles: judged.filter((row) => !failed.has(row.vehicle.userId)),
      users,
      ownerOf: new Map(facts.map((vehicle) => [vehicle.id, vehicle.userId])),
    };
  }

  /** The message of an item entering its state. */
  function reminderMessageOf(item: JudgedItem, vehicle: VehicleItems): NotificationMessage {
    return composeReminderMessage({
      kind: item.state as 'dueSoon' | 'overdue',
      itemTitle: item.title,
      vehicleName: vehicleTitle(vehicle.vehicle),
      dueText: dueAfterVerb(item, vehicle.vehicle, vehicle.driving),
      link: vehicleLink(vehicle.vehicle.id),
      lead: vehicle.lead,
    });
  }

  /** The messages of newly recorded events, one per channel the owner has on. */
  function deliveriesOf(
    inserted: readonly (ReminderEvent & { id: number })[],
    messages: Map<string, NotificationMessage>,
    users: Map<number, UserReminderSettings>,
  ): NewDelivery[] {
    return inserted.flatMap((event) => {
      const user = users.get(event.userId);
      const message = messages.get(eventKey(event));
      if (!user?.settings || !message) return [];
      const wanted =
        event.state === 'overdue' ? user.settings.notifyOverdue : user.settings.notifyDueSoon;
      if (!wanted) return [];
      return enabledChannels(user).map((channel) => ({
        userId: event.userId,
        sentKey: `${eventKey(event)}:${channel}`,
        eventId: event.id,
        channel,
        kind: event.state,
        message,
      }));
    });
  }

  /**
   * One user's part of a batch: each vehicle's next look, and each item in a state with its
   * message. Throws when the user's data does; nothing of it is kept then.
   */
  function planUser(owned: readonly VehicleItems[], user: UserReminderSettings | undefined) {
    const checks: { vehicleId: number; checkAt: Date | null }[] = [];
    const events: { event: ReminderEvent; message: NotificationMessage }[] = [];
    for (const judged of owned) {
      const { timeZone } = termsOf(user, judged.vehicle.odometerUnit);
      const days = judged.items.flatMap((item) => (item.nextChange ? [item.nextChange] : []));
      const firstDay = days.length === 0 ? null : days.reduce((a, b) => (a < b ? a : b));
      checks.push({
        vehicleId: judged.vehicle.id,
        checkAt: firstDay === null ? null : startOfDayIn(firstDay, timeZone),
      });
      for (const item of judged.items) {
        if (item.state === 'ok') continue;
        const event: ReminderEvent = {
          userId: judged.vehicle.userId,
          vehicleId: judged.vehicle.id,
          itemType: item.itemType,
          itemId: item.itemId,
          occurrence: item.occurrence,
          state: item.state,
        };
        events.push({ event, message: reminderMessageOf(item, judged) });
      }
    }
    return { checks, events };
  }

  /** One batch of the scan; answers how many vehicles it looked at and which users failed. */
  async function scanBatch(now: Date) {
    return db.transaction(async (tx) => {
      const vehicleIds = await claimDueVehicles(tx, SCAN_BATCH);
      if (vehicleIds.length === 0) return { vehicles: 0, events: 0, deliveries: 0, failed: 0 };
      const failed = new Map<number, unknown>();
      const { vehicles, users, ownerOf } = await judgeVehicles(tx, vehicleIds, now, failed);
      const messages = new Map<string, NotificationMessage>();
      const events: ReminderEvent[] = [];
      // The vehicles of a user who failed are looked at again later; the others' failure is cleared.
      const retryAt = new Date(now.getTime() + FAILED_USER_RETRY_SECONDS * 1000);
      const nextOf = new Map(
        vehicleIds.map((vehicleId) => [
          vehicleId,
          { vehicleId, checkAt: null as Date | null, failedAt: null as Date | null },
        ]),
      );
      for (const [userId, owned] of groupBy(vehicles, (row) => row.vehicle.userId)) {
        try {
          const planned = planUser(owned, users.get(userId));
          for (const check of planned.checks) nextOf.get(check.vehicleId)!.checkAt = check.checkAt;
          for (const { event, message } of planned.events) {
            events.push(event);
            messages.set(eventKey(event), message);
          }
        } catch (error) {
          failed.set(userId, error);
        }
      }
      for (const [vehicleId, userId] of ownerOf) {
        if (failed.has(userId)) {
          Object.assign(nextOf.get(vehicleId)!, { checkAt: retryAt, failedAt: now });
        }
      }
      for (const [userId, error] of failed) {
        log?.error(
          { userId, err: error },
          'reminders of a user could not be judged: skipped, looked at again later',
        );
      }
      const inserted = await insertNewEvents(tx, events);
      const deliveries = await insertDeliveries(tx, deliveriesOf(inserted, messages, users));
      await setNextChecks(tx, [...nextOf.values()]);
      return {
        vehicles: vehicleIds.length,
        events: inserted.length,
        deliveries,
        failed: failed.size,
      };
    });
  }

  /** Sends one pending delivery; false when none is waiting. */
  async function deliverOne(): Promise<'sent' | 'failed' | 'retrying' | 'cancelled' | null> {
    return db.transaction(async (tx) => {
      const claimed = await claimPendingDelivery(tx);
      if (!claimed) return null;
      const channel = claimed.channel as NotificationChannel;
      const [user] = await findReminderSettingsOfUsers(tx, [claimed.userId]);
      const attempts = claimed.attempts + 1;
      // Turned off since it was queued: not sent.
      if (!user?.settings || !CHANNELS[channel].isEnabled(user.settings)) {
        await recordDeliveryOutcome(tx, claimed.id, {
          status: 'cancelled',
          attempts: claimed.attempts,
          lastError: null,
        });
        return 'cancelled';
      }
      try {
        await deliverMessage({
          channel,
          settings: user.settings,
          user: { email: user.email },
          message: claimed.message as NotificationMessage,
        });
      } catch (error) {
        const reason =
          error instanceof DeliveryError || error instanceof Error ? error.message : String(error);
        const isLast = attempts >= DELIVERY_ATTEMPTS;
        log?.warn({ deliveryId: claimed.id, channel, attempts, err: error }, 'delivery failed');
        await recordDeliveryOutcome(tx, claimed.id, {
          status: isLast ? 'failed' : 'pending',
          attempts,
          lastError: reason,
          retryInSeconds: isLast ? 0 : DELIVERY_RETRY_SECONDS[attempts - 1],
        });
        return isLast ? 'failed' : 'retrying';
      }
      await recordDeliveryOutcome(tx, claimed.id, { status: 'sent', attempts, lastError: null });
      return 'sent';
    });
  }

  /** The digests that are due: one message per channel, then next Monday. */
  async function sendDueDigests(now: Date) {
    let digests = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const due = await claimDueDigests(tx, 50);
        for (const row of due) {
          // Each user's digest in a savepoint of its own: one whose data throws is logged and
          // asked again later, and the others' go out.
          try {
            digests += await tx.transaction(async (own) => {
              const next = nextDigestTime(row.timeZone, now);
              const queued =
                row.digestDueAt === null
                  ? 0
                  : await queueDigest(own, row.userId, row.digestDueAt, now);
              await setDigestDueAt(own, row.userId, next);
              return queued;
            });
          } catch (error) {
            log?.error(
              { userId: row.userId, err: error },
              'weekly digest of a user could not be made: skipped, tried again later',
            );
            const retryAt = new Date(now.getTime() + FAILED_USER_RETRY_SECONDS * 1000);
            await setDigestDueAt(tx, row.userId, retryAt);
          }
        }
        return due.length < 50;
      });
      if (done) return digests;
    }
  }

  async function queueDigest(tx: Executor, userId: number, dueAt: string, now: Date) {
    const [user] = await findReminderSettingsOfUsers(tx, [userId]);
    if (!user) return 0;
    const vehicleIds = await findVehicleIdsOfUser(tx, userId);
    const failed = new Map<number, unknown>();
    const { vehicles } =
      vehicleIds.length === 0 ? { vehicles: [] } : await judgeVehicles(tx, vehicleIds, now, failed);
    // A digest missing the items that could not be judged would say less than is due.
    if (failed.has(userId)) throw failed.get(userId);
    const items: DigestItem[] = vehicles.flatMap((judged) =>
      judged.items.flatMap((item) =>
        item.state === 'ok'
          ? []
          : [
              {
                title: item.title,
                vehicleName: vehicleTitle(judged.vehicle),
                dueText: dueAfterVerb(item, judged.vehicle, judged.driving),
                state: item.state,
                link: vehicleLink(judged.vehicle.id),
              },
            ],
      ),
    );
    // The window in the user's own unit, as the single reminders and the settings say it.
    const { lead } = termsOf(user, user.distanceUnit);
    const message = composeDigestMessage(items, lead, `${publicUrl}/dashboard`);
    const week = new Date(dueAt).toISOString().slice(0, 10);
    return insertDeliveries(
      tx,
      enabledChannels(user).map((channel) => ({
        userId,
        sentKey: `digest:${userId}:${week}:${channel}`,
        eventId: null,
        channel,
        kind: 'digest',
        message,
      })),
    );
  }

  return {
    /** Looks at every vehicle whose check has come, batch by batch. */
    async scan(stopping?: AbortSignal, now = new Date()) {
      const total = { vehicles: 0, events: 0, deliveries: 0, failedUsers: 0 };
      for (;;) {
        const batch = await scanBatch(now);
        total.vehicles += batch.vehicles;
        total.events += batch.events;
        total.deliveries += batch.deliveries;
        total.failedUsers += batch.failed;
        if (batch.vehicles < SCAN_BATCH || stopping?.aborted) return total;
      }
    },

    /** Sends what is pending and due, one delivery per transaction. */
    async deliver(stopping?: AbortSignal) {
      const outcomes = { sent: 0, failed: 0, retrying: 0, cancelled: 0 };
      for (let count = 0; count < DELIVERIES_PER_RUN && !stopping?.aborted; count += 1) {
        const outcome = await deliverOne();
        if (outcome === null) break;
        outcomes[outcome] += 1;
      }
      return outcomes;
    },

    sendDueDigests: (now = new Date()) => sendDueDigests(now),

    /** Users whose vehicles' last look failed (decision 062): a figure of `/healthz`. */
    failingUsers: () => countFailingUsers(db),

    /** The `reminders` job: the scan, the digests, then the deliveries they queued. */
    async run(stopping?: AbortSignal) {
      const scanned = await this.scan(stopping);
      const digests = await sendDueDigests(new Date());
      const delivered = await this.deliver(stopping);
      return { ...scanned, digests, ...delivered };
    },
  };
}

function eventKey(event: Pick<ReminderEvent, 'itemType' | 'itemId' | 'occurrence' | 'state'>) {
  return `${event.itemType}:${event.itemId}:${event.occurrence}:${event.state}`;
}

export type RemindersService = ReturnType<typeof createRemindersService>;
