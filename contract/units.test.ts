/**
 * The one converter of units and the arithmetic of an entry's amounts (decision 050), on figures
 * worked by hand: each expectation shows its computation.
 */
import { describe, expect, it } from 'vitest';
import { completeAmounts, roundTo } from './energy';
import {
  auxiliaryScale,
  convertDistance,
  DEFAULT_PREFERENCES,
  displayUnit,
  economyScale,
  fromCanonicalQuantity,
  type Preferences,
  perHundredScale,
  toCanonicalQuantity,
} from './units';

const metric: Preferences = {
  ...DEFAULT_PREFERENCES,
  distanceUnit: 'km',
  volumeUnit: 'L',
  economyFormat: 'L/100km',
  electricFormat: 'kWh/100km',
};
const withFormat = (changes: Partial<Preferences>): Preferences => ({
  ...DEFAULT_PREFERENCES,
  ...changes,
});

/** 30 miles on one US gallon, as economyScale receives it: 30 × 1.609344 = 48.28032 km. */
const THIRTY_MILES_KM = 48.28032;
const ONE_US_GALLON_L = 3.785411784;

describe('quantities', () => {
  it('converts a US gallon to litres and back exactly', () => {
    // 10 × 3.785411784 = 37.85411784 L; 37.85411784 ÷ 3.785411784 = 10 gal.
    expect(toCanonicalQuantity(10, 'galUS')).toBeCloseTo(37.85411784, 10);
    expect(fromCanonicalQuantity(37.85411784, 'galUS')).toBeCloseTo(10, 10);
  });

  it('converts an imperial gallon to litres and back', () => {
    // 10 × 4.54609 = 45.4609 L, and back: 45.4609 ÷ 4.54609 = 10.
    expect(toCanonicalQuantity(10, 'galUK')).toBeCloseTo(45.4609, 10);
    expect(fromCanonicalQuantity(45.4609, 'galUK')).toBeCloseTo(10, 10);
    // A US gallon in imperial gallons: 3.785411784 ÷ 4.54609 = 0.832674…
    expect(fromCanonicalQuantity(toCanonicalQuantity(1, 'galUS'), 'galUK')).toBeCloseTo(
      0.832674,
      6,
    );
  });

  it('keeps litres, kilograms and kWh as they are', () => {
    expect(toCanonicalQuantity(42.5, 'L')).toBe(42.5);
    expect(toCanonicalQuantity(4.2, 'kg')).toBe(4.2);
    expect(fromCanonicalQuantity(61.7, 'kWh')).toBe(61.7);
  });

  it('shows a liquid in the user’s volume unit and a gas or a charge in its own', () => {
    expect(displayUnit('volume', DEFAULT_PREFERENCES)).toBe('galUS');
    expect(displayUnit('volume', metric)).toBe('L');
    expect(displayUnit('mass', DEFAULT_PREFERENCES)).toBe('kg');
    expect(displayUnit('electric', DEFAULT_PREFERENCES)).toBe('kWh');
  });
});

describe('distances', () => {
  it('converts kilometres to miles and back', () => {
    // 100 ÷ 1.609344 = 62.137119… mi; 62.137119223733 × 1.609344 = 100 km.
    expect(convertDistance(100, 'km', 'mi')).toBeCloseTo(62.137119, 6);
    expect(convertDistance(62.13711922373339, 'mi', 'km')).toBeCloseTo(100, 10);
    expect(convertDistance(250, 'mi', 'mi')).toBe(250);
  });
});

