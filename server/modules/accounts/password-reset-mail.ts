/**
 * The e-mail that carries a password reset link (decision 054): which account it is for, the
 * link, that it expires, and what to do when the reader did not ask for it. Plain text for every
 * mail client, and the same words in HTML.
 */
import { PASSWORD_RESET_LINK_HOURS } from '@contract/accounts';
import { PRODUCT_NAME } from '@contract/product';
import type { MailMessage } from '../../mail/mailer';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A user's name or address goes into the HTML as text, never as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

const hours = `${PASSWORD_RESET_LINK_HOURS === 1 ? 'one hour' : `${PASSWORD_RESET_LINK_HOURS} hours`}`;

export function passwordResetMail({
  to,
  name,
  link,
}: {
  to: string;
  /** What the greeting calls the user: first name, else username. */
  name: string;
  link: string;
}): MailMessage {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const paragraphs = {
    greeting: `Hello ${name},`,
    why: `Someone asked to reset the password of the ${PRODUCT_NAME} account for ${to}. To choose a new password, open this link:`,
    expiry: `The link works once and expires in ${hours}. Once you have chosen a new password, every device signed in to your account is signed out.`,
    ignore:
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is, and nobody can change it without this link.',
  };
  const text = [
    paragraphs.greeting,
    paragraphs.why,
    link,
    paragraphs.expiry,
    paragraphs.ignore,
    `— ${PRODUCT_NAME}`,
  ].join('\n\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1f2937; line-height: 1.5;">
<p>${escapeHtml(paragraphs.greeting)}</p>
<p>${escapeHtml(paragraphs.why)}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none; font-weight: 600;">Choose a new password</a></p>
<p style="font-size: 13px; color: #4b5563;">If the button does not work, copy this address into your browser:<br><a href="${href}">${href}</a></p>
<p>${escapeHtml(paragraphs.expiry)}</p>
<p>${escapeHtml(paragraphs.ignore)}</p>
<p>— ${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>
`;
  return { to, subject, text, html };
}
