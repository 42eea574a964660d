import { describe, expect, it } from 'vitest';
import { isRangeReversed, periodRange, toQueryString } from './periods';

const today = new Date(2026, 10, 23);

describe('periodRange (D37)', () => {
  it('answers no bounds for all time', () => {
    expect(periodRange('all', today)).toEqual({});
  });
  it('answers this year so far', () => {
    expect(periodRange('year', today)).toEqual({ from: '2026-01-01', to: '2026-11-23' });
  });
  it('answers this month and the 11 before it, across the new year', () => {
    expect(periodRange('months12', today)).toEqual({ from: '2025-12-01', to: '2026-11-23' });
    expect(periodRange('months12', new Date(2026, 0, 5))).toEqual({
      from: '2025-02-01',
      to: '2026-01-05',
    });
  });
  it('answers the custom dates typed, leaving out empty ones', () => {
    expect(periodRange('custom', today, { from: '2024-01-01', to: '' })).toEqual({
      from: '2024-01-01',
    });
    expect(isRangeReversed({ from: '2024-02-01', to: '2024-01-31' })).toBe(true);
    expect(isRangeReversed({ from: '2024-02-01' })).toBe(false);
  });
});

describe('toQueryString', () => {
  it('writes only the parts set', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ vehicleId: 3, from: '2024-01-01' })).toBe(
      '?vehicleId=3&from=2024-01-01',
    );
  });
});
