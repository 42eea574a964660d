/**
 * The rules of the notification calls (decision 054): a user's settings (defaults until the
 * first save, which makes the row and its unsubscribe key), 'Send a test' through one channel,
 * recorded as a delivery like any reminder, and the one-click unsubscribe. Sending itself is the
 * channels' table (channels.ts).
 */
import crypto from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DELIVERIES_LISTED,
  type DeliveryStatus,
  isPlainHttpToAnotherHost,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  TEST_SENDS_PER_HOUR,
  UNSUBSCRIBE_TEXTS,
} from '@contract/notifications';
import { AppError, badRequest, conflict, notFound } from '../../app-error';
import type { Db } from '../../db/open';
import type { Mailer } from '../../mail/mailer';
import { userTimeZone } from '../../today';
import { pastLimit } from '../accounts/past-limit';
import { hitCounter } from '../accounts/rate-limits.repository';
import {
  CHANNELS,
  createMessageDelivery,
  DeliveryError,
  type NotificationSettingsRow,
  RECEIVER_TIMEOUT_MS,
  type Recipient,
} from './channels';
import { composeTestMessage } from './messages';
import {
  type DeliveryRow,
  findSettings,
  findSettingsByUnsubscribeKey,
  insertDelivery,
  listDeliveries,
  lockSettingsCreating,
  recordDeliveryAttempt,
  type SettingsColumns,
  updateSettings,
} from './notifications.repository';
import { judgeAddress } from './outbound';

const HOUR_MS = 60 * 60 * 1000;

/** 32 random bytes as hex: an unsubscribe key, a webhook secret. */
const randomHex = () => crypto.randomBytes(32).toString('hex');

const UNSUBSCRIBE_KEY = /^[0-9a-f]{64}$/;

/** What a test is called in the answer that says where it went. */
const TEST_NAMES: Record<NotificationChannel, string> = {
  email: 'test e-mail',
  ntfy: 'test message',
  webhook: 'test call',
};

