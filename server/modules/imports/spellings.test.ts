import { describe, expect, it } from 'vitest';
import {
  impossibleDateReason,
  judgeDateOrder,
  judgeDecimalSeparator,
  readDate,
  readNumber,
  separatorVote,
} from './spellings';

describe('numbers as a file spells them', () => {
  it('reads a decimal separator from the numbers that settle it', () => {
    expect(separatorVote('12,5')).toBe(','); // one comma, not three digits after: decimal
    expect(separatorVote('1.234,56 €')).toBe(','); // both: the last one is decimal
    expect(separatorVote('$1,234.56')).toBe('.');
    expect(separatorVote('1,234,567')).toBe('.'); // repeated: thousands
    expect(separatorVote('0,500')).toBe(','); // a zero before it: decimal
    expect(separatorVote('1,234')).toBe('either');
    expect(separatorVote('106421')).toBe('none');
  });

  it('judges a Spritmonitor-like file certain, and a file of thousands groups uncertain', () => {
    const spritmonitor = judgeDecimalSeparator(['45,67', '1234', '1,459', '65,12']);
    expect(spritmonitor).toMatchObject({ value: ',', certain: true });
    expect(spritmonitor.evidence).toContain('"45,67"');

    const ambiguous = judgeDecimalSeparator(['1,234', '2,500'], '.');
    expect(ambiguous).toMatchObject({ value: '.', certain: false });

    // Mixed (Drivvo writes "37.52" beside a decimal comma elsewhere): the majority, not certain.
    expect(judgeDecimalSeparator(['37.52', '1.5', '6,4'])).toMatchObject({
      value: '.',
      certain: false,
    });
    expect(judgeDecimalSeparator(['12', '300'])).toMatchObject({ certain: true });
  });

  it('reads each spelling to the same number once the separator is known', () => {
    expect(readNumber('1.234,56 €', ',')).toBe(1234.56);
    expect(readNumber('$1,234.56', '.')).toBe(1234.56);
    expect(readNumber('"106,421"', '.')).toBe(106421);
    expect(readNumber('$3.969', '.')).toBe(3.969);
    expect(readNumber('1,459', ',')).toBe(1.459);
    expect(readNumber('-12,5', ',')).toBe(-12.5);
    expect(readNumber('', '.')).toBeNull();
    expect(readNumber('n/a', '.')).toBeNull();
    expect(readNumber(31.139, ',')).toBe(31.139); // a JSON number is already a number
  });
});

describe('dates as a file spells them', () => {
  it('reads ISO, day-first and month-first dates, ignoring the time after them', () => {
    expect(readDate('2024-01-03', 'YMD')).toBe('2024-01-03');
    expect(readDate('2024-01-03 23:53:49', 'YMD')).toBe('2024-01-03');
    expect(readDate('03.01.2024', 'DMY')).toBe('2024-01-03');
    expect(readDate('1/3/2024 2:05 PM', 'MDY')).toBe('2024-01-03');
    expect(readDate('31/02/2024', 'DMY')).toBeNull(); // no 31 February
    expect(readDate('03.01.2024', 'MDY')).toBeNull(); // dots are written day first
    expect(readDate('24-1-3', 'YMD')).toBeNull(); // a year first has four digits
  });

  it('judges the order every date fits, certain only when one does', () => {
    // 13/01/2024 cannot be month first: day first it is.
    expect(judgeDateOrder(['03/01/2024', '13/01/2024'])).toMatchObject({
      value: 'DMY',
      certain: true,
      fits: ['DMY'],
    });
    // 01/13/2024 cannot be day first.
    expect(judgeDateOrder(['01/03/2024', '01/13/2024'])).toMatchObject({
      value: 'MDY',
      certain: true,
    });
    // Every date reads both ways: the fallback, asked.
    expect(judgeDateOrder(['03/04/2024', '05/06/2024'], 'MDY')).toMatchObject({
      value: 'MDY',
      certain: false,
      fits: ['DMY', 'MDY'],
    });
    expect(judgeDateOrder(['2024-01-03', '2024-12-31'])).toMatchObject({
      value: 'YMD',
      certain: true,
    });
    // What is no date in any order is its row's problem, not a doubt about the others.
    expect(judgeDateOrder(['2024-01-03', 'yesterday'])).toMatchObject({
      value: 'YMD',
      certain: true,
    });
    expect(judgeDateOrder(['2024-01-03', '2024-02-30', '2024-03-01'], 'MDY')).toMatchObject({
      value: 'YMD',
      certain: true,
      evidence: 'Dates like "2024-01-03" read only one way.',
    });
    // Dates that read two ways still ask, whatever impossible date sits among them.
    expect(judgeDateOrder(['03/04/2024', '31/02/2024'], 'MDY')).toMatchObject({ certain: false });
  });

  it('says which day a date names that its month does not have', () => {
    expect(impossibleDateReason('2024-02-30', 'YMD')).toBe('30 February 2024 is not a date');
    expect(impossibleDateReason('31.04.2025 10:00', 'DMY')).toBe('31 April 2025 is not a date');
    expect(impossibleDateReason('2024-02-29', 'YMD')).toBeNull();
    expect(impossibleDateReason('yesterday', 'YMD')).toBeNull();
  });
});
