import { describe, expect, it } from 'vitest';
import {
  formatCompactMoney,
  formatDate,
  formatMoney,
  formatMonthDay,
  formatMonthYear,
  plannedPart,
  toAmount,
  toCalendarDate,
} from './format';

describe('formatMoney (D3)', () => {
  it('shows US dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('7520')).toBe('$7,520.00');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });

  it('shows $0.00 for a missing or non-numeric amount', () => {
    for (const value of [null, undefined, '', 'n/a', Number.NaN, {}]) {
      expect(formatMoney(value)).toBe('$0.00');
    }
  });

  it('reads numbers and numeric strings, nothing else (001 §3)', () => {
    expect(toAmount('12.5')).toBe(12.5);
    expect(toAmount(' ')).toBeNull();
    expect(toAmount('abc')).toBeNull();
  });

  it('names the planned part of a total only when there is one (D48)', () => {
    expect(plannedPart(690)).toBe('incl. $690.00 planned');
    expect(plannedPart('1234.5')).toBe('incl. $1,234.50 planned');
    for (const nothing of [0, '0', null, undefined, -5]) expect(plannedPart(nothing)).toBeNull();
  });
});

describe('amounts in the user’s currency (D49)', () => {
  it('writes euros with cents and yen without, everywhere an amount is drawn', () => {
    expect(formatMoney(12_500, 'EUR')).toBe('€12,500.00');
    expect(formatMoney('89.5', 'EUR')).toBe('€89.50');
    // The yen has no minor unit: 89.5 rounds half away from zero to ¥90.
    expect(formatMoney(89.5, 'JPY')).toBe('¥90');
    expect(formatMoney(null, 'JPY')).toBe('¥0');
    expect(plannedPart(690, 'EUR')).toBe('incl. €690.00 planned');
    // 1,234.4 rounds down to ¥1,234.
    expect(plannedPart(1234.4, 'JPY')).toBe('incl. ¥1,234 planned');
  });

  it('writes a chart axis’s round amounts short, with the currency’s sign', () => {
    const ticks = [0, 25, 250, 1_000, 2_500, 20_000, 60_000, 1_250_000];
    // 1,250,000 is 1.25 M, shown to one decimal: 1.3M.
    expect(ticks.map((tick) => formatCompactMoney(tick))).toEqual([
      '$0',
      '$25',
      '$250',
      '$1K',
      '$2.5K',
      '$20K',
      '$60K',
      '$1.3M',
    ]);
    expect(ticks.map((tick) => formatCompactMoney(tick, 'EUR'))).toEqual([
      '€0',
      '€25',
      '€250',
      '€1K',
      '€2.5K',
      '€20K',
      '€60K',
      '€1.3M',
    ]);
    expect(formatCompactMoney(2_500, 'JPY')).toBe('¥2.5K');
    expect(formatCompactMoney(250, 'not a code')).toBe('$250');
  });
});

describe('dates (D4)', () => {
  it('shows a calendar date as MMM d, yyyy in the local calendar', () => {
    // The test run's zone is America/New_York: parsing through UTC would show Mar 3.
    expect(formatDate('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('falls back when there is no valid date', () => {
    expect(formatDate(null, 'Not scheduled')).toBe('Not scheduled');
    expect(formatDate('not a date', 'Unknown date')).toBe('Unknown date');
  });

  it('shows a calendar date as MMM d without its year, in the local calendar', () => {
    expect(formatMonthDay('2025-03-04')).toBe('Mar 4');
    expect(formatMonthDay('2026-01-01')).toBe('Jan 1');
    expect(formatMonthDay(null, 'Unknown date')).toBe('Unknown date');
  });

  it('turns a local day into yyyy-MM-dd and shows month and year', () => {
    expect(toCalendarDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
    expect(formatMonthYear('2024-06-15T10:00:00Z')).toBe('June 2024');
  });
});
