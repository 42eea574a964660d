/**
 * Where reminders go and how they are said (decision 054): the three channels, the kinds of
 * message, the user's settings with their bounds and defaults, the deliveries Account Settings
 * lists, and the texts of the notification calls. The schemas are in `schemas/notifications.ts`.
 */

import type { z } from 'zod';
import { PRODUCT_NAME } from './product';
import { DEFAULT_DUE_SOON } from './schedules';
import type {
  notificationDeliverySchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from './schemas/notifications';

export const NOTIFICATION_CHANNELS = ['email', 'ntfy', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How a channel is named in a sentence ('Send a test to your webhook'). */
export const CHANNEL_LABELS = {
  email: 'E-mail',
  ntfy: 'ntfy',
  webhook: 'Webhook',
} as const satisfies Record<NotificationChannel, string>;

/** What a message is about: a reminder, the weekly digest, or a test the user asked for. */
export const NOTIFICATION_KINDS = ['dueSoon', 'overdue', 'digest', 'test'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A delivery's state: `failed` after its last attempt, `cancelled` when its channel went off. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
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

/** The due-soon thresholds a user may choose: days ahead, and distance in their own unit. */
export const DUE_SOON_BOUNDS = {
  days: { min: 1, max: 90 },
  distance: { min: 0, max: 10_000 },
} as const;

/** The newest deliveries `GET /api/user/notifications` lists, so that failures show. */
export const DELIVERIES_LISTED = 20;

/** Tests a user may send per hour, over all channels. */
export const TEST_SENDS_PER_HOUR = 10;

/** The settings of a user who never saved any (the table's defaults): nothing is sent. */
export const DEFAULT_NOTIFICATION_SETTINGS = {
  email: { enabled: false },
  ntfy: { url: null, token: null },
  webhook: { url: null, secret: null },
  events: { dueSoon: true, overdue: true, weeklyDigest: false },
  dueSoonDays: DEFAULT_DUE_SOON.days,
  dueSoonDistance: DEFAULT_DUE_SOON.distance,
} as const;

/** The body of RFC 8058's one-click unsubscribe POST, which the page sends too. */
export const ONE_CLICK_UNSUBSCRIBE = { field: 'List-Unsubscribe', value: 'One-Click' } as const;

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

export const NOTIFICATION_MESSAGES = {
  httpUrl: 'Please enter a web address that starts with https:// or http://',
  urlTooLong: 'The web address must be at most 2,000 characters',
  tokenTooLong: 'The access token must be at most 500 characters',
  secretLength: 'The signing secret must be 16 to 200 characters',
  ntfyTokenOverHttp:
    'An access token is only sent over https://, or over http:// to this same machine: please use the https:// address of your ntfy server',
  webhookOverHttp:
    'A webhook is only called over https://, or over http:// on this same machine, so its signed messages cannot be read on the way: please use an https:// address',
  /**
   * An ntfy or webhook address that is, or resolves to, a private one (this machine, a home or
   * office network, the cloud's internal addresses), where the operator has not allowed them
   * (ALLOW_PRIVATE_WEBHOOKS, decision 063): on saving, and as the cause of a send refused.
   */
  privateAddress: `This address is on a private network. ${PRODUCT_NAME} only sends to public internet addresses.`,
  dueSoonDays: `Warn me ahead by 1 to ${DUE_SOON_BOUNDS.days.max} days`,
  dueSoonDistance: `The distance ahead must be a whole number from 0 to ${DUE_SOON_BOUNDS.distance.max.toLocaleString('en-US')}`,
  mailUnavailable:
    'This server does not send e-mail, so e-mail reminders cannot be turned on. Try ntfy or a webhook instead.',
  saved: 'Notification settings saved',
  channelNotSetUp: {
    email: 'Turn on e-mail reminders and save before sending a test e-mail',
    ntfy: 'Add your ntfy topic address and save before sending a test',
    webhook: 'Add your webhook address and save before sending a test',
  } satisfies Record<NotificationChannel, string>,
  tooManyTests: (minutes: number) =>
    `You have sent ${TEST_SENDS_PER_HOUR} tests this hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  unsubscribeNotFound: 'This unsubscribe link is not valid any more',
  unsubscribeBody: `Send ${ONE_CLICK_UNSUBSCRIBE.field}=${ONE_CLICK_UNSUBSCRIBE.value} to unsubscribe`,
} as const;

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsUpdateSchema>;
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;
