import type { DistanceUnit } from '@contract/units';
import type { NextMaintenance } from '@contract/vehicles';
import { describe, expect, it } from 'vitest';
import { vehicleStatusLine } from './status-line';

// A fixed local day (the suite runs in America/New_York): overdue means before Mar 10, 2025.
const today = new Date(2025, 2, 10, 23, 30);

/** A record's item carries no predicted date; a schedule's may. */
type Item = Omit<NextMaintenance, 'predictedDate'> & { predictedDate?: string | null };
const withPrediction = (item: Item | null): NextMaintenance | null =>
  item === null ? null : { predictedDate: null, ...item };

function line(
  nextMaintenance: Item | null,
  mileage: number | null = 45_000,
  odometerUnit: DistanceUnit = 'mi',
) {
  return vehicleStatusLine(
    { nextMaintenance: withPrediction(nextMaintenance), mileage, odometerUnit },
    today,
  );
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

  it('counts in km, without a plural, for a vehicle whose odometer shows km (D49)', () => {
    const item = { title: 'Oil Change', dueDate: null, dueMileage: 61_200 };
    // 61,200 − 60,000 = 1,200 km left.
    expect(line(item, 60_000, 'km')).toEqual({ text: 'Oil Change due in 1,200 km', tone: 'due' });
    // 61,200 − 61,199 = 1 km left.
    expect(line(item, 61_199, 'km').text).toBe('Oil Change due in 1 km');
    // The same figures on a miles odometer keep the spec's words.
    expect(line(item, 60_000, 'mi').text).toBe('Oil Change due in 1,200 miles');
    expect(line(item, 61_199, 'mi').text).toBe('Oil Change due in 1 mile');
    // Unknown mileage: the odometer target itself, in its unit.
    expect(line(item, null, 'km').text).toBe('Oil Change due in 61,200 km');
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
    const item = {
      title: 'Fluid Change',
      dueDate: '2000-01-01',
      dueMileage: null,
      predictedDate: null,
    };
    const vehicle = { nextMaintenance: item, mileage: null, odometerUnit: 'mi' } as const;
    expect(vehicleStatusLine(vehicle).tone).toBe('overdue');
  });
});

describe('vehicleStatusLine on the detail page (D33)', () => {
  const detail = (nextMaintenance: Item | null, mileage: number | null = 45_000) =>
    vehicleStatusLine(
      { nextMaintenance: withPrediction(nextMaintenance), mileage, odometerUnit: 'mi' },
      today,
      'detail',
    );

  it("words a due date '{title} due on {MMM d}'", () => {
    const item = { title: 'Brake Service', dueDate: '2025-04-02', dueMileage: 50_000 };
    expect(detail(item)).toEqual({ text: 'Brake Service due on Apr 2', tone: 'due' });
    expect(detail({ ...item, dueDate: '2025-03-10' }).text).toBe('Brake Service due on Mar 10');
  });

  it('gives the year of a due date outside this year: never "due on Nov 28" for next year', () => {
    // Today is Mar 10, 2025: a date in 2026 (or one past, of 2024) says its year.
    const item = { title: 'Brake Service', dueDate: '2026-03-01', dueMileage: null };
    expect(detail(item).text).toBe('Brake Service due on Mar 1, 2026');
    expect(detail({ ...item, dueDate: '2025-12-31' }).text).toBe('Brake Service due on Dec 31');
  });

  it('says first the one of two due points that comes first, the other beside it', () => {
    // A schedule due Nov 28, 2025 or at 50,000 mi; the odometer at 45,000: 5,000 mi to go.
    const schedule = { title: 'Oil change', dueDate: '2025-11-28', dueMileage: 50_000 };
    // Recent driving reaches 50,000 on Jun 2, 2025, before Nov 28: the distance comes first.
    expect(detail({ ...schedule, predictedDate: '2025-06-02' }).text).toBe(
      'Oil change due in about 5,000 miles (around Jun 2), or on Nov 28',
    );
    expect(line({ ...schedule, predictedDate: '2025-06-02' }).text).toBe(
      'Oil change due in about 5,000 miles (around Jun 2, 2025), or Nov 28, 2025',
    );
    // Predicted for Jan 15, 2026, after Nov 28: the date comes first, the distance beside it.
    expect(detail({ ...schedule, predictedDate: '2026-01-15' }).text).toBe(
      'Oil change due on Nov 28 or in about 5,000 miles',
    );
    // Due by distance only, predicted next year: the date says its year.
    expect(detail({ ...schedule, dueDate: null, predictedDate: '2026-01-15' }).text).toBe(
      'Oil change due in about 5,000 miles (around Jan 15, 2026)',
    );
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
