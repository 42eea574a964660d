/**
 * Which upcoming items the bell counts (000 §2, D18, D47): those overdue (the contract's
 * `isOverdue`: due before today, or due at a mileage the vehicle has reached), listed first, then
 * those whose effective due date (`dueDate ?? date`, or a schedule's predicted date when sooner:
 * decision 054) falls from today to today + 7 days. Days are
 * judged in the user's local calendar by comparing `yyyy-MM-dd` strings, never through UTC (D4).
 */
import { NOTIFICATION_WINDOW_DAYS, type UpcomingItem, upcomingDueDate } from '@contract/records';
import { type ListedUpcomingItem, overdueFirst } from '@web/features/records/lib/upcoming-due';
import { toCalendarDate } from '@web/lib/format';
import { addDays } from 'date-fns';

export function bellItems(
  items: readonly UpcomingItem[],
  now: Date = new Date(),
): ListedUpcomingItem[] {
  const today = toCalendarDate(now);
  const last = toCalendarDate(addDays(now, NOTIFICATION_WINDOW_DAYS));
  return overdueFirst(items, now).filter((item) => {
    const due = upcomingDueDate(item);
    return item.isOverdue || (due !== null && due >= today && due <= last);
  });
}

/** The bell's accessible name: 'Notifications (1 overdue, 2 due soon)'. */
export function bellLabel(items: readonly ListedUpcomingItem[]): string {
  const overdue = items.filter((item) => item.isOverdue).length;
  const dueSoon = items.length - overdue;
  const counts = [
    overdue > 0 ? `${overdue} overdue` : null,
    dueSoon > 0 ? `${dueSoon} due soon` : null,
  ].filter(Boolean);
  return counts.length > 0 ? `Notifications (${counts.join(', ')})` : 'Notifications';
}
