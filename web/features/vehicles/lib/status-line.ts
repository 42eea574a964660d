/**
 * The vehicle's maintenance status line (001 §2, D33) on its card and its detail page, made from
 * the vehicle's soonest open maintenance item and its odometer, judged against the user's local
 * calendar day (D4), a distance worded in the unit its odometer shows (D49).
 */
import { isOverdue } from '@contract/records';
import { VEHICLE_TEXTS, type Vehicle } from '@contract/vehicles';
import { formatDate, formatMonthDay, toCalendarDate } from '@web/lib/format';
import { formatDistanceInWords } from '@web/lib/format-units';

export type StatusLine = {
  text: string;
  /** Overdue items get the amber attention styling (docs/design.md). */
  tone: 'ok' | 'due' | 'overdue';
};

/** Where the line is shown: the card and the detail page word a due date differently (D33). */
export type StatusLineWording = 'card' | 'detail';

/**
 * D33: overdue → '{title} overdue'; a due date → '{title} due {MMM d, yyyy}' on the card,
 * '{title} due on {MMM d}' on the detail page; only a due
 * mileage → '{title} due in {dueMileage − mileage} miles' ('… km' for a vehicle whose odometer
 * shows km; the odometer target when the mileage is unknown); neither → '{title} maintenance
 * needed'; nothing open → 'All maintenance up to date'. An item whose due mileage the odometer
 * has already reached is overdue too: "due in −300 miles" would say nothing useful.
 */
export function vehicleStatusLine(
  vehicle: Pick<Vehicle, 'nextMaintenance' | 'mileage' | 'odometerUnit'>,
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
    const inWords = formatDistanceInWords(distance, vehicle.odometerUnit);
    return { text: `${item.title} due in ${inWords}`, tone: 'due' };
  }
  return { text: `${item.title} maintenance needed`, tone: 'due' };
}
