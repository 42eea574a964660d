/**
 * The zod schema of `appearance.ts`: what `PATCH /api/user/theme` validates with and the API
 * description is generated from. Kept apart so that the page's theme code loads no zod.
 */
import { z } from 'zod';
import { APPEARANCE_TEXTS, THEMES } from '../appearance';

export const themeSchema = z.enum(THEMES, { message: APPEARANCE_TEXTS.invalidTheme });

/** `PATCH /api/user/theme`. */
export const themeInputSchema = z.object({ theme: themeSchema });
