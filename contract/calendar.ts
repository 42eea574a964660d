/**
 * The calendar feed (decision 054): a secret, read-only URL a calendar app subscribes to, which
 * lists the user's open items as all-day events. The answers' schemas are in
 * `schemas/calendar.ts`; the texts both sides use are here.
 */
import type { z } from 'zod';
import type { calendarTokenSchema, createdCalendarTokenSchema } from './schemas/calendar';

export type CalendarToken = z.infer<typeof calendarTokenSchema>;
export type CreatedCalendarToken = z.infer<typeof createdCalendarTokenSchema>;

/** The feed's path: `/calendar/{token}.ics`. */
export const CALENDAR_FEED_PREFIX = '/calendar/';
export const CALENDAR_FEED_SUFFIX = '.ics';

export const CALENDAR_MESSAGES = {
  /** `DELETE /api/user/calendar-token` when there is no link to turn off. */
  noFeed: 'There is no calendar link to turn off.',
} as const;

/** What the feed says of each item. */
export const CALENDAR_FEED_TEXTS = {
  calendarName: 'Garage Ledger',
  calendarDescription: 'Maintenance and other open items of your garage, on the day they are due.',
  /** "Oil Change — 2019 Honda Civic". */
  summary: (title: string, vehicleName: string) => `${title} — ${vehicleName}`,
  overduePrefix: 'Overdue: ',
  overdueNote: 'This is overdue.',
  /** An item due by distance, dated from the vehicle's recent driving (its due text says when). */
  predicted: 'The date is predicted from the vehicle’s recent driving.',
  scheduleCategory: 'Service schedule',
  openVehicle: (url: string) => `Open the vehicle: ${url}`,
} as const;

/** The Calendar section of Account Settings. */
export const CALENDAR_SETTINGS_TEXTS = {
  title: 'Calendar',
  description:
    'See your upcoming maintenance in the calendar you already use. Create a private link and add it to Google Calendar, Apple Calendar, Outlook or any app that subscribes to calendars by URL; the app checks it for changes by itself.',
  create: 'Create calendar link',
  creating: 'Creating...',
  linkLabel: 'Your calendar link',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'The link could not be copied. Please select it and copy it yourself.',
  shownOnce:
    'Copy this link now: it will not be shown again. Anyone who has it can see your upcoming items, so keep it private.',
  createdOn: (date: string) => `Your calendar link was created on ${date}.`,
  replace: 'Replace link',
  replacing: 'Replacing...',
  replaceTitle: 'Replace the calendar link?',
  replaceDescription:
    'A new link is made and the old one stops working at once: calendars subscribed to it will no longer update until you add the new link.',
  turnOff: 'Turn off',
  turningOff: 'Turning off...',
  turnOffTitle: 'Turn off the calendar feed?',
  turnOffDescription:
    'The link stops working at once: calendars subscribed to it will no longer update. You can create a new link at any time.',
  cancel: 'Cancel',
  created: 'Calendar link created',
  replaced: 'Calendar link replaced',
  turnedOff: 'Calendar feed turned off',
  failed: 'The calendar link could not be changed',
  loadFailed: 'Your calendar link could not be loaded. Please try again later.',
} as const;
