/**
 * The three ways a message leaves (decision 054), in one table: what each needs of a user's
 * settings, whether it is on, what turns it off, where it goes, and how it sends. The delivery
 * job and 'Send a test' both call `deliverMessage`, which throws a DeliveryError naming the cause
 * when the message did not get through.
 *
 * ntfy and webhook addresses are the user's to choose, so a request to them goes only to public
 * addresses, judged again at every send and connected to as judged (outbound.ts, decision 063;
 * private ones too where the operator allows them), never follows a redirect, and gives up after
 * 10 s. The user learns the status line of an answer, never its body; and of a request that got
 * no answer only that the address could not be reached, never why (no error code, no port state),
 * so that the test button cannot map what the server's network holds.
 */
import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  unsubscribeApiPath,
} from '@contract/notifications';
import { PRODUCT_NAME } from '@contract/product';
import type { notificationSettings } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { escapeHtml, type NotificationMessage } from './messages';
import { PrivateAddressError, postToAddress } from './outbound';

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** Who a message is for: mail goes to the account's address. */
export type Recipient = { email: string };

/**
 * What sending needs of the server: its mailer (none without SMTP_URL), its address, and whether
 * the operator lets ntfy and webhooks reach private addresses (ALLOW_PRIVATE_WEBHOOKS).
 */
export type Outlets = {
  mailer: Mailer | undefined;
  publicUrl: string;
  allowPrivateAddresses: boolean;
};

/**
 * A message that did not get through; `message` is the cause, fit to show the user. The
 * low-level error, when there is one, is the `cause`, for the server's log only.
 */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
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
  /** Where its messages go, as 'Send a test' names it. */
  destination(settings: NotificationSettingsRow, user: Recipient): string;
  send(delivery: Delivery, outlets: Outlets): Promise<void>;
};

/**
 * What the user is told of a request that got no answer, whatever the reason (refused, timed out,
 * cut, not found, certificate): one sentence, so that it says nothing of what listens where.
 */
export const unreachableMessage = (receiver: string) =>
  `${receiver} could not be reached. Check the address, and that it is online.`;

/** What the user is told when the address is, or has come to be, on a private network. */
export const privateAddressMessage = (receiver: string) =>
  `${receiver} was not called. ${NOTIFICATION_MESSAGES.privateAddress}`;

/**
 * POSTs `body` to `url` at an address judged public (or private, where allowed); resolves on a
 * 2xx answer. A private address, a redirect, any other status or no answer is a DeliveryError
 * naming the status (with its standard reason phrase), or saying the address is private or could
 * not be reached.
 */
async function postToReceiver(
  receiver: string,
  url: string,
  headers: Record<string, string>,
  body: string,
  { allowPrivateAddresses }: Outlets,
): Promise<void> {
  let status: number;
  try {
    status = await postToAddress(url, { 'User-Agent': PRODUCT_NAME, ...headers }, body, {
      allowPrivateAddresses,
      timeoutMs: RECEIVER_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw new DeliveryError(privateAddressMessage(receiver));
    throw new DeliveryError(unreachableMessage(receiver), { cause: error });
  }
  if (status >= 200 && status < 300) return;
  const phrase = STATUS_CODES[status];
  throw new DeliveryError(`${receiver} answered ${status}${phrase ? ` ${phrase}` : ''}`);
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

/**
 * The link of the e-mails that stops them without signing in (RFC 8058). Only e-mails carry it,
 * so it stops e-mail and nothing else: whoever reads an e-mail (a forward, a mail provider) must
 * not be able to clear the user's ntfy or webhook settings with it (decision 063).
 */
export function unsubscribeUrl(publicUrl: string, settings: NotificationSettingsRow): string {
  return `${publicUrl}${unsubscribeApiPath(settings.unsubscribeKey, 'email')}`;
}

export const CHANNELS: Record<NotificationChannel, ChannelDefinition> = {
  email: {
    isEnabled: (settings) => settings.emailEnabled,
    destination: (_settings, user) => user.email,
    async send({ settings, user, message }, { mailer, publicUrl }) {
      if (!mailer) throw new DeliveryError('This server does not send e-mail');
      const stopUrl = unsubscribeUrl(publicUrl, settings);
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
    destination: (settings) => `the ntfy topic ${settings.ntfyUrl}`,
    async send({ settings, message }, outlets) {
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
        outlets,
      );
    },
  },
  webhook: {
    isEnabled: (settings) => settings.webhookUrl !== null,
    destination: (settings) => `the webhook ${settings.webhookUrl}`,
    async send({ settings, message }, outlets) {
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
        outlets,
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
