import { describe, expect, it } from 'vitest';
import { isCalendarDate, TEXT_LIMITS } from './common';
import {
  calendarDateSchema,
  idSchema,
  limitedText,
  moneySchema,
  optionalMoneySchema,
} from './schemas/common';

describe('calendar dates (D4)', () => {
  it('accepts real days in yyyy-MM-dd between 1900 and 2100', () => {
    for (const value of ['1900-01-01', '2024-02-29', '2100-12-31']) {
      expect(calendarDateSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses impossible days, other formats and dates out of range', () => {
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('03/04/2024')).toBe(false);
    expect(calendarDateSchema.safeParse('1899-12-31').error?.issues[0]?.message).toBe(
      'Date must be between 1900-01-01 and 2100-12-31',
    );
    expect(calendarDateSchema.safeParse('2101-01-01').success).toBe(false);
  });
});

describe('money (D3)', () => {
  it('accepts numbers and numeric strings, kept to cents', () => {
    expect(moneySchema.parse('1234.50')).toBe(1234.5);
    expect(moneySchema.parse(19.99)).toBe(19.99);
    expect(moneySchema.parse(' 7 ')).toBe(7);
  });

  it('refuses text, negatives, fractions of cents and absurd amounts', () => {
    expect(moneySchema.safeParse('abc').success).toBe(false);
    expect(moneySchema.safeParse(-1).success).toBe(false);
    expect(moneySchema.safeParse(1.005).error?.issues[0]?.message).toBe(
      'Amount can have at most 2 decimals',
    );
    expect(moneySchema.safeParse(1e12).success).toBe(false);
  });

  it('treats an empty optional amount as none', () => {
    expect(optionalMoneySchema.parse('')).toBeNull();
    expect(optionalMoneySchema.parse(undefined)).toBeUndefined();
  });
});

describe('ids and text limits', () => {
  it('reads ids from path strings and refuses non-numbers', () => {
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.safeParse('abc').success).toBe(false);
    expect(idSchema.safeParse('1.5').success).toBe(false);
    expect(idSchema.safeParse('0').success).toBe(false);
  });

  it('refuses text past its limit with a message, never cutting it (D40)', () => {
    const title = limitedText('Title', TEXT_LIMITS.title);
    expect(title.safeParse('x'.repeat(200)).success).toBe(true);
    expect(title.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(
      'Title must be at most 200 characters',
    );
  });
});
