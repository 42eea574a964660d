/**
 * Where reminders go and how they are said (decision 054): the three channels, the kinds of
 * message, the user's settings with their bounds and defaults, the deliveries Account Settings
 * lists, and the texts of the notification calls. The schemas are in `schemas/notifications.ts`.
 */
import type { z } from 'zod';
import type {
  DELIVERY_STATUSES,
  NOTIFICATION_KINDS,
  NotificationChannel,
} from './rules/notifications';
import { DEFAULT_DUE_SOON } from './schedules';
import type {
  notificationDeliverySchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from './schemas/notifications';

export {
  DUE_SOON_BOUNDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  ONE_CLICK_UNSUBSCRIBE,
  TEST_SENDS_PER_HOUR,
} from './rules/notifications';

/** How a channel is named in a sentence ('Send a test to your webhook'). */
export const CHANNEL_LABELS = {
  email: 'E-mail',
  ntfy: 'ntfy',
  webhook: 'Webhook',
} as const satisfies Record<NotificationChannel, string>;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS = {
  pending: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const satisfies Record<DeliveryStatus, string>;

export const NOTIFICATION_KIND_LABELS = {
  dueSoon: 'Due soon',
  overdue: 'Overdue',
  digest: 'Weekly digest',
  test: 'Test',
} as const satisfies Record<NotificationKind, string>;

/** The newest deliveries `GET /api/user/notifications` lists, so that failures show. */
export const DELIVERIES_LISTED = 20;

/** The settings of a user who never saved any (the table's defaults): nothing is sent. */
export const DEFAULT_NOTIFICATION_SETTINGS = {
  email: { enabled: false },
  ntfy: { url: null, token: null },
  webhook: { url: null, secret: null },
  events: { dueSoon: true, overdue: true, weeklyDigest: false },
  dueSoonDays: DEFAULT_DUE_SOON.days,
  dueSoonDistance: DEFAULT_DUE_SOON.distance,
} as const;

/**
 * `/api/unsubscribe/{key}?channel=email`: the link in every e-mail that stops e-mail reminders,
 * and only them (decision 063). No other channel's messages carry a link, so no other channel is
 * stopped by one: its `channel` is `email`, and any other answers 404.
 */
export const unsubscribeApiPath = (key: string, channel: NotificationChannel) =>
  `/api/unsubscribe/${encodeURIComponent(key)}?channel=${channel}`;

/** What the unsubscribe page's button says, and what it confirms, per channel. */
export const UNSUBSCRIBE_TEXTS = {
  email: { action: 'Stop these e-mails', done: 'E-mail reminders are off.' },
  ntfy: { action: 'Stop these ntfy messages', done: 'Reminders through ntfy are off.' },
  webhook: { action: 'Stop these webhook calls', done: 'Reminders to your webhook are off.' },
} as const satisfies Record<NotificationChannel, { action: string; done: string }>;

/** Whether a host name is this machine (`localhost`, 127.0.0.0/8, ::1): plain http stays on it. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1'
  );
}

/** Whether a secret sent to `url` would cross a network in clear: plain http to another host. */
export function isPlainHttpToAnotherHost(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
}

/**
 * Decision 067: the reminders' window, named in each reminder and digest and beside its fields in
 * the settings: 'due within 14 days or 500 km'. `distance` is already written with its unit.
 */
export function reminderLeadText(days: number, distance: string): string {
  return `due within ${days} ${days === 1 ? 'day' : 'days'} or ${distance}`;
}

/** The line a reminder and a digest end with, saying which window sent them. */
export const reminderLeadNote = (lead: string) =>
  `You are reminded of what is overdue and what is ${lead} (Account Settings › Notifications).`;

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsUpdateSchema>;
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;
