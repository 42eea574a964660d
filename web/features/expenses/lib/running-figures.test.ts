import { describe, expect, it } from 'vitest';
import { formatCostPerDistance, formatDistance, formatEconomy } from './running-figures';

describe('formatDistance', () => {
  it('writes whole units with thousands separators and the unit', () => {
    // 900 mi × 1.609344 = 1,448.4096 km, answered 1448.4: the page writes 1,448 km.
    expect(formatDistance(1448.4, 'km')).toBe('1,448 km');
    expect(formatDistance(900, 'mi')).toBe('900 mi');
    // 621.37 rounds up to the whole mile.
    expect(formatDistance(621.5, 'mi')).toBe('622 mi');
  });
});

describe('formatCostPerDistance (D48, D49)', () => {
  it('writes the amount per unit', () => {
    expect(formatCostPerDistance(0.43, 'mi')).toBe('$0.43/mi');
    expect(formatCostPerDistance(0.27, 'km')).toBe('$0.27/km');
    expect(formatCostPerDistance(1234.5, 'mi')).toBe('$1,234.50/mi');
  });
});

describe('formatEconomy', () => {
  it('writes one decimal and the unit the server named', () => {
    expect(formatEconomy(31.24, 'MPG')).toBe('31.2 MPG');
    expect(formatEconomy(3.33, 'mi/kWh')).toBe('3.3 mi/kWh');
    expect(formatEconomy(9.41, 'L/100 km')).toBe('9.4 L/100 km');
    expect(formatEconomy(18.66, 'kWh/100 km')).toBe('18.7 kWh/100 km');
    expect(formatEconomy(25, 'MPG')).toBe('25.0 MPG');
  });
});
