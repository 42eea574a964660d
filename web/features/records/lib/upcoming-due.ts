/**
 * How the upcoming lists (the bell, the dashboard's Upcoming Services, a vehicle's Upcoming
 * Maintenance) show when an item is due (000 §2, D47): its date, its due mileage and how far the
 * vehicle's odometer is from it, in the unit that odometer shows (D49), and overdue items first.
 * 'Overdue' is the contract's one rule (`isOverdue`), judged on the user's local calendar day
 * (D4).
 */
import { type DueTextFormat, describeDue } from '@contract/due-text';
import { isUpcomingItemOverdue, type UpcomingItem } from '@contract/records';
import { formatDate, toCalendarDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';

/** A list's key for an item: a schedule's occurrence and a record may share an id. */
export function upcomingItemKey(item: Pick<UpcomingItem, 'type' | 'id' | 'scheduleId'>): string {
  return item.scheduleId === null ? `${item.type}-${item.id}` : `schedule-${item.scheduleId}`;
}

/** An upcoming item as a list shows it. */
export type ListedUpcomingItem = UpcomingItem & { isOverdue: boolean };

/** The web's way of writing the due words of the contract. */
const WEB_FORMAT: DueTextFormat = { date: (day) => formatDate(day), distance: formatDistance };

/**
 * When an item is due (000 §2, D47, decision 054): the contract's `describeDue` with the web's
 * formatters: 'Due: Mar 4, 2025', 'Due at 90,000 mi (1,250 mi to go)', 'Due in about 1,200 mi
 * (around Jan 12, 2027)'.
 */
export function dueText(item: Parameters<typeof describeDue>[0]): string {
  return describeDue(item, WEB_FORMAT);
}

/**
 * D47: the items marked overdue or not, overdue ones first; each group keeps the order the read
 * answered (D18: soonest due first).
 */
export function overdueFirst(
  items: readonly UpcomingItem[],
  now: Date = new Date(),
): ListedUpcomingItem[] {
  const today = toCalendarDate(now);
  const listed = items.map((item) => ({ ...item, isOverdue: isUpcomingItemOverdue(item, today) }));
  return [...listed.filter((item) => item.isOverdue), ...listed.filter((item) => !item.isOverdue)];
}
