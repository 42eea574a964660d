import { describe, expect, it } from 'vitest';
import { roundToCents, sumAmounts, toCents } from './money';

describe('money', () => {
  it('adds in whole cents', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents 10 + 20 = 30 → 0.30.
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    // 19.99 + 5.01 + 0.005 → 1999 + 501 + 1 (0.5 cent rounds up) = 2501 cents → 25.01.
    expect(sumAmounts([19.99, 5.01, 0.005])).toBe(25.01);
    expect(sumAmounts([])).toBe(0);
  });

  it('rounds an amount to cents', () => {
    expect(toCents(12.345)).toBe(1235);
    expect(roundToCents(1.005 + 2.001)).toBe(3.01);
  });
});