describe('economy formats', () => {
  it('gives 30 MPG (US) as 7.84 L/100 km, 36.03 MPG (UK) and 12.75 km/L', () => {
    const figure = (economyFormat: Preferences['economyFormat']) =>
      economyScale('volume', withFormat({ economyFormat })).figure(
        THIRTY_MILES_KM,
        ONE_US_GALLON_L,
      );
    // 48.28032 km ÷ 1.609344 = 30 mi on 3.785411784 L ÷ 3.785411784 = 1 gal → 30 MPG.
    expect(figure('mpgUS')).toBeCloseTo(30, 10);
    // 100 × 3.785411784 L ÷ 48.28032 km = 7.840486… L/100 km.
    expect(roundTo(figure('L/100km'), 2)).toBe(7.84);
    // 30 mi on 3.785411784 ÷ 4.54609 = 0.832674 imperial gal → 30 ÷ 0.832674 = 36.028498 MPG (UK).
    expect(roundTo(figure('mpgUK'), 2)).toBe(36.03);
    // 48.28032 km ÷ 3.785411784 L = 12.754 km/L.
    expect(roundTo(figure('km/L'), 2)).toBe(12.75);
  });

  it('goes back from 7.84 L/100 km and from 36.03 MPG (UK) to 30 MPG (US)', () => {
    // 7.84 L/100 km is 100 km on 7.84 L: 100 ÷ 1.609344 = 62.137119 mi on
    // 7.84 ÷ 3.785411784 = 2.071110 gal → 30.0019 MPG, 30.00 to two decimals.
    const mpgUS = economyScale('volume', DEFAULT_PREFERENCES);
    expect(roundTo(mpgUS.figure(100, 7.84), 2)).toBe(30);
    // 36.03 MPG (UK) is 36.03 mi (57.984664 km) on 4.54609 L → 36.03 × 3.785411784 ÷ 4.54609
    // = 30.0014 MPG (US).
    expect(roundTo(mpgUS.figure(36.03 * 1.609344, 4.54609), 2)).toBe(30);
  });

  it('names each format and says which way is better', () => {
    const scales = {
      mpgUS: economyScale('volume', withFormat({ economyFormat: 'mpgUS' })),
      mpgUK: economyScale('volume', withFormat({ economyFormat: 'mpgUK' })),
      litres: economyScale('volume', metric),
      kmPerL: economyScale('volume', withFormat({ economyFormat: 'km/L' })),
    };
    expect([
      scales.mpgUS.label,
      scales.mpgUK.label,
      scales.litres.label,
      scales.kmPerL.label,
    ]).toEqual(['MPG', 'MPG (UK)', 'L/100 km', 'km/L']);
    expect(scales.mpgUS.isConsumption).toBe(false);
    expect(scales.litres.isConsumption).toBe(true);
  });

  it('gives electricity in each electric format', () => {
    // 100 km on 15 kWh: 100 ÷ 1.609344 = 62.137119 mi.
    const figure = (electricFormat: Preferences['electricFormat']) =>
      economyScale('electric', withFormat({ electricFormat })).figure(100, 15);
    // 62.137119 mi ÷ 15 kWh = 4.142475 mi/kWh.
    expect(roundTo(figure('mi/kWh'), 2)).toBe(4.14);
    // 100 × 15 ÷ 62.137119 = 24.140160 kWh/100 mi.
    expect(roundTo(figure('kWh/100mi'), 2)).toBe(24.14);
    // 100 × 15 ÷ 100 = 15 kWh/100 km; 100 ÷ 15 = 6.666… km/kWh.
    expect(figure('kWh/100km')).toBe(15);
    expect(roundTo(figure('km/kWh'), 2)).toBe(6.67);
    expect(economyScale('electric', withFormat({ electricFormat: 'kWh/100mi' })).label).toBe(
      'kWh/100 mi',
    );
  });

  it('gives a gas sold by the kilogram in the shape of the liquid format', () => {
    // 400 km on 5 kg of hydrogen.
    const kgPer100 = economyScale('mass', metric);
    // 100 × 5 ÷ 400 = 1.25 kg/100 km.
    expect([kgPer100.label, kgPer100.figure(400, 5)]).toEqual(['kg/100 km', 1.25]);
    const kmPerKg = economyScale('mass', withFormat({ economyFormat: 'km/L' }));
    // 400 ÷ 5 = 80 km/kg.
    expect([kmPerKg.label, kmPerKg.figure(400, 5)]).toEqual(['km/kg', 80]);
    // MPG (US or UK) reads miles per kilogram: 400 ÷ 1.609344 = 248.548477 mi ÷ 5 = 49.71 mi/kg.
    for (const economyFormat of ['mpgUS', 'mpgUK'] as const) {
      const miPerKg = economyScale('mass', withFormat({ economyFormat }));
      expect([miPerKg.label, roundTo(miPerKg.figure(400, 5), 2)]).toEqual(['mi/kg', 49.71]);
    }
  });

  it('gives AdBlue per 1,000 of the user’s distance unit', () => {
    // 3,000 km on 4.5 L: 1,000 × 4.5 ÷ 3,000 = 1.5 L/1,000 km.
    const litres = auxiliaryScale(metric);
    expect([litres.label, litres.figure(3000, 4.5), litres.isConsumption]).toEqual([
      'L/1,000 km',
      1.5,
      true,
    ]);
    // In gallons per 1,000 miles: 4.5 ÷ 3.785411784 = 1.188775 gal over
    // 3,000 ÷ 1.609344 = 1,864.113577 mi → 1,000 × 1.188775 ÷ 1,864.113577 = 0.637716.
    const gallons = auxiliaryScale(DEFAULT_PREFERENCES);
    expect([gallons.label, roundTo(gallons.figure(3000, 4.5), 4)]).toEqual([
      'gal/1,000 mi',
      0.6377,
    ]);
  });

  it('gives quantity per 100 of the user’s distance unit, in the unit the user sees it in', () => {
    // 1,000 km on 31 L: 100 × 31 ÷ 1,000 = 3.1 L/100 km.
    const litres = perHundredScale('volume', metric);
    expect([litres.label, litres.figure(1000, 31)]).toEqual(['L/100 km', 3.1]);
    // 1,000 km on 142 kWh for a miles user: 100 × 142 ÷ 621.371192 mi = 22.852815 kWh/100 mi.
    const kWh = perHundredScale('electric', DEFAULT_PREFERENCES);
    expect([kWh.label, roundTo(kWh.figure(1000, 142), 2)]).toEqual(['kWh/100 mi', 22.85]);
    // 31 L in US gallons: 31 ÷ 3.785411784 = 8.189332 gal → 100 × 8.189332 ÷ 621.371192
    // = 1.317927 gal/100 mi.
    const gallons = perHundredScale('volume', DEFAULT_PREFERENCES);
    expect([gallons.label, roundTo(gallons.figure(1000, 31), 3)]).toEqual(['gal/100 mi', 1.318]);
  });
});

