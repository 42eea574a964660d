import { describe, expect, it } from 'vitest';
import { axisTicks } from './chart-axis';

describe('the charts’ value axis', () => {
  it('steps round figures around the values, not from zero', () => {
    // (33.1 − 29.4) ÷ 4 = 0.925 → a step of 1, from ⌊29.4⌋ = 29 to ⌈33.1⌉ = 34.
    expect(axisTicks(29.4, 33.1)).toEqual([29, 30, 31, 32, 33, 34]);
    // (3.899 − 3.459) ÷ 4 = 0.11 → a step of 0.2, from 3.4 to 4.0.
    expect(axisTicks(3.459, 3.899)).toEqual([3.4, 3.6, 3.8, 4]);
  });

  it('draws one figure inside a band of 10% around it', () => {
    // 30 ± 3 → (33 − 27) ÷ 4 = 1.5 → a step of 2, from 26 to 34.
    expect(axisTicks(30, 30)).toEqual([26, 28, 30, 32, 34]);
    expect(axisTicks(0, 0)).toEqual([-1, -0.5, 0, 0.5, 1]);
  });
});
