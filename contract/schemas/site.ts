/**
 * The zod schemas of `site.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';

export const siteInfoSchema = z.object({
  /** D2: the support address of the landing footer and the legal pages. */
  supportEmail: z.string(),
  /** D10: the provider's account page, opened from Account Settings › Security. */
  oidcAccountUrl: z.string().nullable(),
  /**
   * Decision 054: whether this server sends e-mail (`SMTP_URL` is set): without it, e-mail
   * reminders and "Forgot password?" are not offered.
   */
  mailEnabled: z.boolean(),
});
