import { describe, expect, it } from 'vitest';
import { percentOf, truncateLabel } from './expense-figures';

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
