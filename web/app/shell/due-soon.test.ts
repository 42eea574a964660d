import type { UpcomingItem } from '@contract/records';
import { describe, expect, it } from 'vitest';
import { dueSoonItems } from './due-soon';

function item(id: number, date: string | null, dueDate: string | null = null): UpcomingItem {
  return {
    id,
    type: 'maintenance',
    title: `Item ${id}`,
    vehicleId: 1,
    vehicleName: '2018 Honda Civic',
    date,
    dueDate,
    dueMileage: null,
    cost: null,
    description: null,
    imageUrl: null,
    fileUrl: null,
    isCompleted: false,
  };
}

describe('dueSoonItems (D18, D4)', () => {
  // Tests run in America/New_York: 23:30 local on March 4 is already March 5 in UTC.
  const lateEvening = new Date(2025, 2, 4, 23, 30);

  it('counts items due from today to today + 7 days, in the local calendar', () => {
    const items = [
      item(1, '2025-03-03'), // yesterday
      item(2, '2025-03-04'), // today
      item(3, '2025-03-11'), // today + 7
      item(4, '2025-03-12'), // today + 8
      item(5, null), // undated
    ];
    expect(dueSoonItems(items, lateEvening).map((found) => found.id)).toEqual([2, 3]);
  });

  it('judges by the due date when there is one, else by the date', () => {
    const items = [item(1, '2025-03-05', '2025-04-01'), item(2, '2025-01-01', '2025-03-06')];
    expect(dueSoonItems(items, lateEvening).map((found) => found.id)).toEqual([2]);
  });

  it('crosses month and year ends', () => {
    const items = [item(1, '2026-01-03'), item(2, '2026-01-08')];
    expect(dueSoonItems(items, new Date(2025, 11, 31, 12)).map((found) => found.id)).toEqual([1]);
  });
});
