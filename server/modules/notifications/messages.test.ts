/**
 * What the messages say, word for word: a reminder due soon or overdue, the weekly digest, a
 * test; the HTML keeps user text as text; ntfy's titles and webhook signatures as sent.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ntfyHeaderValue, signWebhookBody } from './channels';
import { composeDigestMessage, composeReminderMessage, composeTestMessage } from './messages';

const LINK = 'https://garage.example.org/vehicles/3';
const LEAD = 'due within 14 days or 500 km';
const LEAD_NOTE =
  'You are reminded of what is overdue and what is due within 14 days or 500 km (Account Settings › Notifications).';

describe('a reminder', () => {
  it('says what is due soon, on which vehicle, and when', () => {
    const message = composeReminderMessage({
      kind: 'dueSoon',
      itemTitle: 'Oil change',
      vehicleName: '2019 Honda Civic',
      dueText: 'on December 10, 2026 or at 45,000 miles',
      link: LINK,
      lead: LEAD,
    });
    expect(message).toMatchObject({
      kind: 'dueSoon',
      subject: 'Due soon: Oil change for your 2019 Honda Civic',
      text: `Oil change for your 2019 Honda Civic is due on December 10, 2026 or at 45,000 miles.\n\nOpen in Garage Ledger: ${LINK}\n\n${LEAD_NOTE}`,
      link: LINK,
    });
    expect(message.html).toContain(
      '<p>Oil change for your 2019 Honda Civic is due on December 10, 2026 or at 45,000 miles.</p>',
    );
    expect(message.html).toContain(`<a href="${LINK}"`);
    // Decision 067: the reminder names the window that sent it.
    expect(message.html).toContain(LEAD_NOTE);
  });

  it('says an overdue item stays on the list until it is done', () => {
    const message = composeReminderMessage({
      kind: 'overdue',
      itemTitle: 'Brake fluid',
      vehicleName: '2021 Mazda MX-5',
      dueText: 'on November 1, 2026',
      link: LINK,
      lead: LEAD,
    });
    expect(message.subject).toBe('Overdue: Brake fluid for your 2021 Mazda MX-5');
    expect(message.text).toBe(
      `Brake fluid for your 2021 Mazda MX-5 was due on November 1, 2026. It stays on your list until you mark it done.\n\nOpen in Garage Ledger: ${LINK}\n\n${LEAD_NOTE}`,
    );
  });

  it('writes what the user typed as text in the HTML, never as markup', () => {
    const message = composeReminderMessage({
      kind: 'dueSoon',
      itemTitle: '<img src=x onerror=alert(1)>',
      vehicleName: 'Tom & Jerry’s "van"',
      dueText: 'in 3 days',
      link: LINK,
      lead: LEAD,
    });
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message.html).toContain('Tom &amp; Jerry’s &quot;van&quot;');
  });
});

describe('the weekly digest', () => {
  it('lists what is overdue, then what is due soon, each with its link, and counts them', () => {
    const message = composeDigestMessage(
      [
        {
          title: 'Tyre rotation',
          vehicleName: '2021 Mazda MX-5',
          dueText: 'in 5 days',
          state: 'dueSoon',
          link: `${LINK}#tyres`,
        },
        {
          title: 'Oil change',
          vehicleName: '2019 Honda Civic',
          dueText: 'on November 1, 2026',
          state: 'overdue',
          link: `${LINK}#oil`,
        },
        {
          title: 'Wipers',
          vehicleName: '2019 Honda Civic',
          dueText: 'at 45,000 miles',
          state: 'dueSoon',
          link: `${LINK}#wipers`,
        },
      ],
      LEAD,
      'https://garage.example.org/dashboard',
    );
    expect(message.kind).toBe('digest');
    expect(message.subject).toBe('Your week ahead: 1 item overdue, 2 items due soon');
    expect(message.text).toBe(
      [
        'Overdue',
        '- Oil change, 2019 Honda Civic: was due on November 1, 2026',
        `  ${LINK}#oil`,
        '',
        'Due soon',
        '- Tyre rotation, 2021 Mazda MX-5: due in 5 days',
        `  ${LINK}#tyres`,
        '- Wipers, 2019 Honda Civic: due at 45,000 miles',
        `  ${LINK}#wipers`,
        '',
        'Open in Garage Ledger: https://garage.example.org/dashboard',
        '',
        LEAD_NOTE,
      ].join('\n'),
    );
    expect(message.link).toBe('https://garage.example.org/dashboard');
    expect(message.html).toContain('<h2 style="font-size: 16px;">Overdue</h2>');
    expect(message.html).toContain(`<a href="${LINK}#oil"`);
  });

  it('says so when nothing is due', () => {
    const message = composeDigestMessage([], LEAD, 'https://garage.example.org/dashboard');
    expect(message.subject).toBe('Your week ahead: nothing is due');
    expect(message.text).toContain('Nothing is overdue or due soon on any of your vehicles.');
    expect(message.text.endsWith(LEAD_NOTE)).toBe(true);
  });
});

describe('a test message', () => {
  it('names the channel it came through and links to the settings', () => {
    const link = 'https://garage.example.org/account';
    expect(composeTestMessage('email', { link })).toMatchObject({
      kind: 'test',
      subject: 'Test message from Garage Ledger',
      text: `This is a test of your e-mail reminders from Garage Ledger. It reached you, so your reminders will too.\n\nYour notification settings: ${link}`,
      link,
    });
    expect(composeTestMessage('ntfy', { link }).text).toContain('your ntfy reminders');
    expect(composeTestMessage('webhook', { link }).text).toContain('your webhook reminders');
  });
});

describe('what the channels put on the wire', () => {
  it('sends an ASCII ntfy title as is, anything else as an RFC 2047 encoded word', () => {
    expect(ntfyHeaderValue('Due soon: Oil change')).toBe('Due soon: Oil change');
    const encoded = ntfyHeaderValue('Due soon: Vidange for your Citroën');
    expect(encoded).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(Buffer.from(encoded.slice(10, -2), 'base64').toString('utf8')).toBe(
      'Due soon: Vidange for your Citroën',
    );
  });

  it('signs a webhook body as HMAC-SHA256 of "<t>.<body>" with the secret', () => {
    const body = '{"event":"test"}';
    const expected = crypto
      .createHmac('sha256', 'secret of the receiver')
      .update(`1700000000.${body}`)
      .digest('hex');
    expect(signWebhookBody('secret of the receiver', body, 1_700_000_000)).toBe(
      `t=1700000000,v1=${expected}`,
    );
  });
});
