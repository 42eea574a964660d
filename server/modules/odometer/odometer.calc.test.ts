/**
 * The odometer history's arithmetic (decision 050) on readings worked by hand: flags against the
 * previous accepted reading, the current mileage after a typo, recent driving, the estimate and
 * the distance driven in a period.
 */
import { describe, expect, it } from 'vitest';
import {
  currentReading,
  distanceDriven,
  drivenInPeriod,
  estimateOdometer,
  judgeReadings,
  type ReadingPoint,
  recentDistancePerDay,
} from './odometer.calc';

let nextId = 1;
const reading = (date: string, odometer: number, isConfirmed = false): ReadingPoint => ({
  id: nextId++,
  date,
  odometer,
  isConfirmed,
});
const flagsOf = (readings: ReadingPoint[], unit: 'mi' | 'km' = 'mi') =>
  judgeReadings(readings, unit).map(({ odometer, flag }) => [odometer, flag]);

describe('judgeReadings', () => {
  it('flags a reading below the previous accepted one as backwards, and only that one', () => {
    const readings = [
      reading('2026-02-15', 10_900),
      reading('2026-01-01', 10_000),
      reading('2026-02-01', 10_300),
      reading('2026-01-15', 10_400),
    ];
    // Sorted by date: 10,000, 10,400, then 10,300 < 10,400 → backwards. 10,900 is judged against
    // 10,400 (the previous accepted), not 10,300: 500 mi in 31 days, accepted.
    expect(flagsOf(readings)).toEqual([
      [10_000, null],
      [10_400, null],
      [10_300, 'backwards'],
      [10_900, null],
    ]);
  });

  it('flags more than 2,000 km a day since the previous accepted reading, in the vehicle’s unit', () => {
    // 2,000 km = 2,000 ÷ 1.609344 = 1,242.74 mi a day.
    const miles = [reading('2026-05-01', 1_000), reading('2026-05-02', 2_250)];
    // 2,250 − 1,000 = 1,250 mi in a day > 1,242.74 → implausible.
    expect(flagsOf(miles, 'mi')).toEqual([
      [1_000, null],
      [2_250, 'implausible'],
    ]);
    // The same figures in km: 1,250 km in a day ≤ 2,000 → accepted.
    expect(flagsOf(miles, 'km')).toEqual([
      [1_000, null],
      [2_250, null],
    ]);
    const kilometres = [
      reading('2026-05-01', 50_000),
      reading('2026-05-02', 52_100),
      reading('2026-05-03', 53_900),
    ];
    // 52,100 − 50,000 = 2,100 km in one day → implausible. 53,900 is judged against 50,000:
    // 3,900 km in 2 days = 1,950 a day → accepted.
    expect(flagsOf(kilometres, 'km')).toEqual([
      [50_000, null],
      [52_100, 'implausible'],
      [53_900, null],
    ]);
  });

  it('counts a same-day pair as one day, in the order it was driven', () => {
    // Given in any order, a day's readings sort by odometer: 1,000 then 2,900 (1,900 km, a
    // day's allowance, accepted) then 5,000 (2,100 km on from 2,900 → implausible).
    const sameDay = [
      reading('2026-07-04', 2_900),
      reading('2026-07-04', 5_000),
      reading('2026-07-04', 1_000),
    ];
    expect(flagsOf(sameDay, 'km')).toEqual([
      [1_000, null],
      [2_900, null],
      [5_000, 'implausible'],
    ]);
  });

  it('never flags a confirmed reading, and judges what follows against it', () => {
    // A replaced instrument cluster: 150,500 then 1,200.
    const history = (isConfirmed: boolean) => [
      reading('2026-01-01', 150_000),
      reading('2026-01-10', 150_500),
      reading('2026-01-20', 1_200, isConfirmed),
      reading('2026-02-01', 1_700),
    ];
    // Unconfirmed, 1,200 and 1,700 are both below 150,500.
    expect(flagsOf(history(false))).toEqual([
      [150_000, null],
      [150_500, null],
      [1_200, 'backwards'],
      [1_700, 'backwards'],
    ]);
    // Confirmed, 1,200 is the baseline and 1,700 (500 on in 12 days) is accepted.
    expect(flagsOf(history(true))).toEqual([
      [150_000, null],
      [150_500, null],
      [1_200, null],
      [1_700, null],
    ]);
    expect(currentReading(judgeReadings(history(true), 'mi'))).toEqual({
      odometer: 1_700,
      date: '2026-02-01',
    });
  });
});

