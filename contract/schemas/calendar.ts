/**
 * The zod schemas of `calendar.ts`: the answers of the calendar link calls and the feed's path
 * parameter (decision 054).
 */
import { z } from 'zod';
import { CALENDAR_TOKEN_PATTERN } from '../rules/calendar';

/** `GET /api/user/calendar-token`: whether a feed exists, and since when. */
export const calendarTokenSchema = z.object({
  /** When the current link was made (ISO time); null when there is none. */
  createdAt: z.string().nullable(),
});

/** `POST /api/user/calendar-token`: the new link, the only time it is shown. */
export const createdCalendarTokenSchema = z.object({
  /** The secret feed URL to subscribe to: `{public URL}/calendar/{token}.ics`. */
  url: z.string(),
  createdAt: z.string(),
});

/** `GET /calendar/{token}.ics`: a token has the shape the server makes, or it is unknown. */
export const calendarFeedParamsSchema = z.object({
  token: z.string().regex(CALENDAR_TOKEN_PATTERN),
});
