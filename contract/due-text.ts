/**
 * When an open item is due, in words (000 §2, D47, decision 054), written once for every place
 * that says it: the upcoming lists on the web, the calendar feed and the reminders sent. Each
 * side passes its own formatters of dates and distances, so the words and their order are one.
 */
import type { UpcomingItem } from './records';
import { effectiveDueDate } from './records';
import type { DistanceUnit } from './units';

const DUE_TEXTS = {
  orAt: (distance: string) => `or at ${distance}`,
  /** How far the vehicle's odometer is from the due mileage. */
  toGo: (distance: string) => `(${distance} to go)`,
  dueNow: '(due now)',
  pastDue: (distance: string) => `(${distance} overdue)`,
  /** An open item with neither a date nor a due mileage. */
  noDue: 'No due date',
  /** Decision 054: a due mileage with the date recent driving reaches it, after a date. */
  orInAbout: (distance: string, date: string) => `or in about ${distance} (around ${date})`,
  /** Decision 067: the due date after a predicted mileage that comes first. */
  orOn: (date: string) => `or on ${date}`,
} as const;

/**
 * How the words begin: on their own, as the lists show them ('Due: Mar 4, 2025', 'Due at …',
 * 'Due in about 1,200 mi (around Jan 12, 2027)': 000 §2, D47, decision 054), or after "is due"
 * in a reminder's sentence ('on Mar 4, 2025', 'at …', 'in about …').
 */
const LEADS = {
  alone: {
    on: (date: string) => `Due: ${date}`,
    at: (distance: string) => `Due at ${distance}`,
    inAbout: (distance: string, date: string) => `Due in about ${distance} (around ${date})`,
  },
  inSentence: {
    on: (date: string) => `on ${date}`,
    at: (distance: string) => `at ${distance}`,
    inAbout: (distance: string, date: string) => `in about ${distance} (around ${date})`,
  },
} as const;

type DueTextLead = keyof typeof LEADS;

/** A side's way of writing a calendar date (`yyyy-MM-dd` → 'Mar 4, 2025') and a distance. */
export type DueTextFormat = {
  date: (day: string) => string;
  distance: (value: number, unit: DistanceUnit) => string;
};

type DueFacts = Pick<
  UpcomingItem,
  'dueDate' | 'date' | 'dueMileage' | 'vehicleMileage' | 'odometerUnit' | 'predictedDate'
>;

/**
 * The due mileage and, when the vehicle's mileage is known, how far away it is:
 * '90,000 mi (1,250 mi to go)', '90,000 mi (due now)', '90,000 km (350 km overdue)'.
 */
function dueMileageText(item: DueFacts, dueMileage: number, format: DueTextFormat): string {
  const target = format.distance(dueMileage, item.odometerUnit);
  if (item.vehicleMileage === null) return target;
  const remaining = dueMileage - item.vehicleMileage;
  const distance =
    remaining > 0
      ? DUE_TEXTS.toGo(format.distance(remaining, item.odometerUnit))
      : remaining === 0
        ? DUE_TEXTS.dueNow
        : DUE_TEXTS.pastDue(format.distance(-remaining, item.odometerUnit));
  return `${target} ${distance}`;
}

/**
 * A due mileage still ahead with the date recent driving reaches it: the distance left and that
 * date, or null when there is no prediction or the mileage is reached.
 */
function predictedText(
  item: DueFacts,
  format: DueTextFormat,
): { distance: string; date: string; isSooner: (due: string) => boolean } | null {
  if (item.predictedDate === null || item.dueMileage === null || item.vehicleMileage === null) {
    return null;
  }
  const left = Math.round(item.dueMileage - item.vehicleMileage);
  if (left <= 0) return null;
  const predictedDate = item.predictedDate;
  return {
    distance: format.distance(left, item.odometerUnit),
    date: format.date(predictedDate),
    isSooner: (due) => predictedDate < due,
  };
}

/**
 * 'Due: Mar 4, 2025' for a date, 'Due at 90,000 mi (1,250 mi to go)' for a due mileage, 'Due:
 * Mar 4, 2025 or at 90,000 mi (…)' for both (whichever comes first), a predicted mileage 'Due in
 * about 1,200 mi (around Jan 12, 2027)', first when it comes before the date ('… or on Mar 4,
 * 2027', decision 067), 'No due date' for neither.
 */
export function describeDue(
  item: DueFacts,
  format: DueTextFormat,
  lead: DueTextLead = 'alone',
): string {
  const words = LEADS[lead];
  const date = effectiveDueDate(item);
  const predicted = predictedText(item, format);
  if (predicted !== null) {
    // Decision 067: whichever comes first is said first, the other beside it.
    const inAbout = words.inAbout(predicted.distance, predicted.date);
    if (date === null) return inAbout;
    if (predicted.isSooner(date)) return `${inAbout} ${DUE_TEXTS.orOn(format.date(date))}`;
    return `${words.on(format.date(date))} ${DUE_TEXTS.orInAbout(predicted.distance, predicted.date)}`;
  }
  const mileage = item.dueMileage === null ? null : dueMileageText(item, item.dueMileage, format);
  if (date !== null && mileage !== null) {
    return `${words.on(format.date(date))} ${DUE_TEXTS.orAt(mileage)}`;
  }
  if (date !== null) return words.on(format.date(date));
  if (mileage !== null) return words.at(mileage);
  return DUE_TEXTS.noDue;
}