describe('currentReading', () => {
  it('keeps the current mileage after a typo of 500,000 between 50,000 and 50,500', () => {
    const judged = judgeReadings(
      [
        reading('2026-03-01', 50_000),
        reading('2026-03-10', 500_000),
        reading('2026-03-20', 50_500),
      ],
      'mi',
    );
    // 500,000 − 50,000 = 450,000 mi in 9 days = 50,000 a day → implausible; 50,500 is judged
    // against 50,000 and accepted. The largest reading would say 500,000; the current is the
    // latest accepted by date.
    expect(judged.map((point) => point.flag)).toEqual([null, 'implausible', null]);
    expect(currentReading(judged)).toEqual({ odometer: 50_500, date: '2026-03-20' });
  });

  it('keeps the current mileage when the typo is the newest reading', () => {
    const judged = judgeReadings(
      [
        reading('2026-03-01', 50_000),
        reading('2026-03-20', 50_500),
        reading('2026-03-25', 500_000),
      ],
      'mi',
    );
    expect(currentReading(judged)).toEqual({ odometer: 50_500, date: '2026-03-20' });
  });

  it('takes the latest by date, then the larger of a same-day pair, and nothing without readings', () => {
    const judged = judgeReadings(
      [reading('2026-04-02', 7_300), reading('2026-04-02', 7_350), reading('2026-04-01', 7_200)],
      'km',
    );
    expect(currentReading(judged)).toEqual({ odometer: 7_350, date: '2026-04-02' });
    expect(currentReading([])).toBeNull();
  });
});

/**
 * 40 km a day from 1 January, and a long trip of 1,800 km at the end of March (900 km on the
 * 30th and on the 31st). 1 April is 90 days after 1 January (31 + 28 + 31), so the 90 days
 * before the latest reading start on 1 January; 1 October 2025 (182 days before) is outside.
 */
const withLongTrip = () =>
  judgeReadings(
    [
      reading('2025-10-01', 14_000),
      reading('2026-01-01', 20_000),
      reading('2026-02-01', 21_240), // + 31 × 40
      reading('2026-03-01', 22_360), // + 28 × 40
      reading('2026-03-29', 23_480), // + 28 × 40
      reading('2026-03-30', 24_420), // + 40 + 900
      reading('2026-03-31', 25_360), // + 40 + 900
      reading('2026-04-01', 25_400), // + 40
    ],
    'km',
  );

