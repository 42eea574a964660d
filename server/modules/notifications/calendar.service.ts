/**
 * The calendar feed (decision 054): the secret link a user makes, replaces and turns off, and the
 * iCalendar document behind it. The link's token is 32 random bytes; only its SHA-256 is kept,
 * and it opens this one read-only feed, nothing else (it is no session and no API key).
 *
 * The feed is the upcoming items list (D18, with each service schedule's next occurrence) as
 * all-day events. An event's UID names the item and its occurrence, never its date: a calendar
 * app updates the event in place when the date moves instead of showing a duplicate.
 */
import crypto from 'node:crypto';
import {
  CALENDAR_FEED_PREFIX,
  CALENDAR_FEED_SUFFIX,
  CALENDAR_FEED_TEXTS,
  CALENDAR_MESSAGES,
  type CalendarToken,
  type CreatedCalendarToken,
} from '@contract/calendar';
import { describeDue } from '@contract/due-text';
import {
  effectiveDueDate,
  isUpcomingItemOverdue,
  RECORD_KINDS,
  RECORD_TYPES,
  type RecordType,
  type UpcomingItem,
} from '@contract/records';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { notFound } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { atMidnightUtc, SERVER_DUE_FORMAT } from '../../due-words';
import { todayOf } from '../../today';
import { hashToken } from '../accounts/sessions.service';
import type { UpcomingItemsReader } from '../records/upcoming-items';
import {
  deleteCalendarToken,
  findCalendarTokenCreatedAt,
  findCalendarTokenOwner,
  replaceCalendarToken,
} from './calendar.repository';

/** Calendar apps are told to look again after this long (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 6 * 60 * 60;
/** The reminder a calendar app shows: the day before the event starts. */
const ALARM_SECONDS_BEFORE = 24 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one rule of an event's UID: a record is `record-<type>-<id>`, a schedule's due point
 * `schedule-<scheduleId>-<occurrence>` (its next completion makes the next occurrence a new
 * event), both `@<host>` of the public URL. No date in it, so it survives the date moving.
 */
export function calendarEventUid(item: UpcomingItem, host: string): string {
  if (item.scheduleId !== null) {
    return `schedule-${item.scheduleId}-${item.occurrence ?? 0}@${host}`;
  }
  return `record-${item.type}-${item.id}@${host}`;
}

/**
 * The day an item's event is on: its due date (D18: the due date, else the record's date), or,
 * when a predicted date comes first (a schedule due by distance), that one. Null leaves it out.
 */
function eventDay(item: UpcomingItem): { day: string; isPredicted: boolean } | null {
  const due = effectiveDueDate(item);
  const predicted = item.predictedDate;
  if (predicted !== null && (due === null || predicted < due)) {
    return { day: predicted, isPredicted: true };
  }
  return due === null ? null : { day: due, isPredicted: false };
}

/** When the item is due, in the upcoming lists' words (contract/due-text.ts). */
function dueText(item: UpcomingItem): string | null {
  if (effectiveDueDate(item) === null && item.dueMileage === null) return null;
  return describeDue(item, SERVER_DUE_FORMAT);
}

function categoryOf(item: UpcomingItem): string {
  if (item.scheduleId !== null) {
    return CALENDAR_FEED_TEXTS.scheduleCategory;
  }
  return RECORD_TYPES.includes(item.type as RecordType)
    ? RECORD_KINDS[item.type as RecordType].label
    : 'Other';
}

/**
 * The iCalendar document of a user's items, as of `now` (which dates DTSTAMP and, on the user's
 * day, 'overdue').
 */
export function buildCalendarFeed(
  items: readonly UpcomingItem[],
  { publicUrl, now, user }: { publicUrl: string; now: Date; user: { timeZone: string } },
): string {
  const host = new URL(publicUrl).hostname;
  const today = todayOf(user, now);
  const calendar = ical({
    name: CALENDAR_FEED_TEXTS.calendarName,
    description: CALENDAR_FEED_TEXTS.calendarDescription,
    prodId: { company: 'Garage Ledger', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    url: publicUrl,
  });
  for (const item of items) {
    const when = eventDay(item);
    if (when === null) continue;
    const isOverdue = isUpcomingItemOverdue(item, today);
    const vehicleUrl = `${publicUrl}/vehicles/${item.vehicleId}`;
    const summary =
      (isOverdue ? CALENDAR_FEED_TEXTS.overduePrefix : '') +
      CALENDAR_FEED_TEXTS.summary(item.title, item.vehicleName);
    const description = [
      dueText(item),
      when.isPredicted ? CALENDAR_FEED_TEXTS.predicted : null,
      isOverdue ? CALENDAR_FEED_TEXTS.overdueNote : null,
      item.description?.trim() || null,
      CALENDAR_FEED_TEXTS.openVehicle(vehicleUrl),
    ].filter((line): line is string => line !== null);
    const start = atMidnightUtc(when.day);
    const event = calendar.createEvent({
      id: calendarEventUid(item, host),
      allDay: true,
      start,
      end: new Date(start.getTime() + DAY_MS),
      stamp: now,
      summary,
      description: description.join('\n'),
      url: vehicleUrl,
      categories: [{ name: categoryOf(item) }],
      priority: isOverdue ? 1 : null,
    });
    event.createAlarm({
      type: ICalAlarmType.display,
      trigger: ALARM_SECONDS_BEFORE,
      description: summary,
    });
  }
  return calendar.toString();
}

export function createCalendarService({
  db,
  config,
  upcomingItems,
}: {
  db: Db;
  config: Config;
  upcomingItems: UpcomingItemsReader;
}) {
  const feedUrl = (token: string) =>
    `${config.publicUrl}${CALENDAR_FEED_PREFIX}${token}${CALENDAR_FEED_SUFFIX}`;

  return {
    /** Whether the user has a feed, and since when. */
    async readCalendarToken(userId: number): Promise<CalendarToken> {
      const createdAt = await findCalendarTokenCreatedAt(db, userId);
      return { createdAt: createdAt?.toISOString() ?? null };
    },

    /** A new secret in place of any earlier one (whose URL stops working); its URL, once. */
    async createCalendarToken(userId: number): Promise<CreatedCalendarToken> {
      const token = crypto.randomBytes(32).toString('base64url');
      const createdAt = await replaceCalendarToken(db, userId, hashToken(token));
      return { url: feedUrl(token), createdAt: createdAt.toISOString() };
    },

    /** Turns the feed off; 404 when there is none. */
    async revokeCalendarToken(userId: number): Promise<void> {
      if (!(await deleteCalendarToken(db, userId))) throw notFound(CALENDAR_MESSAGES.noFeed);
    },

    /**
     * The feed of the token's owner: the token's lookup (unique index) and the upcoming items'
     * reads, a constant number of statements. An unknown or revoked token is a plain 404.
     */
    async readCalendarFeed(token: string, now = new Date()): Promise<string> {
      const owner = await findCalendarTokenOwner(db, hashToken(token));
      if (owner === null) throw notFound();
      const items: UpcomingItem[] = await upcomingItems(owner);
      return buildCalendarFeed(items, { publicUrl: config.publicUrl, now, user: owner });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
