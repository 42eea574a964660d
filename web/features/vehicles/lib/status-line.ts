/**
 * The vehicle's maintenance status line (001 §2, D33) on its card and its detail page, made from
 * the vehicle's soonest open maintenance item and its odometer, judged against the user's local
 * calendar day (D4), a distance worded in the unit its odometer shows (D49).
 */
import { isOverdue } from '@contract/records';
import { VEHICLE_TEXTS, type Vehicle } from '@contract/vehicles';
import { formatDate, formatDueDay, toCalendarDate } from '@web/lib/format';
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
 * '{title} due on {MMM d}' on the detail page (with its year when it is not this year's: 'due on
 * Nov 28, 2027', decision 067); only a due
 * mileage → '{title} due in {dueMileage − mileage} miles' ('… km' for a vehicle whose odometer
 * shows km; the odometer target when the mileage is unknown); neither → '{title} maintenance
 * needed'; nothing open → 'All maintenance up to date'. An item whose due mileage the odometer
 * has already reached is overdue too: "due in −300 miles" would say nothing useful.
 *
 * A service schedule due by whichever comes first (decision 067) says the one that comes first
 * and the other beside it: 'Oil change due in about 1,200 km (around Mar 3), or on Nov 28, 2027'
 * when recent driving reaches the mileage sooner, 'Oil change due on Nov 28 or in about 5,000 km'
 * when the date comes first.
 */
export function vehicleStatusLine(
  vehicle: Pick<Vehicle, 'nextMaintenance' | 'mileage' | 'odometerUnit'>,
  today: Date = new Date(),
  wording: StatusLineWording = 'card',
): StatusLine {
  const item = vehicle.nextMaintenance;
  if (!item) return { text: VEHICLE_TEXTS.upToDate, tone: 'ok' };

  const day = toCalendarDate(today);
  if (isOverdue(item, vehicle.mileage, day)) {
    return { text: `${item.title} overdue`, tone: 'overdue' };
  }

  const dateWords = (date: string) =>
    wording === 'detail' ? `on ${formatDueDay(date, day)}` : formatDate(date);
  const distance =
    item.dueMileage === null
      ? null
      : formatDistanceInWords(
          vehicle.mileage === null ? item.dueMileage : item.dueMileage - vehicle.mileage,
          vehicle.odometerUnit,
        );
  const predicted = distance === null ? null : item.predictedDate;
  if (predicted !== null && (item.dueDate === null || predicted < item.dueDate)) {
    const around = wording === 'detail' ? formatDueDay(predicted, day) : formatDate(predicted);
    const first = `${item.title} due in about ${distance} (around ${around})`;
    const text = item.dueDate === null ? first : `${first}, or ${dateWords(item.dueDate)}`;
    return { text, tone: 'due' };
  }
  if (item.dueDate !== null) {
    const first = `${item.title} due ${dateWords(item.dueDate)}`;
    const text = predicted === null ? first : `${first} or in about ${distance}`;
    return { text, tone: 'due' };
  }
  if (distance !== null) {
    return { text: `${item.title} due in ${distance}`, tone: 'due' };
  }
  return { text: `${item.title} maintenance needed`, tone: 'due' };
}
