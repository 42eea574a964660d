/**
 * Which upcoming items the bell counts (000 §2, D18): those whose effective due date
 * (`dueDate ?? date`) falls from today to today + 7 days, judged in the user's local calendar by
 * comparing `yyyy-MM-dd` strings, never through UTC (D4).
 */
import { effectiveDueDate, NOTIFICATION_WINDOW_DAYS, type UpcomingItem } from '@contract/records';
import { toCalendarDate } from '@web/lib/format';
import { addDays } from 'date-fns';

export function dueSoonItems(
  items: readonly UpcomingItem[],
  now: Date = new Date(),
): UpcomingItem[] {
  const today = toCalendarDate(now);
  const last = toCalendarDate(addDays(now, NOTIFICATION_WINDOW_DAYS));
  return items.filter((item) => {
    const due = effectiveDueDate(item);
    return due !== null && due >= today && due <= last;
  });
}
