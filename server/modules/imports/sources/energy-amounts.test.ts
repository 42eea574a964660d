import { describe, expect, it } from 'vitest';
import { reconcileAmounts } from './energy-amounts';

describe('amounts that disagree', () => {
  it('keeps agreeing amounts, and those within a cent, as they are', () => {
    // 46.301 × 1.449 = 67.090149 → 67.09.
    const agreeing = { quantity: 46.301, unitPrice: 1.449, totalCost: 67.09 };
    expect(reconcileAmounts(agreeing)).toEqual({ amounts: agreeing, gap: 'none' });
    const twoGiven = { quantity: 40, unitPrice: null, totalCost: 60 };
    expect(reconcileAmounts(twoGiven)).toEqual({ amounts: twoGiven, gap: 'none' });
  });

  it('keeps quantity and total when a quantity rounded to 3 decimals misses a rouble total', () => {
    // 2500 ÷ 55 = 45.4545… → 45.455; 45.455 × 55 = 2500.025 → 2500.03, 3 kopecks over. Rounding
    // explains up to 55 × 0.0005 + 45.455 × 0.0005 + 0.005 = 0.0552.
    expect(reconcileAmounts({ quantity: 45.455, unitPrice: 55, totalCost: 2500 })).toEqual({
      amounts: { quantity: 45.455, unitPrice: null, totalCost: 2500 },
      gap: 'rounding',
    });
  });

  it('says when the gap is more than rounding explains', () => {
    // 45.565 × 55 = 2506.075 → 2506.08: 6.08 over, far past 0.0553.
    expect(reconcileAmounts({ quantity: 45.565, unitPrice: 55, totalCost: 2500 })).toEqual({
      amounts: { quantity: 45.565, unitPrice: null, totalCost: 2500 },
      gap: 'more',
    });
    // In dollars the same rule is tight: 10 × 3.5 = 35, 4 cents from 35.04, past 0.012.
    expect(reconcileAmounts({ quantity: 10, unitPrice: 3.5, totalCost: 35.04 }).gap).toBe('more');
  });
});