describe('recentDistancePerDay', () => {
  it('spreads a single long trip over the 90 days it was driven in', () => {
    // (25,400 − 20,000) ÷ 90 days = 60 km a day: the 40 a day driven plus the trip's
    // 1,800 ÷ 90 = 20. The last two readings alone would say 25,400 − 25,360 = 40, the two
    // before them 940; the whole history (25,400 − 14,000) ÷ 182 = 62.6.
    expect(recentDistancePerDay(withLongTrip())).toBe(60);
  });

  it('reads the whole history when the last 90 days span less than a week', () => {
    // Within 90 days of 3 June: 1 and 3 June, 2 days apart. The whole history: 1 January to
    // 3 June is 153 days (31 + 28 + 31 + 30 + 31 + 2); (15,100 − 10,000) ÷ 153 = 33.33 km a day.
    const judged = judgeReadings(
      [reading('2026-01-01', 10_000), reading('2026-06-01', 15_000), reading('2026-06-03', 15_100)],
      'km',
    );
    expect(recentDistancePerDay(judged)).toBeCloseTo(5_100 / 153, 10);
    expect(5_100 / 153).toBeCloseTo(33.33, 2);
  });

  it('is unknown under a week of history, and leaves flagged readings out', () => {
    const short = judgeReadings(
      [reading('2026-06-01', 15_000), reading('2026-06-04', 15_100)],
      'km',
    );
    expect(recentDistancePerDay(short)).toBeNull();
    // The 99,000 typo is implausible; the rate is (10,700 − 10,000) ÷ 14 days = 50.
    const withTypo = judgeReadings(
      [reading('2026-06-01', 10_000), reading('2026-06-08', 99_000), reading('2026-06-15', 10_700)],
      'km',
    );
    expect(recentDistancePerDay(withTypo)).toBe(50);
  });

  it('does not drive backwards across a replaced cluster', () => {
    // 150,000 → 150,500 (500), then the confirmed new cluster at 100 (a step of 0, not −150,400),
    // then 800 (700): 1,200 km in the 31 days from 1 January to 1 February.
    const judged = judgeReadings(
      [
        reading('2026-01-01', 150_000),
        reading('2026-01-15', 150_500),
        reading('2026-01-16', 100, true),
        reading('2026-02-01', 800),
      ],
      'km',
    );
    expect(recentDistancePerDay(judged)).toBeCloseTo(1_200 / 31, 10);
  });
});

describe('estimateOdometer', () => {
  it('adds recent driving for the days since the current reading, to a whole unit', () => {
    // 25,400 + 60 × 10 days (1 to 11 April) = 26,000.
    expect(estimateOdometer(withLongTrip(), '2026-04-11')).toBe(26_000);
    // 4 days (3 to 7 June) at 5,100 ÷ 153 = 33.333 a day: 15,100 + 133.33 = 15,233.33 → 15,233.
    const judged = judgeReadings(
      [reading('2026-01-01', 10_000), reading('2026-06-01', 15_000), reading('2026-06-03', 15_100)],
      'km',
    );
    expect(estimateOdometer(judged, '2026-06-07')).toBe(15_233);
  });

  it('is the current reading without a rate or without days since it, and never below it', () => {
    const short = judgeReadings(
      [reading('2026-06-01', 15_000.4), reading('2026-06-04', 15_100.6)],
      'km',
    );
    // Under a week of history: no rate, the current as read.
    expect(estimateOdometer(short, '2026-07-01')).toBe(15_100.6);
    // The same day, or a reading dated after today: the current.
    expect(estimateOdometer(withLongTrip(), '2026-04-01')).toBe(25_400);
    expect(estimateOdometer(withLongTrip(), '2026-03-15')).toBe(25_400);
    expect(estimateOdometer([], '2026-03-15')).toBeNull();
  });
});

describe('distanceDriven', () => {
  /** 1,000 → 1,500 → 2,100 → (a typo of 99,999, implausible) → 2,600 miles. */
  const history = () =>
    judgeReadings(
      [
        reading('2026-01-01', 1_000),
        reading('2026-02-01', 1_500),
        reading('2026-03-01', 2_100),
        reading('2026-03-15', 99_999),
        reading('2026-04-01', 2_600),
      ],
      'mi',
    );

  it('runs from the last accepted reading before the period to the last one in it', () => {
    // Last in 15 February – 31 March: 2,100 (1 March; the typo is flagged). Last before:
    // 1,500 (1 February). 2,100 − 1,500 = 600.
    expect(distanceDriven(history(), '2026-02-15', '2026-03-31')).toBe(600);
    const driven = drivenInPeriod(history(), '2026-02-15', '2026-03-31');
    expect([driven?.start.date, driven?.end.date]).toEqual(['2026-02-01', '2026-03-01']);
  });

  it('starts at the first reading in the period when none is before it', () => {
    // Open: 2,600 − 1,000 = 1,600. From 1 January: no reading before, 1,500 − 1,000 = 500.
    expect(distanceDriven(history(), null, null)).toBe(1_600);
    expect(distanceDriven(history(), '2026-01-01', '2026-02-01')).toBe(500);
    // Open start, to 15 March: 2,100 − 1,000 = 1,100.
    expect(distanceDriven(history(), null, '2026-03-15')).toBe(1_100);
  });

  it('is null when fewer than two accepted readings bound the period', () => {
    // Only the flagged typo is in 2–31 March; only 1,000 is up to 15 January.
    expect(distanceDriven(history(), '2026-03-02', '2026-03-31')).toBeNull();
    expect(distanceDriven(history(), null, '2026-01-15')).toBeNull();
    expect(distanceDriven([], null, null)).toBeNull();
  });

  it('counts a replaced cluster’s restart as no distance, not a negative one', () => {
    // 150,000 → 150,500 (500) → confirmed 100 (0) → 700 (600) = 1,100.
    const judged = judgeReadings(
      [
        reading('2026-01-01', 150_000),
        reading('2026-01-20', 150_500),
        reading('2026-02-01', 100, true),
        reading('2026-03-01', 700),
      ],
      'km',
    );
    expect(distanceDriven(judged, null, null)).toBe(1_100);
  });
});

