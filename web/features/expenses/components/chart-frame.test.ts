import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-frame';

describe('niceTicks: grid lines at round amounts', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, up to the largest figure', () => {
    expect(niceTicks(47_000.25)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(niceTicks(12_909.5)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(niceTicks(89.5)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(400)).toEqual([0, 100, 200, 300, 400]);
  });

  it('draws an axis for a garage with nothing spent', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});
