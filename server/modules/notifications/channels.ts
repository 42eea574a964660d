/**
 * The three ways a message leaves (decision 054), in one table: what each needs of a user's
 * settings, whether it is on, what turns it off, where it goes, and how it sends. The delivery
 * job and 'Send a test' both call `deliverMessage`, which throws a DeliveryError naming the cause
 * when the message did not get through.
 *
 * ntfy and webhook addresses point wherever the user says (self-hosters use addresses on their
 * own network), so a request to them never follows a redirect, gives up after 10 s, and tells the
 * user only the status line of the answer, never its body.
 */
import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { type NotificationChannel, unsubscribeApiPath } from '@contract/notifications';
import { PRODUCT_NAME } from '@contract/product';
import type { notificationSettings } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { escapeHtml, type NotificationMessage } from './messages';

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** Who a message is for: mail goes to the account's address. */
export type Recipient = { email: string };

/** What sending needs of the server: its mailer (none without SMTP_URL) and its address. */
export type Outlets = { mailer: Mailer | undefined; publicUrl: string };

/** A message that did not get through; `message` is the cause, fit to show the user. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** How long a receiver has to answer before the send counts as failed (and is retried). */
export const RECEIVER_TIMEOUT_MS = 10_000;

/** The headers of a webhook call: what happened, and the proof that this server sent it. */
export const WEBHOOK_HEADERS = {
  event: 'Garage-Ledger-Event',
  signature: 'Garage-Ledger-Signature',
} as const;

type Delivery = {
  settings: NotificationSettingsRow;
  user: Recipient;
  message: NotificationMessage;
};

type ChannelDefinition = {
  /** Whether the scan queues messages for it. */
  isEnabled(settings: NotificationSettingsRow): boolean;
  /** The columns that turn it off (the unsubscribe link of its messages). */
  turnedOff: Partial<NotificationSettingsRow>;
  /** Where its messages go, as 'Send a test' names it. */
  destination(settings: NotificationSettingsRow, user: Recipient): string;
  send(delivery: Delivery, outlets: Outlets): Promise<void>;
};

/** Why a request could not be made, in words: its timeout or the network's error code. */
function describeRequestFailure(receiver: string, error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `${receiver} did not answer within ${RECEIVER_TIMEOUT_MS / 1000} seconds`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? '';
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ENOTFOUND: 'its host name was not found',
    EAI_AGAIN: 'its host name could not be looked up',
    ECONNRESET: 'the connection was cut',
    EHOSTUNREACH: 'its host is unreachable',
    ENETUNREACH: 'its network is unreachable',
    ETIMEDOUT: 'the connection timed out',
  };
  const reason =
    reasons[code] ??
    (/CERT|TLS|SSL/.test(code)
      ? `its certificate was not accepted (${code})`
      : code || cause?.message || 'the request failed');
  return `${receiver} could not be reached: ${reason}`;
}

/**
 * POSTs `body` to `url`; resolves on a 2xx answer. A redirect, any other status or a timeout is
 * a DeliveryError naming the status (with its standard reason phrase) or the cause.
 */
async function postToReceiver(
  receiver: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'User-Agent': PRODUCT_NAME, ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(RECEIVER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new DeliveryError(describeRequestFailure(receiver, error));
  }
  // The body is never read: nothing of it reaches the user or the logs.
  await response.body?.cancel().catch(() => {});
  if (response.status >= 200 && response.status < 300) return;
  const phrase = STATUS_CODES[response.status];
  throw new DeliveryError(`${receiver} answered ${response.status}${phrase ? ` ${phrase}` : ''}`);
}

/**
 * A header value as ntfy reads it: ASCII as is, anything else as an RFC 2047 encoded word (fetch
 * refuses header values past Latin-1, and ntfy decodes encoded words).
 */
