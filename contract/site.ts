/** Public facts about this installation that pages show before anyone signs in. */
import { z } from 'zod';

export const siteInfoSchema = z.object({
  /** D2: the support address of the landing footer and the legal pages. */
  supportEmail: z.string(),
  /** D10: the provider's account page, opened from Account Settings › Security. */
  oidcAccountUrl: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