describe('roundTo', () => {
  it('rounds half away from zero without binary drift', () => {
    // 1.005 is 1.00499999999999989… in binary; shifted in text it is 100.5 → 101 → 1.01.
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(7.84048611, 2)).toBe(7.84);
  });

  it('rounds figures written with an exponent, and never answers −0', () => {
    // 1 − 0.9 ÷ 0.9 style remainders print as 1.1102230246251565e-16: the exponent is added to.
    expect(roundTo(1.1102230246251565e-16, 3)).toBe(0);
    expect(Object.is(roundTo(-1.1e-16, 3), 0)).toBe(true);
    expect(roundTo(1.2345e-3, 5)).toBe(0.00123);
    expect(roundTo(1e21, 2)).toBe(1e21);
  });
});

describe('completeAmounts', () => {
  it('derives the total from quantity × price, to the cent', () => {
    // 12.345 L × 1.899 = 23.443155 → 23.44.
    expect(completeAmounts({ quantity: 12.345, unitPrice: 1.899, totalCost: null })).toEqual({
      quantity: 12.345,
      unitPrice: 1.899,
      totalCost: 23.44,
    });
    // Half a cent rounds up: 3.333 × 1.5 = 4.9995 → 5.00.
    expect(completeAmounts({ quantity: 3.333, unitPrice: 1.5, totalCost: undefined })).toEqual({
      quantity: 3.333,
      unitPrice: 1.5,
      totalCost: 5,
    });
  });

  it('derives the price per unit from the total and the quantity, to 3 decimals', () => {
    // 50.00 ÷ 13.333 = 3.750093… → 3.750.
    expect(completeAmounts({ quantity: 13.333, unitPrice: null, totalCost: 50 })).toEqual({
      quantity: 13.333,
      unitPrice: 3.75,
      totalCost: 50,
    });
  });

  it('derives the quantity from the total and the price, to 3 decimals', () => {
    // 50.00 ÷ 1.899 = 26.329647… → 26.330; 26.33 × 1.899 = 50.00067, the total to the cent.
    expect(completeAmounts({ quantity: null, unitPrice: 1.899, totalCost: 50 })).toEqual({
      quantity: 26.33,
      unitPrice: 1.899,
      totalCost: 50,
    });
  });

  it('keeps three that agree to within a cent, and refuses three that do not', () => {
    // 10 × 1.5 = 15.00: a total of 15.01 is within a cent and kept as typed.
    expect(completeAmounts({ quantity: 10, unitPrice: 1.5, totalCost: 15.01 })).toEqual({
      quantity: 10,
      unitPrice: 1.5,
      totalCost: 15.01,
    });
    // 15.02 is two cents off.
    expect(completeAmounts({ quantity: 10, unitPrice: 1.5, totalCost: 15.02 })).toBe(
      'inconsistent',
    );
  });

  it('takes a free charge at a zero price, but cannot find a quantity from it', () => {
    // 22.5 kWh × 0 = 0.00.
    expect(completeAmounts({ quantity: 22.5, unitPrice: 0, totalCost: null })).toEqual({
      quantity: 22.5,
      unitPrice: 0,
      totalCost: 0,
    });
    // 0 ÷ 0: any quantity costs nothing at a zero price.
    expect(completeAmounts({ quantity: null, unitPrice: 0, totalCost: 0 })).toBe('missing');
    // A cent at 1,000 per unit is 0.00001 units, 0.000 to 3 decimals: none.
    expect(completeAmounts({ quantity: null, unitPrice: 1000, totalCost: 0.01 })).toBe('missing');
  });

  it('needs two of the three', () => {
    expect(completeAmounts({ quantity: 10, unitPrice: null, totalCost: undefined })).toBe(
      'missing',
    );
    expect(completeAmounts({ quantity: null, unitPrice: null, totalCost: 40 })).toBe('missing');
  });
});
