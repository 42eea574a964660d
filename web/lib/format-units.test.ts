import { DEFAULT_PREFERENCES, type Preferences } from '@contract/units';
import { describe, expect, it } from 'vitest';
import {
  formatCostPerDistance,
  formatDistance,
  formatDistanceInWords,
  formatEconomy,
  formatEnergyQuantity,
  formatFigure,
  formatQuantity,
  formatUnitPrice,
  priceInUnit,
  quantityUnitFor,
} from './format-units';
import { formatMoney, formatPrecisePrice } from './money';

const metric: Preferences = {
  ...DEFAULT_PREFERENCES,
  distanceUnit: 'km',
  volumeUnit: 'L',
  economyFormat: 'L/100km',
  electricFormat: 'kWh/100km',
  currency: 'EUR',
};
const imperial: Preferences = {
  ...DEFAULT_PREFERENCES,
  volumeUnit: 'galUK',
  economyFormat: 'mpgUK',
};

describe('distances (decision 050)', () => {
  it('writes a reading to the tenth it is stored in, with its unit', () => {
    expect(formatDistance(45210.5, 'mi')).toBe('45,210.5 mi');
    expect(formatDistance(312, 'km')).toBe('312 km');
    // 0.04 rounds to 0.0, shown without a trailing zero or a sign.
    expect(formatDistance(-0.04, 'km')).toBe('0 km');
  });

  it('words a distance in a sentence as DISTANCE_WORDS says: miles by their name, km as km', () => {
    expect(formatDistanceInWords(1_200, 'mi')).toBe('1,200 miles');
    expect(formatDistanceInWords(1, 'mi')).toBe('1 mile');
    expect(formatDistanceInWords(1_200, 'km')).toBe('1,200 km');
    expect(formatDistanceInWords(1, 'km')).toBe('1 km');
    expect(formatDistanceInWords(0, 'mi')).toBe('0 miles');
  });
});

describe('quantities in the user’s unit', () => {
  it('labels each unit as UNIT_LABELS says', () => {
    expect(formatQuantity(10.5, 'galUS')).toBe('10.5 gal');
    expect(formatQuantity(10.5, 'galUK')).toBe('10.5 gal (UK)');
    expect(formatQuantity(42.125, 'kWh')).toBe('42.125 kWh');
    expect(formatQuantity(4.2, 'kg')).toBe('4.2 kg');
  });

  it('shows a liquid in the user’s volume unit, anything else in its own', () => {
    // 10.5 US gal × 3.785411784 L/gal = 39.746823732 L stored.
    const stored = 10.5 * 3.785411784;
    expect(formatEnergyQuantity(stored, 'gasoline', DEFAULT_PREFERENCES)).toBe('10.5 gal');
    // In litres, to the thousandth: 39.747 L.
    expect(formatEnergyQuantity(stored, 'gasoline', metric)).toBe('39.747 L');
    // 39.746823732 L ÷ 4.54609 L per imperial gallon = 8.743068 → 8.743 gal (UK).
    expect(formatEnergyQuantity(stored, 'diesel', imperial)).toBe('8.743 gal (UK)');
    // AdBlue is a liquid too.
    expect(quantityUnitFor('adblue', metric)).toBe('L');
    // Electricity stays in kWh and CNG in kg whatever the volume unit.
    expect(formatEnergyQuantity(42.125, 'electricity', metric)).toBe('42.125 kWh');
    expect(quantityUnitFor('cng', imperial)).toBe('kg');
  });
});

describe('economy figures', () => {
  it('writes one decimal and the label the server named', () => {
    expect(formatEconomy(31.25, 'MPG')).toBe('31.3 MPG');
    expect(formatEconomy(7.5, 'L/100 km')).toBe('7.5 L/100 km');
    expect(formatEconomy(4, 'mi/kWh')).toBe('4 mi/kWh');
  });
});

describe('prices per unit', () => {
  it('converts a price per typed unit to a price per shown unit through the converter', () => {
    // One litre is 1 ÷ 3.785411784 US gal, so $3.459/gal is 3.459 ÷ 3.785411784 = $0.91377/L.
    expect(priceInUnit(3.459, 'galUS', 'L')).toBeCloseTo(0.9137711291, 9);
    expect(formatUnitPrice(priceInUnit(3.459, 'galUS', 'L'), 'L', 'USD')).toBe('$0.914/L');
    // One imperial gallon is 4.54609 L: €1.829/L × 4.54609 = €8.31479861 per gal (UK).
    expect(priceInUnit(1.829, 'L', 'galUK')).toBeCloseTo(8.31479861, 8);
    expect(formatUnitPrice(priceInUnit(1.829, 'L', 'galUK'), 'galUK', 'EUR')).toBe(
      '€8.315/gal (UK)',
    );
    // The same unit changes nothing.
    expect(formatUnitPrice(priceInUnit(0.32, 'kWh', 'kWh'), 'kWh', 'USD')).toBe('$0.32/kWh');
  });

  it('writes money per distance to the tenth of a cent', () => {
    expect(formatCostPerDistance(0.12345, 'mi', 'USD')).toBe('$0.123/mi');
    expect(formatCostPerDistance(0.2, 'km', 'EUR')).toBe('€0.20/km');
  });
});

describe('money in the user’s currency (D3, decision 050)', () => {
  it('keeps the spec’s dollars by default', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  });

  it('writes another currency with its own symbol and decimals', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    // The yen has no minor unit: 1,234.5 rounds to ¥1,235.
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
    expect(formatMoney(99, 'CHF')).toBe('CHF\u00a099.00');
  });

  it('falls back to dollars for a code the browser cannot format', () => {
    expect(formatMoney(5, 'not a code')).toBe('$5.00');
  });

  it('shows a pump’s price to the tenth of a cent, a round one with the usual cents', () => {
    expect(formatPrecisePrice(3.459)).toBe('$3.459');
    expect(formatPrecisePrice(3.5)).toBe('$3.50');
    expect(formatPrecisePrice(1.8, 'EUR')).toBe('€1.80');
  });

  it('groups thousands and trims zeros in plain figures', () => {
    expect(formatFigure(12345.678, 2)).toBe('12,345.68');
    expect(formatFigure(12, 3)).toBe('12');
    expect(formatFigure(12, 1, 1)).toBe('12.0');
  });
});
