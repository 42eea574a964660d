/**
 * The vehicle's maintenance status line (001 §2, D33) on its card and its detail page, made from
 * the vehicle's soonest open maintenance item and its odometer, judged against the user's local
 * calendar day (D4).
 */
import { isOverdue } from '@contract/records';
import { VEHICLE_TEXTS, type Vehicle } from '@contract/vehicles';
import { formatDate, formatMonthDay, toCalendarDate } from '@web/lib/format';

export type StatusLine = {
  text: string;
  /** Overdue items get the amber attention styling (docs/design.md). */
  tone: 'ok' | 'due' | 'overdue';
};

/** Where the line is shown: the card and the detail page word a due date differently (D33). */
export type StatusLineWording = 'card' | 'detail';

const miles = (count: number) =>
  `${count.toLocaleString('en-US')} ${Math.abs(count) === 1 ? 'mile' : 'miles'}`;

/**
 * D33: overdue → '{title} overdue'; a due date → '{title} due {MMM d, yyyy}' on the card,
 * '{title} due on {MMM d}' on the detail page; only a due
 * mileage → '{title} due in {dueMileage − mileage} miles' (the odometer target when the mileage
 * is unknown); neither → '{title} maintenance needed'; nothing open → 'All maintenance up to
 * date'. An item whose due mileage the odometer has already reached is overdue too: "due in
 * −300 miles" would say nothing useful.
 */
export function vehicleStatusLine(
  vehicle: Pick<Vehicle, 'nextMaintenance' | 'mileage'>,
  today: Date = new Date(),
  wording: StatusLineWording = 'card',
): StatusLine {
  const item = vehicle.nextMaintenance;
  if (!item) return { text: VEHICLE_TEXTS.upToDate, tone: 'ok' };

  if (isOverdue(item, vehicle.mileage, toCalendarDate(today))) {
    return { text: `${item.title} overdue`, tone: 'overdue' };
  }

  if (item.dueDate !== null) {
    const text =
      wording === 'detail'
        ? `${item.title} due on ${formatMonthDay(item.dueDate)}`
        : `${item.title} due ${formatDate(item.dueDate)}`;
    return { text, tone: 'due' };
  }
  if (item.dueMileage !== null) {
    const distance = vehicle.mileage === null ? item.dueMileage : item.dueMileage - vehicle.mileage;
    return { text: `${item.title} due in ${miles(distance)}`, tone: 'due' };
  }
  return { text: `${item.title} maintenance needed`, tone: 'due' };
}
