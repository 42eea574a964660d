import { SCHEDULE_MESSAGES } from '@contract/schedules';
import { describe, expect, it } from 'vitest';
import {
  completionFormDefaults,
  completionFormSchema,
  scheduleFormDefaults,
  scheduleFormSchema,
  toCompletionPayload,
  toSchedulePayload,
} from './schedule-form-values';

const filled = {
  ...scheduleFormDefaults(),
  title: 'Tire rotation',
  category: 'Tire Rotation',
};

describe('the schedule form', () => {
  it('sends the figures as numbers and empty fields as none', () => {
    expect(toSchedulePayload({ ...filled, intervalMonths: '6', intervalDistance: '6000' })).toEqual(
      {
        title: 'Tire rotation',
        category: 'Tire Rotation',
        intervalMonths: 6,
        intervalDistance: 6000,
        firstDueDate: null,
        firstDueOdometer: null,
        lastDoneDate: null,
        lastDoneOdometer: null,
        fixedIntervals: false,
      },
    );
  });

  it('puts the contract’s messages on the fields typed in', () => {
    const noInterval = scheduleFormSchema.safeParse(filled);
    expect(noInterval.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['intervalMonths', SCHEDULE_MESSAGES.noDuePoint],
    ]);
    const badDistance = scheduleFormSchema.safeParse({ ...filled, intervalDistance: '1.5' });
    expect(badDistance.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['intervalDistance', SCHEDULE_MESSAGES.intervalDistance],
    ]);
    expect(scheduleFormSchema.safeParse({ ...filled, intervalMonths: '12' }).success).toBe(true);
  });
});

describe('the Mark done form', () => {
  it('starts on today and sends only what was given', () => {
    const values = completionFormDefaults('2026-12-01');
    expect(completionFormSchema.safeParse(values).success).toBe(true);
    expect(toCompletionPayload({ ...values, cost: '89.50' })).toEqual({
      date: '2026-12-01',
      odometer: null,
      cost: 89.5,
      notes: null,
    });
  });

  it('refuses a day that is not a date, on the date', () => {
    const result = completionFormSchema.safeParse(completionFormDefaults(''));
    expect(result.error?.issues[0]?.path).toEqual(['date']);
  });
});
