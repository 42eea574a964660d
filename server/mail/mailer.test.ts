import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type MailCapture, startMailCapture } from '../test/mail-capture';
import { createMailer, type Mailer } from './mailer';

let capture: MailCapture;
let mailer: Mailer;

beforeAll(async () => {
  capture = await startMailCapture();
  const config = loadConfig({
    NODE_ENV: 'test',
    SMTP_URL: capture.url,
    PUBLIC_URL: 'https://garage.example.org',
  });
  mailer = createMailer(config.mail!);
});

afterAll(async () => {
  mailer.close();
  await capture.close();
});

describe('the mailer', () => {
  it('sends from the public URL’s host, with a plain-text part and a one-click unsubscribe', async () => {
    await mailer.send({
      to: 'sam@example.com',
      subject: 'Oil Change is due soon',
      text: 'Oil Change on 2019 Honda Civic is due on Jan 12, 2027.',
      html: '<p>Oil Change on 2019 Honda Civic is due on Jan 12, 2027.</p>',
      unsubscribeUrl: 'https://garage.example.org/api/unsubscribe/abc?channel=email',
    });
    const [mail] = await capture.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['sam@example.com']);
    expect(mail!.from?.value).toEqual([
      { name: 'Garage Ledger', address: 'no-reply@garage.example.org' },
    ]);
    expect(mail!.text?.trim()).toBe('Oil Change on 2019 Honda Civic is due on Jan 12, 2027.');
    // The raw header lines, unfolded (RFC 5322 §2.2.3).
    const header = (name: string) =>
      mail!.headerLines.find((line) => line.key === name)?.line.replace(/\r\n(?=[ \t])/g, '');
    expect(header('list-unsubscribe')).toBe(
      'List-Unsubscribe: <https://garage.example.org/api/unsubscribe/abc?channel=email> (Unsubscribe)',
    );
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });

  it('rejects when the mail server refuses the message', async () => {
    capture.refuse(true);
    await expect(mailer.send({ to: 'sam@example.com', subject: 'x', text: 'x' })).rejects.toThrow(
      /550|Mailbox unavailable/,
    );
    capture.refuse(false);
  });
});

describe('the mail settings', () => {
  it('leave mail off without SMTP_URL, and refuse a URL that is not SMTP', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mail).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail' })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(
      loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://m:25', MAIL_FROM: 'Cars <c@x.org>' }).mail,
    ).toEqual({ smtpUrl: 'smtp://m:25', from: 'Cars <c@x.org>' });
  });
});
