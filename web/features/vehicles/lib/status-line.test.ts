import type { NextMaintenance } from '@contract/vehicles';
import { describe, expect, it } from 'vitest';
import { vehicleStatusLine } from './status-line';

// A fixed local day (the suite runs in America/New_York): overdue means before Mar 10, 2025.
const today = new Date(2025, 2, 10, 23, 30);

function line(nextMaintenance: NextMaintenance | null, mileage: number | null = 45_000) {
  return vehicleStatusLine({ nextMaintenance, mileage }, today);
}

describe('vehicleStatusLine (D33)', () => {
  it('says everything is up to date when nothing is open', () => {
    expect(line(null)).toEqual({ text: 'All maintenance up to date', tone: 'ok' });
  });

  it('says overdue when the due date is before today, judged on the local calendar', () => {
    const item = { title: 'Oil Change', dueDate: '2025-03-09', dueMileage: null };
    expect(line(item)).toEqual({ text: 'Oil Change overdue', tone: 'overdue' });
  });

  it('is not overdue on the due day itself, even late in the evening', () => {
    const item = { title: 'Oil Change', dueDate: '2025-03-10', dueMileage: null };
    expect(line(item)).toEqual({ text: 'Oil Change due Mar 10, 2025', tone: 'due' });
  });

  it('gives the due date as MMM d, yyyy when it lies ahead', () => {
    const item = { title: 'Brake Service', dueDate: '2025-04-02', dueMileage: 50_000 };
    expect(line(item)).toEqual({ text: 'Brake Service due Apr 2, 2025', tone: 'due' });
  });

  it('counts the miles left when only a due mileage is known', () => {
    const item = { title: 'Tire Rotation', dueDate: null, dueMileage: 50_000 };
    expect(line(item, 45_000)).toEqual({ text: 'Tire Rotation due in 5,000 miles', tone: 'due' });
    expect(line(item, 49_999).text).toBe('Tire Rotation due in 1 mile');
  });

  it('gives the odometer target when the mileage is unknown', () => {
    const item = { title: 'Timing Belt', dueDate: null, dueMileage: 100_000 };
    expect(line(item, null)).toEqual({ text: 'Timing Belt due in 100,000 miles', tone: 'due' });
  });

  it('says overdue once the odometer has reached the due mileage', () => {
    const item = { title: 'Spark Plugs', dueDate: null, dueMileage: 44_000 };
    expect(line(item, 45_000)).toEqual({ text: 'Spark Plugs overdue', tone: 'overdue' });
    expect(line({ ...item, dueMileage: 45_000 }, 45_000).tone).toBe('overdue');
  });

  it('says maintenance needed when neither a date nor a mileage is known', () => {
    const item = { title: 'Battery Service', dueDate: null, dueMileage: null };
    expect(line(item)).toEqual({ text: 'Battery Service maintenance needed', tone: 'due' });
  });

  it('judges today from the clock when no day is given', () => {
    const item = { title: 'Fluid Change', dueDate: '2000-01-01', dueMileage: null };
    expect(vehicleStatusLine({ nextMaintenance: item, mileage: null }).tone).toBe('overdue');
  });
});

describe('vehicleStatusLine on the detail page (D33)', () => {
  const detail = (nextMaintenance: NextMaintenance | null, mileage: number | null = 45_000) =>
    vehicleStatusLine({ nextMaintenance, mileage }, today, 'detail');

  it("words a due date '{title} due on {MMM d}'", () => {
    const item = { title: 'Brake Service', dueDate: '2025-04-02', dueMileage: 50_000 };
    expect(detail(item)).toEqual({ text: 'Brake Service due on Apr 2', tone: 'due' });
    expect(detail({ ...item, dueDate: '2025-03-10' }).text).toBe('Brake Service due on Mar 10');
  });

  it('words everything else as the card does', () => {
    expect(detail(null)).toEqual(line(null));
    const overdue = { title: 'Oil Change', dueDate: '2025-03-09', dueMileage: null };
    expect(detail(overdue)).toEqual({ text: 'Oil Change overdue', tone: 'overdue' });
    const byMileage = { title: 'Tire Rotation', dueDate: null, dueMileage: 50_000 };
    expect(detail(byMileage).text).toBe('Tire Rotation due in 5,000 miles');
    const undated = { title: 'Battery Service', dueDate: null, dueMileage: null };
    expect(detail(undated).text).toBe('Battery Service maintenance needed');
  });
});