describe('a plausible typo ahead of the readings after it', () => {
  it('is flagged once two later readings agree below it, and the current mileage follows them', () => {
    const readings = [
      reading('2026-03-01', 50_000),
      // Typed 59,000 for 50,900: 9,000 mi in 14 days is 643 a day, under the 1,242.74 allowed.
      reading('2026-03-15', 59_000),
      reading('2026-03-29', 51_200),
    ];
    // One lower reading alone cannot say which of the two is wrong: the later one is flagged.
    expect(flagsOf(readings)).toEqual([
      [50_000, null],
      [59_000, null],
      [51_200, 'backwards'],
    ]);
    expect(currentReading(judgeReadings(readings, 'mi'))).toEqual({
      odometer: 59_000,
      date: '2026-03-15',
    });
    // A second one settles it: 51,200 and 51,500 are both below 59,000, 51,200 follows 50,000
    // (1,200 mi in 28 days) and 51,500 follows 51,200 (300 mi in 14 days): 59,000 is ahead.
    const settled = [...readings, reading('2026-04-12', 51_500)];
    expect(flagsOf(settled)).toEqual([
      [50_000, null],
      [59_000, 'ahead'],
      [51_200, null],
      [51_500, null],
    ]);
    expect(currentReading(judgeReadings(settled, 'mi'))).toEqual({
      odometer: 51_500,
      date: '2026-04-12',
    });
  });

  it('catches a typo in the very first reading the same way', () => {
    // 500,000 first, then 50,000 and 50,400 agreeing with each other: the first is the typo.
    expect(
      flagsOf([
        reading('2026-01-01', 500_000),
        reading('2026-01-10', 50_000),
        reading('2026-01-20', 50_400),
      ]),
    ).toEqual([
      [500_000, 'ahead'],
      [50_000, null],
      [50_400, null],
    ]);
  });

  it('leaves a true reading alone when only one lower typo follows it', () => {
    // 51,000 is true, 50,900 a typo (lower), 51,300 true: 51,300 is not below 51,000, so 51,000
    // stays and 50,900 alone is flagged.
    expect(
      flagsOf([
        reading('2026-05-01', 50_000),
        reading('2026-05-10', 51_000),
        reading('2026-05-20', 50_900),
        reading('2026-05-30', 51_300),
      ]),
    ).toEqual([
      [50_000, null],
      [51_000, null],
      [50_900, 'backwards'],
      [51_300, null],
    ]);
  });

  it('does not take a replaced cluster’s confirmed restart for a typo before it', () => {
    // The old cluster read 120,000; the new one starts at 50 (confirmed) and reads 300 after.
    // 50 is far below the baseline 119,000, so 120,000 is not "ahead"; the restart is confirmed.
    expect(
      flagsOf([
        reading('2026-06-01', 119_000),
        reading('2026-06-10', 120_000),
        reading('2026-06-11', 50, true),
        reading('2026-06-20', 300),
      ]),
    ).toEqual([
      [119_000, null],
      [120_000, null],
      [50, null],
      [300, null],
    ]);
  });
});
