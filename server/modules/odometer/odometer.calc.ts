/**
 * The arithmetic of a vehicle's odometer history (decision 050), pure: which readings are flagged,
 * the current mileage, recent driving, today's estimate and the distance driven in a period. The
 * server reads the readings and stores confirmations; everything here is computed on read, so a
 * fixed typo un-flags what followed it without a write.
 */
import { type OdometerFlag, PLAUSIBLE_KM_PER_DAY, RECENT_DRIVING_DAYS } from '@contract/odometer';
import { convertDistance, type DistanceUnit } from '@contract/units';

export type ReadingPoint = {
  id: number;
  date: string /* yyyy-MM-dd */;
  odometer: number;
  isConfirmed: boolean;
};
export type JudgedReading = ReadingPoint & { flag: OdometerFlag | null };

/** Fewer days than this between readings say nothing about how much the car is driven. */
const MIN_DRIVING_SPAN_DAYS = 7;

/** Whole days from `from` to `to` (calendar dates, no time zone involved). */
function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Days since 1970-01-01 of a yyyy-MM-dd date; read by hand, Date.parse being slow at 10,000. */
function dayNumber(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** The history's order: date, then odometer (a same-day pair as it was driven), then id. */
function compareReadings(a: ReadingPoint, b: ReadingPoint): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.odometer - b.odometer || a.id - b.id;
}

/**
 * Sorted (date, odometer, id) ascending, each judged per decision 050. `unit` is the vehicle's
 * odometer unit (PLAUSIBLE_KM_PER_DAY is in km). A reading's other fields (its source, say) come
 * back with it.
 */
export function judgeReadings<Reading extends ReadingPoint>(
  readings: readonly Reading[],
  unit: DistanceUnit,
): (Reading & JudgedReading)[] {
  const plausiblePerDay = convertDistance(PLAUSIBLE_KM_PER_DAY, 'km', unit);
  const sorted = [...readings].sort(compareReadings);
  // Judged against the previous *accepted* reading, so one typo flags itself and not all after it.
  let baseline: ReadingPoint | null = null;
  return sorted.map((reading, index) => {
    const flag = reading.isConfirmed
      ? null
      : baseline === null
        ? isAhead(index, null)
        : (judge(reading, baseline) ?? isAhead(index, baseline));
    if (flag === null) baseline = reading;
    return { ...reading, flag };
  });

  /** How `reading` follows `previous`: null when it could have been driven. */
  function judge(reading: ReadingPoint, previous: ReadingPoint): OdometerFlag | null {
    const distance = reading.odometer - previous.odometer;
    if (distance < 0) return 'backwards';
    // Within one day's allowance the dates need not be read: a same-day pair counts as one day.
    if (distance <= plausiblePerDay) return null;
    const days = Math.max(1, daysBetween(previous.date, reading.date));
    return distance > plausiblePerDay * days ? 'implausible' : null;
  }

  /**
   * A reading too high to be driven back from: the next two are both lower, and agree with each
   * other and with the baseline (a replaced cluster's readings do not agree with the baseline). Without this, a
   * plausible-looking typo (59,000 for 50,900) would stay current and flag every true reading
   * after it as backwards; with one lower reading alone it cannot be told which of the two is
   * wrong, so the later one is flagged until a second one settles it.
   */
  function isAhead(index: number, previous: ReadingPoint | null): OdometerFlag | null {
    const reading = sorted[index]!;
    const next = sorted[index + 1];
    if (next === undefined || next.odometer >= reading.odometer) return null;
    const afterNext = sorted[index + 2];
    if (afterNext === undefined || afterNext.odometer >= reading.odometer) return null;
    const nextFits = previous === null || judge(next, previous) === null;
    return nextFits && judge(afterNext, next) === null ? 'ahead' : null;
  }
}

/** The accepted readings in the history's order. */
function acceptedReadings(judged: readonly JudgedReading[]): JudgedReading[] {
  return judged.filter((reading) => reading.flag === null).sort(compareReadings);
}

/**
 * Driven between two accepted readings of the history: the sum of its steps, each at least zero,
 * so that a confirmed reading below the one before it (a replaced instrument cluster) restarts
 * the count instead of driving backwards. Without such a reading it is last − first.
 */
function drivenAlong(
  accepted: readonly JudgedReading[],
  fromIndex: number,
  toIndex: number,
): number {
  let distance = 0;
  for (let index = fromIndex + 1; index <= toIndex; index += 1) {
    distance += Math.max(0, accepted[index]!.odometer - accepted[index - 1]!.odometer);
  }
  return distance;
}

/** Latest accepted by date (then odometer). */
export function currentReading(
  judged: readonly JudgedReading[],
): { odometer: number; date: string } | null {
  const latest = acceptedReadings(judged).at(-1);
  return latest ? { odometer: latest.odometer, date: latest.date } : null;
}

/** Decision 050's recent driving, in the vehicle's unit per day, or null. */
export function recentDistancePerDay(judged: readonly JudgedReading[]): number | null {
  const accepted = acceptedReadings(judged);
  const last = accepted.length - 1;
  if (last < 1) return null;
  const latestDay = dayNumber(accepted[last]!.date);
  let recentFrom = last;
  while (
    recentFrom > 0 &&
    latestDay - dayNumber(accepted[recentFrom - 1]!.date) <= RECENT_DRIVING_DAYS
  ) {
    recentFrom -= 1;
  }
  // The last 90 days when they say enough, else the whole history when it does.
  for (const first of [recentFrom, 0]) {
    const days = latestDay - dayNumber(accepted[first]!.date);
    if (days >= MIN_DRIVING_SPAN_DAYS) return drivenAlong(accepted, first, last) / days;
  }
  return null;
}