function toDelivery(row: DeliveryRow): NotificationDelivery {
  const message = row.message as { subject?: unknown };
  return {
    id: row.id,
    channel: row.channel as NotificationChannel,
    kind: row.kind as NotificationKind,
    subject: typeof message.subject === 'string' ? message.subject : '',
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Who reads their settings: the account's address, and their time zone, answered read-only here
 * for one version (decision 066) since it became a preference.
 */
type SettingsReader = Recipient & { id: number; timeZone: string };

/** The response schema (notificationSettingsSchema) is the presenter; this shapes the row for it. */
function toSettings(
  row: NotificationSettingsRow | undefined,
  deliveries: DeliveryRow[],
  user: SettingsReader,
  emailAvailable: boolean,
): NotificationSettings {
  const shared = {
    timeZone: userTimeZone(user),
    emailAddress: user.email,
    emailAvailable,
    deliveries: deliveries.map(toDelivery),
  };
  if (!row) {
    return {
      email: { ...DEFAULT_NOTIFICATION_SETTINGS.email },
      ntfy: { ...DEFAULT_NOTIFICATION_SETTINGS.ntfy },
      webhook: { ...DEFAULT_NOTIFICATION_SETTINGS.webhook },
      events: { ...DEFAULT_NOTIFICATION_SETTINGS.events },
      dueSoonDays: DEFAULT_NOTIFICATION_SETTINGS.dueSoonDays,
      dueSoonDistance: DEFAULT_NOTIFICATION_SETTINGS.dueSoonDistance,
      isSaved: false,
      ...shared,
    };
  }
  return {
    email: { enabled: row.emailEnabled },
    ntfy: { url: row.ntfyUrl, token: row.ntfyToken },
    webhook: { url: row.webhookUrl, secret: row.webhookSecret },
    events: {
      dueSoon: row.notifyDueSoon,
      overdue: row.notifyOverdue,
      weeklyDigest: row.weeklyDigest,
    },
    dueSoonDays: row.dueSoonDays,
    dueSoonDistance: row.dueSoonDistance,
    isSaved: true,
    ...shared,
  };
}

/**
 * The saved settings with the change applied. An address cleared takes its token or secret with
 * it; a webhook address left without a secret gets a new random one (a `secret: null` sent with
 * the address makes a new one). A `timeZone` sent is checked by the schema and ignored (decision
 * 066): the zone is the user's preference, never changed by this call.
 */
function applyChange(
  current: NotificationSettingsRow,
  change: NotificationSettingsUpdate,
): SettingsColumns {
  const pick = <Value>(changed: Value | undefined, saved: Value) =>
    changed === undefined ? saved : changed;
  const ntfyUrl = pick(change.ntfy?.url, current.ntfyUrl);
  const webhookUrl = pick(change.webhook?.url, current.webhookUrl);
  const webhookSecret =
    webhookUrl === null
      ? null
      : (pick(change.webhook?.secret, current.webhookSecret) ?? randomHex());
  return {
    emailEnabled: pick(change.email?.enabled, current.emailEnabled),
    ntfyUrl,
    ntfyToken: ntfyUrl === null ? null : pick(change.ntfy?.token, current.ntfyToken),
    webhookUrl,
    webhookSecret,
    notifyDueSoon: pick(change.events?.dueSoon, current.notifyDueSoon),
    notifyOverdue: pick(change.events?.overdue, current.notifyOverdue),
    weeklyDigest: pick(change.events?.weeklyDigest, current.weeklyDigest),
    dueSoonDays: pick(change.dueSoonDays, current.dueSoonDays),
    dueSoonDistance: pick(change.dueSoonDistance, current.dueSoonDistance),
  };
}

/**
 * A token or a signed message goes over plain http only to this machine: anywhere else, anyone
 * on the way could read the token or the messages.
 */
function assertSecretsStayPrivate(next: SettingsColumns) {
  if (next.ntfyUrl && next.ntfyToken && isPlainHttpToAnotherHost(next.ntfyUrl)) {
    throw badRequest(NOTIFICATION_MESSAGES.ntfyTokenOverHttp, {
      'ntfy.url': NOTIFICATION_MESSAGES.ntfyTokenOverHttp,
    });
  }
  if (next.webhookUrl && isPlainHttpToAnotherHost(next.webhookUrl)) {
    throw badRequest(NOTIFICATION_MESSAGES.webhookOverHttp, {
      'webhook.url': NOTIFICATION_MESSAGES.webhookOverHttp,
    });
  }
}

/**
 * The ntfy and webhook addresses a change sets, refused when one reaches a private address (unless
 * the operator allows them): the user learns it on saving, not from a reminder that never comes.
 * A name that does not resolve now is saved; every send judges the address again anyway.
 */
async function assertPublicAddresses(change: NotificationSettingsUpdate, allowPrivate: boolean) {
  if (allowPrivate) return;
  const addresses = [
    ['ntfy.url', change.ntfy?.url],
    ['webhook.url', change.webhook?.url],
  ] as const;
  for (const [field, url] of addresses) {
    if (!url) continue;
    const judged = await judgeAddress(url, {
      allowPrivateAddresses: false,
      timeoutMs: RECEIVER_TIMEOUT_MS,
    });
    if (judged === 'private') {
      throw badRequest(NOTIFICATION_MESSAGES.privateAddress, {
        [field]: NOTIFICATION_MESSAGES.privateAddress,
      });
    }
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService({
  db,
  mailer,
  publicUrl,
  allowPrivateAddresses,
}: {
  db: Db;
  mailer: Mailer | undefined;
  publicUrl: string;
  /** ALLOW_PRIVATE_WEBHOOKS: ntfy and webhooks may reach loopback and private networks. */
  allowPrivateAddresses: boolean;
}) {
  const deliverMessage = createMessageDelivery({ mailer, publicUrl, allowPrivateAddresses });
  /** What a test message opens: the settings it came from. */
  const settingsLink = `${publicUrl}/account`;

  async function getSettings(user: SettingsReader): Promise<NotificationSettings> {
    const [row, deliveries] = await Promise.all([
      findSettings(db, user.id),
      listDeliveries(db, user.id, DELIVERIES_LISTED),
    ]);
    return toSettings(row, deliveries, user, mailer !== undefined);
  }

  return {
    getSettings,

    /**
     * Saves any of the settings; the first save makes the row with its unsubscribe key. An ntfy or
     * webhook address on a private network is refused (400), before anything is written.
     */
    async updateSettings(
      user: SettingsReader,
      change: NotificationSettingsUpdate,
    ): Promise<NotificationSettings> {
      if (change.email?.enabled && !mailer) {
        throw conflict(NOTIFICATION_MESSAGES.mailUnavailable, {
          'email.enabled': NOTIFICATION_MESSAGES.mailUnavailable,
        });
      }
      // Resolved before the transaction: no row stays locked while DNS answers.
      await assertPublicAddresses(change, allowPrivateAddresses);
      await db.transaction(async (tx) => {
        const current = await lockSettingsCreating(tx, user.id, randomHex());
        const next = applyChange(current, change);
        assertSecretsStayPrivate(next);
        await updateSettings(tx, user.id, next);
      });
      return getSettings(user);
    },

    /**
     * Sends a test through `channel` with the saved settings now, and records it as a delivery:
     * 200 naming where it went, 502 with the cause, 409 when the channel is not set up, 429 past
     * TEST_SENDS_PER_HOUR.
     */
    async sendTest(
      user: SettingsReader,
      channel: NotificationChannel,
    ): Promise<{ message: string }> {
      const settings = await findSettings(db, user.id);
      if (channel === 'email' && !mailer) throw conflict(NOTIFICATION_MESSAGES.mailUnavailable);
      if (!settings || !CHANNELS[channel].isEnabled(settings)) {
        throw conflict(NOTIFICATION_MESSAGES.channelNotSetUp[channel]);
      }
      const counter = await hitCounter(db, `notification-tests:${user.id}`, HOUR_MS);
      if (counter.hits > TEST_SENDS_PER_HOUR) {
        throw pastLimit(counter, NOTIFICATION_MESSAGES.tooManyTests);
      }
      const message = composeTestMessage(channel, { link: settingsLink });
      const delivery = await insertDelivery(db, {
        userId: user.id,
        sentKey: `test:${crypto.randomUUID()}`,
        channel,
        kind: 'test',
        message,
      });
      try {
        await deliverMessage({ channel, settings, user, message });
      } catch (error) {
        const cause =
          error instanceof DeliveryError ? error.message : 'The message could not be sent';
        await recordDeliveryAttempt(db, user.id, delivery.id, {
          status: 'failed',
          attempts: 1,
          lastError: cause,
          sentAt: null,
        });
        if (!(error instanceof DeliveryError)) throw error;
        throw new AppError(502, cause);
      }
      await recordDeliveryAttempt(db, user.id, delivery.id, {
        status: 'sent',
        attempts: 1,
        lastError: null,
        sentAt: new Date(),
      });
      return {
        message: `A ${TEST_NAMES[channel]} was sent to ${CHANNELS[channel].destination(settings, user)}.`,
      };
    },

    /**
     * RFC 8058: turns off e-mail for the user whose unsubscribe key this is, and nothing else
     * (ntfy, the webhook and every other setting stay). The key is carried by e-mails only, so it
     * is a key of e-mail alone: a link naming another channel is not one (404), as is an unknown
     * key (decision 063).
     */
    async unsubscribe(key: string, channel: NotificationChannel): Promise<{ message: string }> {
      const settings =
        channel === 'email' && UNSUBSCRIBE_KEY.test(key)
          ? await findSettingsByUnsubscribeKey(db, key)
          : undefined;
      if (!settings) throw notFound(NOTIFICATION_MESSAGES.unsubscribeNotFound);
      await updateSettings(db, settings.userId, { emailEnabled: false });
      return { message: UNSUBSCRIBE_TEXTS.email.done };
    },

    /** For the delivery job: sends one message through one channel, throws with the cause. */
    deliverMessage,
  };
}
