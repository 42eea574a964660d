/**
 * What a notification says (decision 054), composed once for every channel: a subject, a plain
 * text that reads well in a phone's notification as in an e-mail, a simple HTML for mail, and
 * the link it opens. Composed when a delivery is queued and stored with it, so a retry says the
 * same thing.
 */
import {
  CHANNEL_LABELS,
  type NotificationChannel,
  type NotificationKind,
  reminderLeadNote,
} from '@contract/notifications';
import { PRODUCT_NAME } from '@contract/product';

export type NotificationMessage = {
  kind: NotificationKind;
  subject: string;
  text: string;
  html?: string;
  /** The page it opens: the item, the vehicle or the dashboard. */
  link: string;
};

export type ReminderState = 'dueSoon' | 'overdue';

export type ReminderFacts = {
  kind: ReminderState;
  itemTitle: string;
  vehicleName: string;
  /** How it is due, read after "due": 'on December 10, 2026', 'at 45,000 miles', 'in 5 days'. */
  dueText: string;
  link: string;
  /** The user's reminder window in words ('due within 14 days or 500 km'), decision 067. */
  lead: string;
};

export type DigestItem = {
  title: string;
  vehicleName: string;
  /** As `ReminderFacts.dueText`. */
  dueText: string;
  state: ReminderState;
  link: string;
};

/** Text made safe to put in HTML. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A plain HTML page of paragraphs (already escaped) and the link as a button-like anchor. */
function htmlOf(
  paragraphs: string[],
  link: { href: string; label: string },
  after: string[] = [],
): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family: system-ui, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">',
    body,
    `<p><a href="${escapeHtml(link.href)}" style="color: #2563eb;">${escapeHtml(link.label)}</a></p>`,
    ...after.map((paragraph) => `<p style="color: #6b7280; font-size: 13px;">${paragraph}</p>`),
    '</body></html>',
  ].join('\n');
}

const OPEN_LABEL = `Open in ${PRODUCT_NAME}`;

/** A reminder that one item is due soon or overdue. */
export function composeReminderMessage({
  kind,
  itemTitle,
  vehicleName,
  dueText,
  link,
  lead,
}: ReminderFacts): NotificationMessage {
  const sentence =
    kind === 'overdue'
      ? `${itemTitle} for your ${vehicleName} was due ${dueText}. It stays on your list until you mark it done.`
      : `${itemTitle} for your ${vehicleName} is due ${dueText}.`;
  const subject =
    kind === 'overdue'
      ? `Overdue: ${itemTitle} for your ${vehicleName}`
      : `Due soon: ${itemTitle} for your ${vehicleName}`;
  return {
    kind,
    subject,
    text: `${sentence}\n\n${OPEN_LABEL}: ${link}\n\n${reminderLeadNote(lead)}`,
    html: htmlOf([escapeHtml(sentence)], { href: link, label: OPEN_LABEL }, [
      escapeHtml(reminderLeadNote(lead)),
    ]),
    link,
  };
}

const countOf = (count: number, one: string, other: string) =>
  `${count} ${count === 1 ? one : other}`;

/**
 * The weekly digest: what is overdue, then what is due soon, each item with its link, ending with
 * the window that judged them (`lead`, decision 067). `overviewLink` is what the message itself
 * opens (the dashboard); without it, the first item.
 */
export function composeDigestMessage(
  items: readonly DigestItem[],
  lead: string,
  overviewLink?: string,
): NotificationMessage {
  const overdue = items.filter((item) => item.state === 'overdue');
  const dueSoon = items.filter((item) => item.state === 'dueSoon');
  const link = overviewLink ?? items[0]?.link ?? '';
  const counts = [
    overdue.length > 0 ? countOf(overdue.length, 'item overdue', 'items overdue') : null,
    dueSoon.length > 0 ? countOf(dueSoon.length, 'item due soon', 'items due soon') : null,
  ].filter((part): part is string => part !== null);
  const subject =
    counts.length > 0 ? `Your week ahead: ${counts.join(', ')}` : 'Your week ahead: nothing is due';
  const groups = [
    { heading: 'Overdue', items: overdue, verb: 'was due' },
    { heading: 'Due soon', items: dueSoon, verb: 'due' },
  ].filter((group) => group.items.length > 0);
  const lineOf = (item: DigestItem, verb: string) =>
    `${item.title}, ${item.vehicleName}: ${verb} ${item.dueText}`;
  const note = reminderLeadNote(lead);

  if (groups.length === 0) {
    const sentence = 'Nothing is overdue or due soon on any of your vehicles.';
    return {
      kind: 'digest',
      subject,
      text: [sentence, ...(link ? [`${OPEN_LABEL}: ${link}`] : []), note].join('\n\n'),
      html: htmlOf([escapeHtml(sentence)], { href: link, label: OPEN_LABEL }, [escapeHtml(note)]),
      link,
    };
  }
  const text = groups
    .map(
      (group) =>
        `${group.heading}\n${group.items
          .map((item) => `- ${lineOf(item, group.verb)}\n  ${item.link}`)
          .join('\n')}`,
    )
    .join('\n\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: system-ui, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">',
    ...groups.map(
      (group) =>
        `<h2 style="font-size: 16px;">${group.heading}</h2>\n<ul>\n${group.items
          .map(
            (item) =>
              `<li><a href="${escapeHtml(item.link)}" style="color: #2563eb;">${escapeHtml(item.title)}</a>, ${escapeHtml(item.vehicleName)}: ${group.verb} ${escapeHtml(item.dueText)}</li>`,
          )
          .join('\n')}\n</ul>`,
    ),
    link ? `<p><a href="${escapeHtml(link)}" style="color: #2563eb;">${OPEN_LABEL}</a></p>` : '',
    `<p style="color: #6b7280; font-size: 13px;">${escapeHtml(note)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    kind: 'digest',
    subject,
    text: [text, ...(link ? [`${OPEN_LABEL}: ${link}`] : []), note].join('\n\n'),
    html,
    link,
  };
}

/** How a channel is named inside a sentence. */
const CHANNEL_IN_SENTENCE: Record<NotificationChannel, string> = {
  email: 'e-mail',
  ntfy: CHANNEL_LABELS.ntfy,
  webhook: 'webhook',
};

/** The message of 'Send a test': proof that the channel reaches the user. `link`: the settings. */
export function composeTestMessage(
  channel: NotificationChannel,
  { link }: { link: string },
): NotificationMessage {
  const sentence = `This is a test of your ${CHANNEL_IN_SENTENCE[channel]} reminders from ${PRODUCT_NAME}. It reached you, so your reminders will too.`;
  return {
    kind: 'test',
    subject: `Test message from ${PRODUCT_NAME}`,
    text: `${sentence}\n\nYour notification settings: ${link}`,
    html: htmlOf([escapeHtml(sentence)], { href: link, label: 'Your notification settings' }),
    link,
  };
}