/** A step whose distance per day is more than this many times the steps' median is a trip. */
const TRIP_FACTOR = 3;

/**
 * Driving to predict with (decision 054): recent driving as above, but robust to one long trip.
 * Over the same readings, each step between two dated readings whose distance per day is more
 * than three times the median step's is counted at the median's pace instead, so a 2,000 km
 * holiday in a quiet quarter does not bring every service forward. With fewer than three steps
 * there is no median to trust, and recent driving stands.
 */
export function predictionDistancePerDay(judged: readonly JudgedReading[]): number | null {
  const accepted = acceptedReadings(judged);
  const last = accepted.length - 1;
  if (last < 1) return null;
  const latestDay = dayNumber(accepted[last]!.date);
  let first = last;
  while (first > 0 && latestDay - dayNumber(accepted[first - 1]!.date) <= RECENT_DRIVING_DAYS) {
    first -= 1;
  }
  if (latestDay - dayNumber(accepted[first]!.date) < MIN_DRIVING_SPAN_DAYS) first = 0;
  // Steps between the last readings of successive days.
  const steps: { days: number; distance: number }[] = [];
  let from = first;
  for (let index = first + 1; index <= last; index += 1) {
    const isLastOfDay = index === last || accepted[index + 1]!.date !== accepted[index]!.date;
    if (!isLastOfDay) continue;
    const days = dayNumber(accepted[index]!.date) - dayNumber(accepted[from]!.date);
    if (days > 0) {
      steps.push({ days, distance: drivenAlong(accepted, from, index) });
      from = index;
    }
  }
  const totalDays = steps.reduce((sum, step) => sum + step.days, 0);
  if (totalDays < MIN_DRIVING_SPAN_DAYS) return null;
  if (steps.length < 3) return steps.reduce((sum, step) => sum + step.distance, 0) / totalDays;
  const paces = steps.map((step) => step.distance / step.days).sort((a, b) => a - b);
  const middle = Math.floor(paces.length / 2);
  const median =
    paces.length % 2 === 1 ? paces[middle]! : (paces[middle - 1]! + paces[middle]!) / 2;
  const counted = steps.reduce(
    (sum, step) =>
      sum + (step.distance / step.days > TRIP_FACTOR * median ? median * step.days : step.distance),
    0,
  );
  return counted / totalDays;
}

/**
 * Today's odometer for "Log fuel": current + distance per day × days since the current reading's
 * date (never below current), rounded to a whole unit; the current reading when there is no rate;
 * null without readings.
 */
export function estimateOdometer(judged: readonly JudgedReading[], today: string): number | null {
  const current = currentReading(judged);
  if (current === null) return null;
  const perDay = recentDistancePerDay(judged);
  const days = daysBetween(current.date, today);
  if (perDay === null || days <= 0) return current.odometer;
  return Math.max(current.odometer, Math.round(current.odometer + perDay * days));
}

/**
 * What the history expected a reading to be (decision 068): `estimateOdometer` on the reading's
 * day over the other readings, judged without it, of that day and before. Null when none of
 * them is accepted.
 */
export function expectedOdometer(
  readings: readonly ReadingPoint[],
  unit: DistanceUnit,
  reading: { id: number; date: string },
): number | null {
  const others = judgeReadings(
    readings.filter((other) => other.id !== reading.id),
    unit,
  ).filter((other) => other.date <= reading.date);
  return estimateOdometer(others, reading.date);
}

/** The accepted readings a period's distance runs between, and that distance. */
export type DrivenInPeriod = { start: JudgedReading; end: JudgedReading; distance: number };

/**
 * Driven in [from, to] (either open): from the last accepted reading before the period (or, when
 * there is none, the first one in it) to the last accepted reading in it; null when fewer than
 * two accepted readings bound it.
 */
export function drivenInPeriod(
  judged: readonly JudgedReading[],
  from: string | null,
  to: string | null,
): DrivenInPeriod | null {
  const accepted = acceptedReadings(judged);
  const isInPeriod = (date: string) =>
    (from === null || date >= from) && (to === null || date <= to);
  const endIndex = accepted.findLastIndex((reading) => isInPeriod(reading.date));
  if (endIndex < 0) return null;
  const before = from === null ? -1 : accepted.findLastIndex((reading) => reading.date < from);
  const startIndex =
    before >= 0 ? before : accepted.findIndex((reading) => isInPeriod(reading.date));
  if (startIndex >= endIndex) return null;
  return {
    start: accepted[startIndex]!,
    end: accepted[endIndex]!,
    distance: drivenAlong(accepted, startIndex, endIndex),
  };
}

/**
 * Distance driven in [from, to] (either open), per decision 050, in the vehicle's unit; null when
 * fewer than two accepted readings bound it.
 */
export function distanceDriven(
  judged: readonly JudgedReading[],
  from: string | null,
  to: string | null,
): number | null {
  return drivenInPeriod(judged, from, to)?.distance ?? null;
}
