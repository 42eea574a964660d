/**
 * Decision 054's arithmetic on hand-computed fixtures: next due points (time only, distance only,
 * both, fixed intervals), predicted dates from an odometer history, due soon on predicted dates,
 * the next day a state can change, and a user's day at midnight in their time zone.
 */
import { dueStateOn } from '@contract/due-state';
import { describe, expect, it } from 'vitest';
import { startOfDayIn, todayIn } from '../../today';
import { judgeReadings, predictionDistancePerDay } from '../odometer/odometer.calc';
import {
  addMonths,
  type DuePoint,
  nextChangeDay,
  nextDuePoint,
  predictedDateOf,
  type ScheduleTerms,
  soonestDate,
} from './schedules.calc';

const NEVER_DONE: ScheduleTerms = {
  intervalMonths: null,
  intervalDistance: null,
  firstDueDate: null,
  firstDueOdometer: null,
  lastDoneDate: null,
  lastDoneOdometer: null,
  fixedIntervals: false,
  previousDueDate: null,
  previousDueOdometer: null,
};

const THRESHOLDS = { days: 14, distance: 500 };

describe('addMonths', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28'); // Feb 2027 has 28 days
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29'); // 2028 is a leap year
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-05-10', 24)).toBe('2028-05-10');
  });
});

describe('the next due point', () => {
  it('is the first due point until the schedule is done', () => {
    expect(
      nextDuePoint({
        ...NEVER_DONE,
        intervalMonths: 6,
        firstDueDate: '2027-01-12',
        firstDueOdometer: 61_200,
      }),
    ).toEqual({ date: '2027-01-12', odometer: 61_200 });
  });

  it('by time only: last done + months', () => {
    // Done 2026-03-04; every 12 months → 2027-03-04. No distance interval → no due mileage.
    expect(nextDuePoint({ ...NEVER_DONE, intervalMonths: 12, lastDoneDate: '2026-03-04' })).toEqual(
      { date: '2027-03-04', odometer: null },
    );
  });

  it('by distance only: last done odometer + distance', () => {
    // Done at 52,310.5 mi; every 5,000 mi → 57,310.5 mi.
    expect(
      nextDuePoint({
        ...NEVER_DONE,
        intervalDistance: 5_000,
        lastDoneDate: '2026-10-01',
        lastDoneOdometer: 52_310.5,
      }),
    ).toEqual({ date: null, odometer: 57_310.5 });
  });

  it('by both, whichever comes first: both points', () => {
    // Done 2026-06-15 at 40,000 km; every 6 months or 10,000 km → 2026-12-15 or 50,000 km.
    expect(
      nextDuePoint({
        ...NEVER_DONE,
        intervalMonths: 6,
        intervalDistance: 10_000,
        lastDoneDate: '2026-06-15',
        lastDoneOdometer: 40_000,
      }),
    ).toEqual({ date: '2026-12-15', odometer: 50_000 });
  });

  it('with fixed intervals: from the due point that was fulfilled, not from when it was done', () => {
    // Due 2026-07-01 at 30,000; done late on 2026-07-20 at 30,800. Fixed: 2026-07-01 + 12 months
    // = 2027-07-01 and 30,000 + 7,500 = 37,500; from what was done it would be 2027-07-20, 38,300.
    const terms = {
      ...NEVER_DONE,
      intervalMonths: 12,
      intervalDistance: 7_500,
      lastDoneDate: '2026-07-20',
      lastDoneOdometer: 30_800,
      previousDueDate: '2026-07-01',
      previousDueOdometer: 30_000,
    };
    expect(nextDuePoint({ ...terms, fixedIntervals: true })).toEqual({
      date: '2027-07-01',
      odometer: 37_500,
    });
    expect(nextDuePoint(terms)).toEqual({ date: '2027-07-20', odometer: 38_300 });
  });

  it('has none once a one-off is done', () => {
    expect(
      nextDuePoint({ ...NEVER_DONE, firstDueDate: '2026-05-01', lastDoneDate: '2026-05-02' }),
    ).toEqual({ date: null, odometer: null });
  });
});

