/**
 * Decision 067: one function judges every place's due state; the places differ only by their
 * named window. Hand-computed on today = 2026-11-28.
 */
import { describe, expect, it } from 'vitest';
import { OVERDUE_ONLY } from './due-state';
import { DUE_WINDOWS, isUpcomingItemOverdue, upcomingItemState } from './records';
import { DEFAULT_DUE_SOON } from './schedules';

const TODAY = '2026-11-28';
const item = (
  dueDate: string | null,
  extra: Partial<{ dueMileage: number; vehicleMileage: number; predictedDate: string }> = {},
) => ({
  dueDate,
  date: null,
  dueMileage: extra.dueMileage ?? null,
  vehicleMileage: extra.vehicleMileage ?? null,
  predictedDate: extra.predictedDate ?? null,
});
/** The bell (7 days), the e-mails (the default lead, 14 days or 500) and the dashboard (overdue marks only). */
const states = (judged: ReturnType<typeof item>) => ({
  bell: upcomingItemState(judged, TODAY, DUE_WINDOWS.bell),
  email: upcomingItemState(judged, TODAY, DEFAULT_DUE_SOON),
  dashboardOverdue: isUpcomingItemOverdue(judged, TODAY),
});

describe('one due state, each place by its window', () => {
  it('calls an item past its date overdue everywhere', () => {
    expect(states(item('2026-11-27'))).toEqual({
      bell: 'overdue',
      email: 'overdue',
      dashboardOverdue: true,
    });
  });

  it('calls an item on its due day, or 5 days out, due soon in the bell and the e-mails', () => {
    // 2026-11-28 + 7 = 2026-12-05 (bell); + 14 = 2026-12-12 (e-mails).
    expect(states(item('2026-11-28'))).toEqual({
      bell: 'dueSoon',
      email: 'dueSoon',
      dashboardOverdue: false,
    });
    expect(states(item('2026-12-03'))).toEqual({
      bell: 'dueSoon',
      email: 'dueSoon',
      dashboardOverdue: false,
    });
    expect(states(item('2026-12-05')).bell).toBe('dueSoon');
  });

  it('leaves an item 10 days out to the e-mails’ longer window: later for the bell', () => {
    expect(states(item('2026-12-08'))).toEqual({
      bell: 'ok',
      email: 'dueSoon',
      dashboardOverdue: false,
    });
    expect(states(item('2026-12-13'))).toEqual({
      bell: 'ok',
      email: 'ok',
      dashboardOverdue: false,
    });
  });

  it('judges a due mileage and a prediction the same way in every place', () => {
    // 45,000 reached at 45,000: overdue; 400 short: within the e-mails' 500, not the bell's 0.
    expect(states(item(null, { dueMileage: 45_000, vehicleMileage: 45_000 }))).toEqual({
      bell: 'overdue',
      email: 'overdue',
      dashboardOverdue: true,
    });
    expect(states(item(null, { dueMileage: 45_000, vehicleMileage: 44_600 }))).toEqual({
      bell: 'ok',
      email: 'dueSoon',
      dashboardOverdue: false,
    });
    // Predicted for 2026-12-02, 4 days out, though its date is next year: due soon in both.
    expect(
      states(
        item('2027-03-01', {
          dueMileage: 45_000,
          vehicleMileage: 43_000,
          predictedDate: '2026-12-02',
        }),
      ),
    ).toEqual({ bell: 'dueSoon', email: 'dueSoon', dashboardOverdue: false });
  });

  it('marks only what is past due with no window at all', () => {
    expect(upcomingItemState(item('2026-11-28'), TODAY, OVERDUE_ONLY)).toBe('dueSoon');
    expect(upcomingItemState(item('2026-11-29'), TODAY, OVERDUE_ONLY)).toBe('ok');
  });
});
