/**
 * Outgoing mail, in one place (decision 054): one SMTP transport per server, made from
 * `SMTP_URL`, that every e-mail the app sends goes through (reminders, digests, password resets,
 * tests of the channel). Without `SMTP_URL` there is no mailer, and what needs one is not offered.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text part, always sent; mail clients without HTML show only this. */
  text: string;
  html?: string;
  /**
   * RFC 2369 / 8058: the link that stops this kind of mail in one click (`List-Unsubscribe`
   * with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
   */
  unsubscribeUrl?: string;
};

export type Mailer = {
  /** Resolves once the mail server has accepted the message; rejects with its reason. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};

/** How long to wait for the mail server at each step before the send fails (and is retried). */
const SMTP_TIMEOUT_MS = 20_000;

export function createMailer(mail: NonNullable<Config['mail']>): Mailer {
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    // A few connections kept open serve a batch of reminders without a handshake each.
    pool: true,
    maxConnections: 3,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.unsubscribeUrl
          ? {
              list: { unsubscribe: { url: message.unsubscribeUrl, comment: 'Unsubscribe' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