describe('predicted dates', () => {
  // A history of 30 mi a day: 60 days between 2026-09-01 (50,000) and 2026-10-31 (51,800),
  // readings every 20 days (600 mi each).
  const steady = [
    { id: 1, date: '2026-09-01', odometer: 50_000, isConfirmed: false },
    { id: 2, date: '2026-09-21', odometer: 50_600, isConfirmed: false },
    { id: 3, date: '2026-10-11', odometer: 51_200, isConfirmed: false },
    { id: 4, date: '2026-10-31', odometer: 51_800, isConfirmed: false },
  ];

  it('divide the distance left by recent driving, rounded up to a day', () => {
    const judged = judgeReadings(steady, 'mi');
    const perDay = predictionDistancePerDay(judged);
    expect(perDay).toBe(30); // (51,800 − 50,000) / 60 days
    // Due at 53,000: 1,200 mi left / 30 a day = 40 days after 2026-10-31 → 2026-12-10.
    const driving = { current: { odometer: 51_800, date: '2026-10-31' }, perDay };
    expect(predictedDateOf(53_000, driving)).toBe('2026-12-10');
    // 53,010: 1,210 / 30 = 40.3 → 41 days → 2026-12-11.
    expect(predictedDateOf(53_010, driving)).toBe('2026-12-11');
    // Already reached, or no rate: no prediction.
    expect(predictedDateOf(51_800, driving)).toBeNull();
    expect(predictedDateOf(53_000, { ...driving, perDay: null })).toBeNull();
  });

  it('are not brought forward by one long trip', () => {
    // Same pace, but a 7-day trip of 2,100 mi between 2026-10-31 and 2026-11-07 (300 mi a day).
    // Steps: 600/20 = 30, 30, 30 a day, then 2,100/7 = 300 a day. Median of 30, 30, 30, 300 is
    // 30; 300 > 3 × 30, so the trip counts as 7 × 30 = 210.
    // (600 + 600 + 600 + 210) / 67 days = 2,010 / 67 = 30 a day, where the plain average says
    // (3,900) / 67 = 58.2.
    const judged = judgeReadings(
      [...steady, { id: 5, date: '2026-11-07', odometer: 53_900, isConfirmed: false }],
      'mi',
    );
    expect(predictionDistancePerDay(judged)).toBe(30);
  });

  it('leave flagged readings out', () => {
    // 99,999 on 2026-10-20 is a typo (implausible), so the rate stays 30 a day.
    const judged = judgeReadings(
      [...steady, { id: 9, date: '2026-10-20', odometer: 99_999, isConfirmed: false }],
      'mi',
    );
    expect(predictionDistancePerDay(judged)).toBe(30);
  });
});

describe('the state on a day', () => {
  const due: DuePoint = { date: '2026-12-20', odometer: 60_000 };

  it('is overdue after the due date, not on it, and once a reading reaches the mileage', () => {
    expect(dueStateOn(due, null, 50_000, '2026-12-20', THRESHOLDS)).toBe('dueSoon');
    expect(dueStateOn(due, null, 50_000, '2026-12-21', THRESHOLDS)).toBe('overdue');
    expect(dueStateOn(due, null, 60_000, '2026-01-01', THRESHOLDS)).toBe('overdue');
  });

  it('is due soon 14 days ahead, or 500 short of the mileage', () => {
    // 2026-12-20 − 14 days = 2026-12-06.
    expect(dueStateOn(due, null, 50_000, '2026-12-05', THRESHOLDS)).toBe('ok');
    expect(dueStateOn(due, null, 50_000, '2026-12-06', THRESHOLDS)).toBe('dueSoon');
    // 60,000 − 500 = 59,500.
    expect(dueStateOn(due, null, 59_499, '2026-06-01', THRESHOLDS)).toBe('ok');
    expect(dueStateOn(due, null, 59_500, '2026-06-01', THRESHOLDS)).toBe('dueSoon');
  });

  it('is due soon when the predicted date is near, though the mileage is far', () => {
    // A car driven a lot: 3,000 mi short of 60,000 but predicted to reach it on 2026-07-10, 9
    // days after 2026-07-01 (within 14).
    const byDistance: DuePoint = { date: null, odometer: 60_000 };
    expect(dueStateOn(byDistance, '2026-07-10', 57_000, '2026-07-01', THRESHOLDS)).toBe('dueSoon');
    expect(dueStateOn(byDistance, '2026-07-16', 57_000, '2026-07-01', THRESHOLDS)).toBe('ok');
    // A passed prediction without a reading says due soon, never overdue.
    expect(dueStateOn(byDistance, '2026-06-01', 57_000, '2026-07-01', THRESHOLDS)).toBe('dueSoon');
  });
});

