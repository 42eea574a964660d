/**
 * The zod schemas of `notifications.ts`: the user's notification settings
 * (`GET|PATCH /api/user/notifications`), a test send, and the one-click unsubscribe.
 */
import { z } from 'zod';
import {
  DELIVERY_STATUSES,
  DUE_SOON_BOUNDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  ONE_CLICK_UNSUBSCRIBE,
} from '../rules/notifications';
import { timeZoneSchema } from './units';

const URL_MAX = 2000;

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** An http(s) address, or none: `null` and `''` both clear it. */
const optionalHttpUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || null : value),
  z
    .string({ message: NOTIFICATION_MESSAGES.httpUrl })
    .max(URL_MAX, NOTIFICATION_MESSAGES.urlTooLong)
    .refine(isHttpUrl, NOTIFICATION_MESSAGES.httpUrl)
    .nullable()
    .meta({ format: 'uri' }),
);

/** A secret of some length, or none: `null` and `''` both clear it. */
const optionalSecretSchema = (schema: z.ZodString) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : value),
    schema.nullable(),
  );

const switchSchema = (name: string) => z.boolean({ message: `${name} must be true or false` });

const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS, {
  message: `channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}`,
});

/**
 * `PATCH /api/user/notifications`: any of the settings; what is left out stays as it is. A
 * webhook address saved without a secret gets a random one; a secret or token is refused over
 * plain http to another machine (checked against the saved settings, by the server).
 */
export const notificationSettingsUpdateSchema = z.object({
  email: z.object({ enabled: switchSchema('email.enabled') }).optional(),
  ntfy: z
    .object({
      /** The topic's address, `https://ntfy.sh/my-garage-topic`. */
      url: optionalHttpUrlSchema.optional(),
      /** An access token of a protected topic, sent as `Authorization: Bearer`. */
      token: optionalSecretSchema(
        z.string().max(500, NOTIFICATION_MESSAGES.tokenTooLong),
      ).optional(),
    })
    .optional(),
  webhook: z
    .object({
      url: optionalHttpUrlSchema.optional(),
      /** The key of the signatures; one is made when the address is saved without one. */
      secret: optionalSecretSchema(
        z
          .string()
          .min(16, NOTIFICATION_MESSAGES.secretLength)
          .max(200, NOTIFICATION_MESSAGES.secretLength),
      ).optional(),
    })
    .optional(),
  events: z
    .object({
      dueSoon: switchSchema('events.dueSoon').optional(),
      overdue: switchSchema('events.overdue').optional(),
      weeklyDigest: switchSchema('events.weeklyDigest').optional(),
    })
    .optional(),
  dueSoonDays: z
    .number({ message: NOTIFICATION_MESSAGES.dueSoonDays })
    .int(NOTIFICATION_MESSAGES.dueSoonDays)
    .min(DUE_SOON_BOUNDS.days.min, NOTIFICATION_MESSAGES.dueSoonDays)
    .max(DUE_SOON_BOUNDS.days.max, NOTIFICATION_MESSAGES.dueSoonDays)
    .optional(),
  /** In the user's distance unit. */
  dueSoonDistance: z
    .number({ message: NOTIFICATION_MESSAGES.dueSoonDistance })
    .int(NOTIFICATION_MESSAGES.dueSoonDistance)
    .min(DUE_SOON_BOUNDS.distance.min, NOTIFICATION_MESSAGES.dueSoonDistance)
    .max(DUE_SOON_BOUNDS.distance.max, NOTIFICATION_MESSAGES.dueSoonDistance)
    .optional(),
  /**
   * Read-only since decision 066: the zone is the user's preference (`PATCH
   * /api/user/preferences`). Still taken, checked and ignored for one version, so that a client
   * that sent it on its first save keeps saving.
   */
  timeZone: timeZoneSchema.optional().meta({ deprecated: true }),
});

/** One message to one channel, as Account Settings lists it. */
export const notificationDeliverySchema = z.object({
  id: z.number(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  /** Why the last attempt failed: the remote status or the cause, never the remote body. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

export const notificationSettingsSchema = z.object({
  email: z.object({ enabled: z.boolean() }),
  ntfy: z.object({ url: z.string().nullable(), token: z.string().nullable() }),
  webhook: z.object({
    url: z.string().nullable(),
    /** Shown so that the receiver can be given it to check signatures. */
    secret: z.string().nullable(),
  }),
  events: z.object({ dueSoon: z.boolean(), overdue: z.boolean(), weeklyDigest: z.boolean() }),
  dueSoonDays: z.number(),
  dueSoonDistance: z.number(),
  /** The user's preference (decision 066), answered here read-only for one version. */
  timeZone: z.string().meta({ deprecated: true }),
  /** False until the first save: the defaults are shown and nothing is sent. */
  isSaved: z.boolean(),
  /** Where e-mail goes: the account's address. */
  emailAddress: z.string(),
  /** Whether this server sends e-mail (`SMTP_URL`). */
  emailAvailable: z.boolean(),
  /** The newest deliveries first, at most DELIVERIES_LISTED. */
  deliveries: z.array(notificationDeliverySchema),
});

/** `POST /api/user/notifications/test`. */
export const notificationTestSchema = z.object({ channel: notificationChannelSchema });

export const unsubscribeParamsSchema = z.object({ key: z.string().max(128) });
export const unsubscribeQuerySchema = z.object({
  channel: notificationChannelSchema.default('email'),
});

/** RFC 8058 §3.1: the one-click POST's body, `List-Unsubscribe=One-Click`. */
export const oneClickUnsubscribeSchema = z.object(
  {
    [ONE_CLICK_UNSUBSCRIBE.field]: z.literal(ONE_CLICK_UNSUBSCRIBE.value, {
      message: NOTIFICATION_MESSAGES.unsubscribeBody,
    }),
  },
  { message: NOTIFICATION_MESSAGES.unsubscribeBody },
);
