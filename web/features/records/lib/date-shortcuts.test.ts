import { toCalendarDate } from '@web/lib/format';
import { describe, expect, it } from 'vitest';
import { dateShortcuts } from './date-shortcuts';

describe('date shortcuts (001 §2)', () => {
  it('are Today, Yesterday, Last Week and Last Month in the local calendar', () => {
    const shortcuts = dateShortcuts(new Date(2026, 2, 31, 23, 30));
    expect(shortcuts.map(({ label, date }) => [label, toCalendarDate(date)])).toEqual([
      ['Today', '2026-03-31'],
      ['Yesterday', '2026-03-30'],
      ['Last Week', '2026-03-24'],
      ['Last Month', '2026-02-28'],
    ]);
  });
});