describe('the next day a state can change', () => {
  it('is the first of: the date coming within the days, the day after the date, the prediction coming within the days', () => {
    const due: DuePoint = { date: '2026-12-20', odometer: 60_000 };
    // Due soon from 12-06, overdue from 12-21, predicted 2026-12-30 → due soon from 12-16.
    expect(nextChangeDay(due, '2026-12-30', '2026-11-26', THRESHOLDS)).toBe('2026-12-06');
    expect(nextChangeDay(due, '2026-12-30', '2026-12-06', THRESHOLDS)).toBe('2026-12-16');
    expect(nextChangeDay(due, '2026-12-30', '2026-12-16', THRESHOLDS)).toBe('2026-12-21');
    expect(nextChangeDay(due, '2026-12-30', '2026-12-21', THRESHOLDS)).toBeNull();
    expect(nextChangeDay({ date: null, odometer: 60_000 }, null, '2026-12-21', THRESHOLDS)).toBe(
      null,
    );
  });

  it('orders an item by the earlier of its due and predicted dates', () => {
    expect(soonestDate({ date: '2027-03-01', odometer: 1 }, '2027-01-12')).toBe('2027-01-12');
    expect(soonestDate({ date: '2027-03-01', odometer: null }, null)).toBe('2027-03-01');
    expect(soonestDate({ date: null, odometer: 1 }, null)).toBeNull();
  });
});

describe('a user’s day in their time zone', () => {
  it('turns at their midnight, not UTC’s', () => {
    // 2026-12-21 04:30 UTC is 23:30 on 12-20 in New York (UTC−5) and 13:30 on 12-21 in Tokyo.
    const instant = new Date('2026-12-21T04:30:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-12-20');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-12-21');
    expect(todayIn('UTC', instant)).toBe('2026-12-21');
    // So an item due 2026-12-20 is not yet overdue in New York, and is in Tokyo.
    const due: DuePoint = { date: '2026-12-20', odometer: null };
    expect(dueStateOn(due, null, null, todayIn('America/New_York', instant), THRESHOLDS)).toBe(
      'dueSoon',
    );
    expect(dueStateOn(due, null, null, todayIn('Asia/Tokyo', instant), THRESHOLDS)).toBe('overdue');
  });

  it('begins at local midnight, across a change of the clocks', () => {
    // New York: 2026-12-21 starts at 05:00 UTC (EST, UTC−5); 2026-07-01 at 04:00 UTC (EDT).
    expect(startOfDayIn('2026-12-21', 'America/New_York').toISOString()).toBe(
      '2026-12-21T05:00:00.000Z',
    );
    expect(startOfDayIn('2026-07-01', 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    // 2026-03-08, the day the clocks go forward at 02:00, still starts at midnight EST.
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    // Kiritimati (UTC+14): 2026-12-21 begins at 10:00 UTC on the 20th.
    expect(startOfDayIn('2026-12-21', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-12-20T10:00:00.000Z',
    );
    // Santiago moves its clocks at midnight: on 2026-09-06 the day begins at 01:00 local
    // (−03), 04:00 UTC.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });
});
