/** Public facts about this installation that pages show before anyone signs in. */
import type { z } from 'zod';
import type { siteInfoSchema } from './schemas/site';

export type SiteInfo = z.infer<typeof siteInfoSchema>;
