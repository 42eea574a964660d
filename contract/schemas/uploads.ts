/**
 * The zod schemas of `uploads.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';

/** `POST /api/upload`: the stored files' URLs, in upload order (001 §7). */
export const uploadResponseSchema = z.object({ fileUrls: z.array(z.string()) });
