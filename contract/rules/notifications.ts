/**
 * What the schemas check with of `notifications.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `notifications.ts` passes on those its readers use,
 * so a file and its schema never import each other.
 */
import { PRODUCT_NAME } from '../product';

export const NOTIFICATION_CHANNELS = ['email', 'ntfy', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a message is about: a reminder, the weekly digest, or a test the user asked for. */
export const NOTIFICATION_KINDS = ['dueSoon', 'overdue', 'digest', 'test'] as const;

/** A delivery's state: `failed` after its last attempt, `cancelled` when its channel went off. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;

/** The due-soon thresholds a user may choose: days ahead, and distance in their own unit. */
export const DUE_SOON_BOUNDS = {
  days: { min: 1, max: 90 },
  distance: { min: 0, max: 10_000 },
} as const;

/** Tests a user may send per hour, over all channels. */
export const TEST_SENDS_PER_HOUR = 10;

/** The body of RFC 8058's one-click unsubscribe POST, which the page sends too. */
export const ONE_CLICK_UNSUBSCRIBE = { field: 'List-Unsubscribe', value: 'One-Click' } as const;

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
