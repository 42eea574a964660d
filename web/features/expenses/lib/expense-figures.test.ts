import { describe, expect, it } from 'vitest';
import { distributionOf, percentOf, truncateLabel } from './expense-figures';

describe('percentOf (001 §9)', () => {
  it('rounds the share of the total', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0.5, 100)).toBe(1);
    expect(percentOf(100, 100)).toBe(100);
  });
  it('is 0 without a total', () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('truncateLabel (001 §9)', () => {
  it('keeps 15 characters and marks the cut', () => {
    expect(truncateLabel('2019 Mercedes-Benz Sprinter')).toBe('2019 Mercedes-B…');
    expect(truncateLabel('2019 Honda Civi')).toBe('2019 Honda Civi');
    expect(truncateLabel('2019 Honda Civic')).toBe('2019 Honda Civi…');
  });
});

describe('distributionOf', () => {
  const totals = {
    purchase: 20000,
    modifications: 1000,
    maintenance: 350.5,
    repairs: 439.5,
    total: 21790,
    planned: 0,
    // Fuel is a running cost beside the total (D48): never a share of it.
    energy: 120,
  };

  it('shares the whole total among the four kinds, the purchase included', () => {
    // 20000 / 21790 = 91.8% → 92; 1000 / 21790 = 4.6% → 5; 350.5 → 1.6% → 2; 439.5 → 2.0% → 2.
    const { slices, whole } = distributionOf(totals, { includePurchase: true });
    expect(whole).toBe(21790);
    expect(slices.map((slice) => [slice.name, slice.percent])).toEqual([
      ['Vehicle Cost', 92],
      ['Modifications', 5],
      ['Maintenance', 2],
      ['Repairs', 2],
    ]);
  });

  it('without the purchase, shares what the garage cost since: 1000 + 350.50 + 439.50 = 1790', () => {
    // 1000 / 1790 = 55.9% → 56; 350.5 / 1790 = 19.6% → 20; 439.5 / 1790 = 24.6% → 25.
    const { slices, whole } = distributionOf(totals, { includePurchase: false });
    expect(whole).toBe(1790);
    expect(slices.map((slice) => [slice.name, slice.percent])).toEqual([
      ['Modifications', 56],
      ['Maintenance', 20],
      ['Repairs', 25],
    ]);
  });
});
