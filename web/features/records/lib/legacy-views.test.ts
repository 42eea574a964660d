import type { UpcomingItem } from '@contract/records';
import { describe, expect, it } from 'vitest';
import { groupMaintenance, groupModifications, groupScheduleOccurrences } from './legacy-views';

const TODAY = '2026-11-23';

const item = (
  id: number,
  values: Partial<{
    isCompleted: boolean;
    date: string | null;
    dueDate: string | null;
    dueMileage: number | null;
  }>,
) => ({ id, isCompleted: false, date: null, dueDate: null, dueMileage: null, ...values });

describe('maintenance groups (001 §4)', () => {
  it('puts open items in Overdue, Due Soon (14 days) and Upcoming, in due order', () => {
    const groups = groupMaintenance(
      [
        item(1, { dueDate: '2026-11-22' }),
        item(2, { dueDate: '2026-12-07' }),
        item(3, { dueDate: '2026-12-08' }),
        item(4, { dueMileage: 60000 }),
        item(5, { dueMileage: 50000 }),
        item(6, { dueDate: TODAY }),
        item(7, { date: '2026-11-30' }),
        item(8, { isCompleted: true, date: '2026-10-01' }),
        item(9, { isCompleted: true, date: '2026-11-01' }),
        item(10, { isCompleted: true }),
      ],
      TODAY,
    );
    expect(groups.overdue.map((r) => r.id)).toEqual([1]);
    expect(groups.dueSoon.map((r) => r.id)).toEqual([6, 7, 2]);
    expect(groups.upcoming.map((r) => r.id)).toEqual([3, 5, 4]);
    expect(groups.history.map((r) => r.id)).toEqual([9, 8, 10]);
  });

  it('splits modifications into In Progress and Completed', () => {
    const groups = groupModifications([item(1, {}), item(2, { isCompleted: true })]);
    expect(groups.inProgress.map((r) => r.id)).toEqual([1]);
    expect(groups.completed.map((r) => r.id)).toEqual([2]);
  });
});

describe('groupScheduleOccurrences (decision 054)', () => {
  const occurrence = (
    id: number,
    values: Partial<
      Pick<UpcomingItem, 'dueDate' | 'dueMileage' | 'vehicleMileage' | 'predictedDate'>
    >,
  ): UpcomingItem => ({
    id,
    type: 'maintenance',
    title: `Schedule ${id}`,
    vehicleId: 1,
    vehicleName: '2019 Honda Civic',
    date: values.dueDate ?? null,
    dueDate: null,
    dueMileage: null,
    vehicleMileage: null,
    odometerUnit: 'mi',
    cost: null,
    description: null,
    imageUrl: null,
    fileUrl: null,
    isCompleted: false,
    scheduleId: id,
    occurrence: 0,
    predictedDate: null,
    ...values,
  });

  it('puts each occurrence in the group of its date, predicted date or reached mileage, and leaves records out', () => {
    // Today 2026-11-26; Due Soon runs to 2026-12-10 (14 days).
    const groups = groupScheduleOccurrences(
      [
        occurrence(1, { dueDate: '2026-11-25' }), // yesterday: overdue
        occurrence(2, { dueMileage: 60_000, vehicleMileage: 60_100 }), // reached: overdue
        occurrence(3, { dueDate: '2026-12-10' }), // day 14: due soon
        occurrence(4, { dueMileage: 61_000, vehicleMileage: 60_000, predictedDate: '2026-12-01' }),
        occurrence(5, { dueDate: '2026-12-11' }), // day 15: upcoming
        occurrence(6, { dueMileage: 61_000, vehicleMileage: 60_000 }), // no prediction: upcoming
        { ...occurrence(7, { dueDate: '2026-11-01' }), scheduleId: null }, // a record
      ],
      '2026-11-26',
    );
    const ids = (items: readonly UpcomingItem[]) => items.map((item) => item.id);
    expect(ids(groups.overdue)).toEqual([1, 2]);
    expect(ids(groups.dueSoon)).toEqual([3, 4]);
    expect(ids(groups.upcoming)).toEqual([5, 6]);
  });
});
