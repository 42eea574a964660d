/**
 * The calendar day the server stands on, in UTC (D4): the day a reading typed into a vehicle's
 * form is dated, and the day an odometer estimate is made for. The server cannot know the user's
 * time zone; a client that knows the day sends it where a call takes one (the expenses export).
 */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
