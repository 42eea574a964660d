import type { UpcomingItem } from '@contract/records';
import { describe, expect, it } from 'vitest';
import { bellItems, bellLabel } from './due-soon';

function item(
  id: number,
  date: string | null,
  dueDate: string | null = null,
  mileage: { dueMileage: number; vehicleMileage: number | null } | null = null,
): UpcomingItem {
  return {
    id,
    type: 'maintenance',
    title: `Item ${id}`,
    vehicleId: 1,
    vehicleName: '2018 Honda Civic',
    date,
    dueDate,
    dueMileage: mileage?.dueMileage ?? null,
    vehicleMileage: mileage?.vehicleMileage ?? null,
    odometerUnit: 'mi',
    cost: null,
    description: null,
    imageUrl: null,
    fileUrl: null,
    isCompleted: false,
    scheduleId: null,
    occurrence: null,
    predictedDate: null,
  };
}

const ids = (items: readonly { id: number }[]) => items.map((found) => found.id);

describe('bellItems (D18, D47, D4)', () => {
  // Tests run in America/New_York: 23:30 local on March 4 is already March 5 in UTC.
  const lateEvening = new Date(2025, 2, 4, 23, 30);

  it('counts items overdue or due from today to today + 7 days, in the local calendar, overdue first', () => {
    const items = [
      item(1, '2025-03-03'), // yesterday: overdue (D47; before D47 the bell dropped it)
      item(2, '2025-03-04'), // today: due, not overdue
      item(3, '2025-03-11'), // today + 7
      item(4, '2025-03-12'), // today + 8
      item(5, null), // undated
    ];
    const listed = bellItems(items, lateEvening);
    expect(ids(listed)).toEqual([1, 2, 3]);
    expect(listed.map((found) => found.isOverdue)).toEqual([true, false, false]);
  });

  it('judges by the due date when there is one, else by the date', () => {
    const items = [item(1, '2025-03-05', '2025-04-01'), item(2, '2025-01-01', '2025-03-06')];
    expect(ids(bellItems(items, lateEvening))).toEqual([2]);
  });

  it('counts an item due at a mileage the vehicle has reached, and lists it before dated ones', () => {
    // The upcoming read lists undated items last (D18); the bell moves the overdue one first.
    const items = [
      item(1, '2025-03-06'),
      item(2, null, null, { dueMileage: 90_000, vehicleMileage: 90_000 }), // reached: overdue
      item(3, null, null, { dueMileage: 90_000, vehicleMileage: 89_999 }), // 1 mi to go: not yet
      item(4, null, null, { dueMileage: 90_000, vehicleMileage: null }), // mileage unknown
    ];
    const listed = bellItems(items, lateEvening);
    expect(ids(listed)).toEqual([2, 1]);
    expect(bellLabel(listed)).toBe('Notifications (1 overdue, 1 due soon)');
  });

  it('counts a schedule whose predicted date falls within the week (decision 054)', () => {
    // Due at 61,200 mi, 1,200 to go: predicted for March 8 (within today + 7), or March 20.
    const scheduled = (id: number, predictedDate: string): UpcomingItem => ({
      ...item(id, null, null, { dueMileage: 61_200, vehicleMileage: 60_000 }),
      scheduleId: id,
      occurrence: 0,
      predictedDate,
    });
    const listed = bellItems([scheduled(1, '2025-03-08'), scheduled(2, '2025-03-20')], lateEvening);
    expect(ids(listed)).toEqual([1]);
    expect(bellLabel(listed)).toBe('Notifications (1 due soon)');
  });

  it('crosses month and year ends', () => {
    const items = [item(1, '2026-01-03'), item(2, '2026-01-08')];
    expect(ids(bellItems(items, new Date(2025, 11, 31, 12)))).toEqual([1]);
  });

  it('names the bell by what it counts', () => {
    expect(bellLabel([])).toBe('Notifications');
    const soon = bellItems([item(1, '2025-03-05'), item(2, '2025-03-06')], lateEvening);
    expect(bellLabel(soon)).toBe('Notifications (2 due soon)');
    const late = bellItems([item(1, '2025-03-01')], lateEvening);
    expect(bellLabel(late)).toBe('Notifications (1 overdue)');
  });
});
