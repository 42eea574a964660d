import { SPENDING_CATEGORIES, SPENDING_KINDS } from '@contract/expenses';
import { describe, expect, it } from 'vitest';
import {
  distributionOf,
  EXPENSE_COLORS,
  EXPENSE_SWATCHES,
  percentOf,
  truncateLabel,
} from './expense-figures';

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

describe('distributionOf (D51)', () => {
  const totals = {
    purchase: 20000,
    modifications: 1000,
    maintenance: 350.5,
    repairs: 439.5,
    total: 21790,
    planned: 0,
    energy: 210.25,
    // 21,790.00 + 210.25
    spent: 22000.25,
    spentOnTop: 210.25,
  };

  it('shares everything spent among the five categories, fuel and energy included', () => {
    // Of 20000 + 1000 + 350.50 + 439.50 + 210.25 = 22,000.25: 20000 → 90.9% → 91;
    // 1000 → 4.5% → 5; 350.50 → 1.6% → 2; 439.50 → 2.0% → 2; 210.25 → 0.96% → 1.
    const { slices, whole } = distributionOf(totals, { includePurchase: true });
    expect(whole).toBe(22000.25);
    expect(slices.map((slice) => [slice.name, slice.amount, slice.percent])).toEqual([
      ['Vehicle Cost', 20000, 91],
      ['Modifications', 1000, 5],
      ['Maintenance', 350.5, 2],
      ['Repairs', 439.5, 2],
      ['Fuel & Energy', 210.25, 1],
    ]);
  });

  it('without the purchase, shares what the garage cost since: 1000 + 350.50 + 439.50 + 210.25 = 2000.25', () => {
    // 1000 / 2000.25 = 50.0% → 50; 350.5 → 17.5% → 18; 439.5 → 21.97% → 22; 210.25 → 10.5% → 11.
    const { slices, whole } = distributionOf(totals, { includePurchase: false });
    expect(whole).toBe(2000.25);
    expect(slices.map((slice) => [slice.name, slice.percent])).toEqual([
      ['Modifications', 50],
      ['Maintenance', 18],
      ['Repairs', 22],
      ['Fuel & Energy', 11],
    ]);
  });
});

describe('the categories’ colours', () => {
  it('are the contract’s tokens, as CSS values and as the Tailwind classes written out', () => {
    for (const kind of SPENDING_KINDS) {
      const { color } = SPENDING_CATEGORIES[kind];
      expect(EXPENSE_COLORS[kind]).toBe(`var(--color-${color})`);
      expect(EXPENSE_SWATCHES[kind]).toBe(`bg-${color}`);
    }
    expect(EXPENSE_COLORS.energy).toBe('var(--color-expense-energy)');
  });
});
