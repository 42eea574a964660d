import { describe, expect, it } from 'vitest';
import { convertAmount } from './currency-rate';

describe('convertAmount', () => {
  it('multiplies exactly and rounds half up to the places kept', () => {
    expect(convertAmount('40.00', '0.9', 2)).toBe('36.00');
    expect(convertAmount('1.139', '0.9', 3)).toBe('1.025');
    expect(convertAmount('0.10', '3', 2)).toBe('0.30');
    expect(convertAmount('1.005', '1', 2)).toBe('1.01');
    expect(convertAmount('71.61', '1.0835', 2)).toBe('77.59');
    expect(convertAmount('19.99', '100', 2)).toBe('1999.00');
    expect(convertAmount('-2.50', '0.5', 2)).toBe('-1.25');
  });
});
