/**
 * Which upcoming items the bell counts (000 §2, D18, D47): those the one due state
 * (`upcomingItemState`, decision 067) says are overdue, listed first, or due soon within the
 * bell's window, `DUE_WINDOWS.bell`: a date, or a schedule's predicted date, from today to today
 * + 7 days. Days are judged in the user's local calendar by comparing `yyyy-MM-dd` strings, never
 * through UTC (D4).
 */
import { DUE_WINDOWS, type UpcomingItem, upcomingItemState } from '@contract/records';
import { type ListedUpcomingItem, overdueFirst } from '@web/features/records/lib/upcoming-due';
import { toCalendarDate } from '@web/lib/format';

export function bellItems(
  items: readonly UpcomingItem[],
  now: Date = new Date(),
): ListedUpcomingItem[] {
  const today = toCalendarDate(now);
  return overdueFirst(items, now).filter(
    (item) => upcomingItemState(item, today, DUE_WINDOWS.bell) !== 'ok',
  );
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
