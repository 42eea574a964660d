import { describe, expect, it } from 'vitest';
import { axisTicks, drawableFigures, linearScale } from './chart-axis';

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
    // Zero has no 10%: ± 1 → 2 ÷ 4 = 0.5, from −1 to 1.
    expect(axisTicks(0, 0)).toEqual([-1, -0.5, 0, 0.5, 1]);
    // −5 ± 0.5 → 1 ÷ 4 = 0.25 → a step of 0.5, from −5.5 to −4.5.
    expect(axisTicks(-5, -5)).toEqual([-5.5, -5, -4.5]);
  });

  it('draws prices equal but for floating point as one figure, on distinct grid lines', () => {
    // €10.50 ÷ 30 kWh = 0.35 and €9.80 ÷ 28 kWh = 0.35000000000000003: the same price. As one
    // figure: 0.35 ± 0.035 → 0.07 ÷ 4 = 0.0175 → a step of 0.02, from ⌊0.315 ÷ 0.02⌋ = 15 steps
    // (0.30) to ⌈0.385 ÷ 0.02⌉ = 20 steps (0.40).
    const low = 10.5 / 30;
    const high = 9.8 / 28;
    expect(high).toBeGreaterThan(low);
    const ticks = axisTicks(low, high);
    expect(ticks).toEqual([0.3, 0.32, 0.34, 0.36, 0.38, 0.4]);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('draws a grid around zero when there is no figure to place', () => {
    expect(axisTicks(Number.NaN, Number.NaN)).toEqual([-1, -0.5, 0, 0.5, 1]);
    // Math.min() of no figure is Infinity, Math.max() −Infinity.
    expect(axisTicks(Math.min(), Math.max())).toEqual([-1, -0.5, 0, 0.5, 1]);
  });

  it('leaves missing figures out of a chart', () => {
    expect(
      drawableFigures([0.3, null, undefined, Number.NaN, 0, Number.POSITIVE_INFINITY]),
    ).toEqual([0.3, 0]);
  });
});

describe('the charts’ scale', () => {
  it('places a value between the ends of the range', () => {
    // Domain 26…34 on pixels 152 (bottom) … 12 (top): 30 is half-way, 152 + 0.5 × (12 − 152) = 82.
    const y = linearScale(26, 34, 152, 12);
    expect(y(30)).toBe(82);
    expect(y(26)).toBe(152);
    expect(y(34)).toBe(12);
  });

  it('places everything in the middle of an empty domain', () => {
    // One date: x from 48 to 1220 → (48 + 1220) ÷ 2 = 634.
    const x = linearScale(1_700_000_000_000, 1_700_000_000_000, 48, 1220);
    expect(x(1_700_000_000_000)).toBe(634);
    expect(linearScale(0.35, 0.35, 152, 12)(0.35000000000000003)).toBe(82);
  });
});
