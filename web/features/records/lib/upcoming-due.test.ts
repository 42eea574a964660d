import type { UpcomingItem } from '@contract/records';
import { describe, expect, it } from 'vitest';
import { dueText, overdueFirst } from './upcoming-due';

type Due = Pick<
  UpcomingItem,
  'dueDate' | 'date' | 'dueMileage' | 'vehicleMileage' | 'odometerUnit' | 'predictedDate'
>;
const due = (values: Partial<Due>): Due => ({
  date: null,
  dueDate: null,
  dueMileage: null,
  vehicleMileage: null,
  odometerUnit: 'mi',
  predictedDate: null,
  ...values,
});

describe('dueText (000 §2, D47)', () => {
  it('says the date as the spec writes it', () => {
    expect(dueText(due({ dueDate: '2025-03-04' }))).toBe('Due: Mar 4, 2025');
    // No due date: the record's date is when it is due (D18).
    expect(dueText(due({ date: '2031-12-25' }))).toBe('Due: Dec 25, 2031');
  });

  it('says the due mileage alone when the vehicle’s mileage is unknown', () => {
    expect(dueText(due({ dueMileage: 90_000 }))).toBe('Due at 90,000 mi');
  });

  it('says how far away the due mileage is', () => {
    // 90,000 − 88,750 = 1,250 miles still to drive.
    expect(dueText(due({ dueMileage: 90_000, vehicleMileage: 88_750 }))).toBe(
      'Due at 90,000 mi (1,250 mi to go)',
    );
    // 90,000 − 89,999 = 1.
    expect(dueText(due({ dueMileage: 90_000, vehicleMileage: 89_999 }))).toBe(
      'Due at 90,000 mi (1 mi to go)',
    );
    // 90,000 − 90,000 = 0: reached today.
    expect(dueText(due({ dueMileage: 90_000, vehicleMileage: 90_000 }))).toBe(
      'Due at 90,000 mi (due now)',
    );
    // 90,350 − 90,000 = 350 miles past it.
    expect(dueText(due({ dueMileage: 90_000, vehicleMileage: 90_350 }))).toBe(
      'Due at 90,000 mi (350 mi overdue)',
    );
    // 1,000,200 − 999,950 = 250: thousands separators on both sides of a million.
    expect(dueText(due({ dueMileage: 1_000_200, vehicleMileage: 999_950 }))).toBe(
      'Due at 1,000,200 mi (250 mi to go)',
    );
  });

  it('says the distances in the unit the vehicle’s odometer shows (D49)', () => {
    const km = (values: Partial<Due>) => due({ ...values, odometerUnit: 'km' });
    // 61,200 − 60,000 = 1,200 km still to drive.
    expect(dueText(km({ dueMileage: 61_200, vehicleMileage: 60_000 }))).toBe(
      'Due at 61,200 km (1,200 km to go)',
    );
    // 61,550 − 61,200 = 350 km past it.
    expect(dueText(km({ dueMileage: 61_200, vehicleMileage: 61_550 }))).toBe(
      'Due at 61,200 km (350 km overdue)',
    );
    expect(dueText(km({ dueDate: '2031-03-10', dueMileage: 61_200 }))).toBe(
      'Due: Mar 10, 2031 or at 61,200 km',
    );
  });

  it('says both when the item is due by date and by mileage', () => {
    // 45,000 − 43,800 = 1,200.
    expect(
      dueText(
        due({
          date: '2031-01-01',
          dueDate: '2031-03-10',
          dueMileage: 45_000,
          vehicleMileage: 43_800,
        }),
      ),
    ).toBe('Due: Mar 10, 2031 or at 45,000 mi (1,200 mi to go)');
    expect(dueText(due({ dueDate: '2031-03-10', dueMileage: 45_000 }))).toBe(
      'Due: Mar 10, 2031 or at 45,000 mi',
    );
  });

  it('says so when there is neither', () => {
    expect(dueText(due({}))).toBe('No due date');
  });

  it('says a schedule’s due mileage with the date driving reaches it (decision 054)', () => {
    // 61,200 − 60,000 = 1,200 mi to go, predicted for Jan 12, 2027.
    const predicted = { dueMileage: 61_200, vehicleMileage: 60_000, predictedDate: '2027-01-12' };
    expect(dueText(due(predicted))).toBe('Due in about 1,200 mi (around Jan 12, 2027)');
    // Decision 067: the distance comes due first (Jan 12 before Mar 4), so it is said first.
    expect(dueText(due({ ...predicted, date: '2027-03-04', dueDate: '2027-03-04' }))).toBe(
      'Due in about 1,200 mi (around Jan 12, 2027) or on Mar 4, 2027',
    );
    // The date first when it comes first (Jan 2 before Jan 12), the distance beside it.
    expect(dueText(due({ ...predicted, date: '2027-01-02', dueDate: '2027-01-02' }))).toBe(
      'Due: Jan 2, 2027 or in about 1,200 mi (around Jan 12, 2027)',
    );
    // 61,200 km − 60,650.4 km = 549.6 → 550 km.
    expect(dueText(due({ ...predicted, vehicleMileage: 60_650.4, odometerUnit: 'km' }))).toBe(
      'Due in about 550 km (around Jan 12, 2027)',
    );
    // Reached by a reading: the mileage is overdue, whatever was predicted.
    expect(dueText(due({ ...predicted, vehicleMileage: 61_500 }))).toBe(
      'Due at 61,200 mi (300 mi overdue)',
    );
  });
});

describe('overdueFirst (D47, D4)', () => {
  const item = (id: number, values: Partial<Due>): UpcomingItem => ({
    id,
    type: 'maintenance',
    title: `Item ${id}`,
    vehicleId: 1,
    vehicleName: '2015 Subaru Outback',
    cost: null,
    description: null,
    imageUrl: null,
    fileUrl: null,
    isCompleted: false,
    scheduleId: null,
    occurrence: null,
    ...due(values),
  });

  it('moves the overdue items first and keeps each group in the read’s order', () => {
    // 23:30 on March 4 in New York is March 5 in UTC: today is still March 4.
    const now = new Date(2025, 2, 4, 23, 30);
    const listed = overdueFirst(
      [
        item(1, { dueDate: '2025-03-04' }), // today: not overdue
        item(2, { dueDate: '2025-03-03' }), // yesterday: overdue
        item(3, { dueDate: '2025-04-01' }),
        item(4, { dueMileage: 90_000, vehicleMileage: 90_350 }), // past its mileage: overdue
        item(5, { dueMileage: 90_000, vehicleMileage: 88_750 }),
      ],
      now,
    );
    expect(listed.map((found) => [found.id, found.isOverdue])).toEqual([
      [2, true],
      [4, true],
      [1, false],
      [3, false],
      [5, false],
    ]);
  });
});
