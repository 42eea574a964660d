import type { Schedule } from '@contract/schedules';
import { describe, expect, it } from 'vitest';
import { byUrgency, completedToast, dueText, intervalText, lastDoneText } from './schedule-texts';

const TODAY = '2026-12-01';

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 1,
    vehicleId: 7,
    vehicleName: '2019 Honda Civic',
    title: 'Oil and filter change',
    category: 'Oil Change',
    intervalMonths: null,
    intervalDistance: null,
    firstDueDate: null,
    firstDueOdometer: null,
    lastDoneDate: null,
    lastDoneOdometer: null,
    fixedIntervals: false,
    occurrence: 0,
    nextDueDate: null,
    nextDueOdometer: null,
    predictedDate: null,
    state: 'ok',
    vehicleMileage: null,
    odometerUnit: 'mi',
    ...overrides,
  };
}

describe('intervalText', () => {
  it('says both intervals and that the first to come counts', () => {
    expect(intervalText(schedule({ intervalMonths: 6, intervalDistance: 5000 }))).toBe(
      'Every 6 months or 5,000 mi, whichever comes first',
    );
  });

  it('says one interval alone, in the vehicle’s unit', () => {
    expect(intervalText(schedule({ intervalMonths: 12 }))).toBe('Every 12 months');
    expect(intervalText(schedule({ intervalMonths: 1 }))).toBe('Every month');
    expect(intervalText(schedule({ intervalDistance: 10000, odometerUnit: 'km' }))).toBe(
      'Every 10,000 km',
    );
  });

  it('says a one-off by its first due point', () => {
    expect(intervalText(schedule({ firstDueDate: '2027-03-04' }))).toBe('Once, on Mar 4, 2027');
    expect(intervalText(schedule({ firstDueOdometer: 57100 }))).toBe('Once, at 57,100 mi');
    expect(intervalText(schedule({ firstDueDate: '2027-03-04', firstDueOdometer: 57100 }))).toBe(
      'Once, on Mar 4, 2027 or at 57,100 mi, whichever comes first',
    );
  });
});

describe('dueText', () => {
  it('says a due date alone', () => {
    expect(dueText(schedule({ nextDueDate: '2027-03-04' }), TODAY)).toBe('Due Mar 4, 2027');
  });

  it('says the distance left and the predicted day of a due mileage', () => {
    // 57,100 − 55,900 = 1,200 mi left.
    const due = schedule({
      nextDueOdometer: 57100,
      vehicleMileage: 55900,
      predictedDate: '2027-01-12',
    });
    expect(dueText(due, TODAY)).toBe('Due in about 1,200 mi (around Jan 12, 2027)');
  });

  it('rounds the distance left to a whole unit', () => {
    // 57,100 − 55,899.6 = 1,200.4 → 1,200.
    const due = schedule({
      nextDueOdometer: 57100,
      vehicleMileage: 55899.6,
      predictedDate: '2027-01-12',
    });
    expect(dueText(due, TODAY)).toBe('Due in about 1,200 mi (around Jan 12, 2027)');
  });

  it('puts the sooner of the due date and the predicted day first', () => {
    const dateFirst = schedule({
      nextDueDate: '2027-03-04',
      nextDueOdometer: 57100,
      vehicleMileage: 55900,
      predictedDate: '2027-06-12',
    });
    expect(dueText(dateFirst, TODAY)).toBe(
      'Due Mar 4, 2027 or in about 1,200 mi (around Jun 12, 2027)',
    );
    const mileageFirst = { ...dateFirst, predictedDate: '2027-01-12' };
    expect(dueText(mileageFirst, TODAY)).toBe(
      'Due in about 1,200 mi (around Jan 12, 2027) or on Mar 4, 2027',
    );
  });

  it('says the due mileage and the distance to go without a prediction', () => {
    const due = schedule({ nextDueOdometer: 57100, vehicleMileage: 55900 });
    expect(dueText(due, TODAY)).toBe('Due at 57,100 mi (1,200 mi to go)');
    expect(dueText({ ...due, vehicleMileage: null }, TODAY)).toBe('Due at 57,100 mi');
    expect(dueText({ ...due, nextDueDate: '2027-03-04' }, TODAY)).toBe(
      'Due Mar 4, 2027 or at 57,100 mi (1,200 mi to go)',
    );
  });

  it('says since when an overdue schedule is overdue', () => {
    expect(dueText(schedule({ state: 'overdue', nextDueDate: '2026-11-04' }), TODAY)).toBe(
      'Overdue since Nov 4, 2026',
    );
    const reached = schedule({
      state: 'overdue',
      nextDueDate: '2027-03-04',
      nextDueOdometer: 57100,
      vehicleMileage: 57250,
    });
    expect(dueText(reached, TODAY)).toBe('Overdue: 57,100 mi reached');
    expect(dueText({ ...reached, nextDueDate: null }, TODAY)).toBe('Overdue: 57,100 mi reached');
    // Both passed: the date says since when.
    expect(dueText({ ...reached, nextDueDate: '2026-11-04' }, TODAY)).toBe(
      'Overdue since Nov 4, 2026',
    );
  });

  it('says a done one-off is not due again', () => {
    expect(dueText(schedule({ occurrence: 1 }), TODAY)).toBe('Done, and not due again');
  });
});

describe('lastDoneText', () => {
  it('says the day and the odometer it was last done at', () => {
    expect(lastDoneText(schedule({ lastDoneDate: '2026-03-04', lastDoneOdometer: 52310 }))).toBe(
      'Last done Mar 4, 2026 at 52,310 mi',
    );
    expect(lastDoneText(schedule({ lastDoneDate: '2026-03-04' }))).toBe('Last done Mar 4, 2026');
    expect(lastDoneText(schedule())).toBeNull();
  });
});

describe('completedToast', () => {
  it('names what was done and the next due point', () => {
    expect(
      completedToast(
        schedule({ title: 'Tire rotation', nextDueDate: '2027-06-01', nextDueOdometer: 61310 }),
      ),
    ).toEqual({
      title: 'Tire rotation marked done',
      description: 'Next due Jun 1, 2027 or at 61,310 mi. The maintenance record was added.',
    });
    expect(completedToast(schedule({ title: 'Timing belt' })).description).toBe(
      'It is not due again. The maintenance record was added.',
    );
  });
});

describe('byUrgency', () => {
  it('lists overdue, then due soon, then the rest, each in the order given', () => {
    const listed = byUrgency([
      schedule({ id: 1, state: 'ok' }),
      schedule({ id: 2, state: 'overdue' }),
      schedule({ id: 3, state: 'dueSoon' }),
      schedule({ id: 4, state: 'ok' }),
    ]);
    expect(listed.map((item) => item.id)).toEqual([2, 3, 1, 4]);
  });
});
