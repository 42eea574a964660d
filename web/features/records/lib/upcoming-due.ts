/**
 * How the upcoming lists (the bell, the dashboard's Upcoming Services, a vehicle's Upcoming
 * Maintenance) show when an item is due (000 §2, D47): its date, its due mileage and how far the
 * vehicle's odometer is from it, in the unit that odometer shows (D49), and overdue items first.
 * 'Overdue' is the contract's one rule (`isOverdue`), judged on the user's local calendar day
 * (D4).
 */
import { effectiveDueDate, isUpcomingItemOverdue, type UpcomingItem } from '@contract/records';
import type { DistanceUnit } from '@contract/units';
import { formatDate, toCalendarDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';
import { UPCOMING_TEXTS } from './record-texts';

/** A list's key for an item: a schedule's occurrence and a record may share an id. */
export function upcomingItemKey(item: Pick<UpcomingItem, 'type' | 'id' | 'scheduleId'>): string {
  return item.scheduleId === null ? `${item.type}-${item.id}` : `schedule-${item.scheduleId}`;
}

/** An upcoming item as a list shows it. */
export type ListedUpcomingItem = UpcomingItem & { isOverdue: boolean };

/**
 * The due mileage and, when the vehicle's mileage is known, how far away it is:
 * '90,000 mi (1,250 mi to go)', '90,000 mi (due now)', '90,000 km (350 km overdue)'.
 */
function dueMileageText(dueMileage: number, mileage: number | null, unit: DistanceUnit): string {
  const target = formatDistance(dueMileage, unit);
  if (mileage === null) return target;
  const remaining = dueMileage - mileage;
  const distance =
    remaining > 0
      ? UPCOMING_TEXTS.toGo(formatDistance(remaining, unit))
      : remaining === 0
        ? UPCOMING_TEXTS.dueNow
        : UPCOMING_TEXTS.pastDue(formatDistance(-remaining, unit));
  return `${target} ${distance}`;
}

/**
 * Decision 054: a schedule's due mileage still ahead, with the date recent driving reaches it:
 * the distance left and that date, or null when there is no prediction or it is reached.
 */
function predictedDistanceText(
  item: Pick<UpcomingItem, 'dueMileage' | 'vehicleMileage' | 'odometerUnit' | 'predictedDate'>,
): { distance: string; date: string } | null {
  if (item.predictedDate === null || item.dueMileage === null || item.vehicleMileage === null) {
    return null;
  }
  const left = Math.round(item.dueMileage - item.vehicleMileage);
  if (left <= 0) return null;
  return {
    distance: formatDistance(left, item.odometerUnit),
    date: formatDate(item.predictedDate),
  };
}

/**
 * When an item is due: 'Due: Mar 4, 2025' (000 §2) for a date, 'Due at 90,000 mi (1,250 mi to
 * go)' for a due mileage, 'Due: Mar 4, 2025 or at 90,000 mi (…)' for both (whichever comes
 * first), 'No due date' for neither; a schedule's predicted mileage 'Due in about 1,200 mi
 * (around Jan 12, 2027)' (decision 054).
 */
export function dueText(
  item: Pick<
    UpcomingItem,
    'dueDate' | 'date' | 'dueMileage' | 'vehicleMileage' | 'odometerUnit' | 'predictedDate'
  >,
): string {
  const date = effectiveDueDate(item);
  const predicted = predictedDistanceText(item);
  if (predicted !== null) {
    return date === null
      ? UPCOMING_TEXTS.dueInAbout(predicted.distance, predicted.date)
      : `${UPCOMING_TEXTS.dueOn(formatDate(date))} ${UPCOMING_TEXTS.orInAbout(predicted.distance, predicted.date)}`;
  }
  const mileage =
    item.dueMileage === null
      ? null
      : dueMileageText(item.dueMileage, item.vehicleMileage, item.odometerUnit);
  if (date !== null && mileage !== null) {
    return `${UPCOMING_TEXTS.dueOn(formatDate(date))} ${UPCOMING_TEXTS.orAt(mileage)}`;
  }
  if (date !== null) return UPCOMING_TEXTS.dueOn(formatDate(date));
  if (mileage !== null) return UPCOMING_TEXTS.dueAt(mileage);
  return UPCOMING_TEXTS.noDue;
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