export function ntfyHeaderValue(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** ntfy's emoji tags and priority per kind of message: an overdue item is pressing. */
const NTFY_LOOK = {
  dueSoon: { tags: 'wrench', priority: 'default' },
  overdue: { tags: 'warning', priority: 'high' },
  digest: { tags: 'calendar', priority: 'default' },
  test: { tags: 'white_check_mark', priority: 'default' },
} as const satisfies Record<NotificationMessage['kind'], { tags: string; priority: string }>;

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: the receiver recomputes it
 * with the secret it was given and refuses a body that does not match or a stale `t`.
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const digest = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** The JSON a webhook receives. */
export function webhookPayload(message: NotificationMessage, sentAt: Date) {
  return {
    event: message.kind,
    subject: message.subject,
    text: message.text,
    link: message.link,
    sentAt: sentAt.toISOString(),
  };
}

/** The link of the messages of `channel` that stops them without signing in (RFC 8058). */
export function unsubscribeUrl(
  publicUrl: string,
  settings: NotificationSettingsRow,
  channel: NotificationChannel,
): string {
  return `${publicUrl}${unsubscribeApiPath(settings.unsubscribeKey, channel)}`;
}

export const CHANNELS: Record<NotificationChannel, ChannelDefinition> = {
  email: {
    isEnabled: (settings) => settings.emailEnabled,
    turnedOff: { emailEnabled: false },
    destination: (_settings, user) => user.email,
    async send({ settings, user, message }, { mailer, publicUrl }) {
      if (!mailer) throw new DeliveryError('This server does not send e-mail');
      const stopUrl = unsubscribeUrl(publicUrl, settings, 'email');
      const footer = `You get this because e-mail reminders are on. Stop them: ${stopUrl}`;
      const html =
        message.html?.replace(
          '</body>',
          `<p style="color: #6b7280; font-size: 13px;">You get this because e-mail reminders are on. <a href="${escapeHtml(stopUrl)}" style="color: #6b7280;">Stop these e-mails</a></p>\n</body>`,
        ) ?? undefined;
      try {
        await mailer.send({
          to: user.email,
          subject: message.subject,
          text: `${message.text}\n\n--\n${footer}`,
          ...(html ? { html } : {}),
          unsubscribeUrl: stopUrl,
        });
      } catch (error) {
        const response = (error as { response?: string }).response;
        const reason = response ?? (error instanceof Error ? error.message : String(error));
        throw new DeliveryError(`The mail server did not accept the message: ${reason}`);
      }
    },
  },
  ntfy: {
    isEnabled: (settings) => settings.ntfyUrl !== null,
    turnedOff: { ntfyUrl: null, ntfyToken: null },
    destination: (settings) => `the ntfy topic ${settings.ntfyUrl}`,
    async send({ settings, message }) {
      if (!settings.ntfyUrl) throw new DeliveryError('No ntfy topic is set');
      const look = NTFY_LOOK[message.kind];
      await postToReceiver(
        'The ntfy server',
        settings.ntfyUrl,
        {
          'Content-Type': 'text/plain; charset=utf-8',
          Title: ntfyHeaderValue(message.subject),
          Click: message.link,
          Tags: look.tags,
          Priority: look.priority,
          ...(settings.ntfyToken ? { Authorization: `Bearer ${settings.ntfyToken}` } : {}),
        },
        message.text,
      );
    },
  },
  webhook: {
    isEnabled: (settings) => settings.webhookUrl !== null,
    turnedOff: { webhookUrl: null, webhookSecret: null },
    destination: (settings) => `the webhook ${settings.webhookUrl}`,
    async send({ settings, message }) {
      if (!settings.webhookUrl || !settings.webhookSecret)
        throw new DeliveryError('No webhook is set');
      const sentAt = new Date();
      const body = JSON.stringify(webhookPayload(message, sentAt));
      await postToReceiver(
        'The webhook',
        settings.webhookUrl,
        {
          'Content-Type': 'application/json',
          [WEBHOOK_HEADERS.event]: message.kind,
          [WEBHOOK_HEADERS.signature]: signWebhookBody(
            settings.webhookSecret,
            body,
            Math.floor(sentAt.getTime() / 1000),
          ),
        },
        body,
      );
    },
  },
};

export type DeliverMessage = (
  delivery: Delivery & { channel: NotificationChannel },
) => Promise<void>;

/**
 * The one way a message is sent, for the delivery job and 'Send a test': throws a DeliveryError
 * with the cause when it did not get through.
 */
export function createMessageDelivery(outlets: Outlets): DeliverMessage {
  return ({ channel, ...delivery }) => CHANNELS[channel].send(delivery, outlets);
}
