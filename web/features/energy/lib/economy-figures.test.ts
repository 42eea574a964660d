import type { Economy, EconomySpan, EnergySummary } from '@contract/energy';
import { describe, expect, it } from 'vitest';
import { economySeries, priceSeries, spansByEntry, spanVerdict } from './economy-figures';

const span = (overrides: Partial<EconomySpan> & Pick<EconomySpan, 'toEntryId' | 'to'>) =>
  ({
    fromEntryId: null,
    from: null,
    distance: null,
    quantity: 0,
    cost: 0,
    economy: null,
    reason: null,
    batteryEconomy: null,
    chargingLoss: null,
    ...overrides,
  }) satisfies EconomySpan;

const summary = (overrides: Partial<EnergySummary> & Pick<EnergySummary, 'energy'>) =>
  ({
    quantityUnit: 'gal',
    economyUnit: 'MPG',
    isConsumption: false,
    spans: [],
    spanCount: 0,
    average: null,
    spanDistance: 0,
    quantity: 0,
    cost: 0,
    entryCount: 0,
    averageUnitPrice: null,
    perHundred: null,
    perHundredUnit: 'gal/100 mi',
    batteryAverage: null,
    chargingLoss: null,
    ...overrides,
  }) satisfies EnergySummary;

/**
 * A plug-in hybrid with AdBlue, as the server answers it: gasoline's first fill (entry 1), a span
 * closed by entry 3 (300 mi on 4 + 6 gal = 30 MPG), an open span ending at the partial entry 4;
 * one charge span (entry 10); one AdBlue fill (entry 20).
 */
const economy: Economy = {
  vehicleId: 7,
  from: null,
  to: null,
  distanceUnit: 'mi',
  currency: 'USD',
  distance: 300,
  energyCost: 120,
  serviceCost: 0,
  costPerDistance: 0.4,
  energies: [
    summary({
      energy: 'gasoline',
      spans: [
        span({ toEntryId: 1, to: '2026-01-01', quantity: 10, cost: 35, reason: 'firstFill' }),
        span({
          fromEntryId: 1,
          toEntryId: 3,
          from: '2026-01-01',
          to: '2026-01-15',
          distance: 300,
          quantity: 10,
          cost: 36,
          economy: 30,
        }),
        span({
          fromEntryId: 3,
          toEntryId: 4,
          to: '2026-01-20',
          quantity: 5,
          cost: 18,
          reason: 'openSpan',
        }),
      ],
    }),
    summary({
      energy: 'electricity',
      quantityUnit: 'kWh',
      economyUnit: 'mi/kWh',
      spans: [
        span({
          toEntryId: 10,
          to: '2026-01-10',
          quantity: 40,
          cost: 12,
          economy: 3.5,
          batteryEconomy: 4.1,
          chargingLoss: 0.123,
        }),
      ],
    }),
    summary({
      energy: 'adblue',
      economyUnit: 'gal/1,000 mi',
      isConsumption: true,
      spans: [
        span({ toEntryId: 20, to: '2026-01-05', quantity: 2, cost: 19, reason: 'firstFill' }),
      ],
    }),
  ],
};

describe('the economy answer on the Fuel & Energy tab (decision 050)', () => {
  it('finds the span each entry closes, by toEntryId', () => {
    const spans = spansByEntry(economy);
    expect([...spans.keys()].sort((a, b) => a - b)).toEqual([1, 3, 4, 10, 20]);
    expect(spans.has(2)).toBe(false);
    expect(spanVerdict(spans.get(3)!)).toEqual({
      economy: '30 MPG',
      reason: null,
      battery: null,
      loss: null,
    });
    expect(spanVerdict(spans.get(4)!).reason).toBe(
      'Partial: economy comes with the next full fill-up',
    );
    expect(spanVerdict(spans.get(1)!).reason).toBe(
      'First fill-up: economy starts from the next full one',
    );
  });

  it('gives a charge its battery figure and its charging loss', () => {
    // A loss of 0.123 is 12.3% of the wall's energy.
    expect(spanVerdict(spansByEntry(economy).get(10)!)).toEqual({
      economy: '3.5 mi/kWh',
      reason: null,
      battery: '4.1 mi/kWh',
      loss: '12.3%',
    });
  });

  it('charts economy per valid span of each propulsion energy, never AdBlue', () => {
    expect(economySeries(economy)).toEqual([
      {
        energy: 'gasoline',
        label: 'Gasoline',
        unit: 'MPG',
        isConsumption: false,
        points: [{ entryId: 3, date: '2026-01-15', value: 30 }],
      },
      {
        energy: 'electricity',
        label: 'Electricity',
        unit: 'mi/kWh',
        isConsumption: false,
        points: [{ entryId: 10, date: '2026-01-10', value: 3.5 }],
      },
    ]);
  });

  it('charts the price per unit of every span, the first and the open one included', () => {
    const [gasoline, electricity, adblue] = priceSeries(economy, '$');
    // $35 ÷ 10 gal = $3.50, $36 ÷ 10 gal = $3.60, $18 ÷ 5 gal = $3.60.
    expect(gasoline?.unit).toBe('$/gal');
    expect(gasoline?.points.map((point) => point.value)).toEqual([3.5, 3.6, 3.6]);
    // $12 ÷ 40 kWh = $0.30; $19 ÷ 2 gal = $9.50.
    expect(electricity?.points.map((point) => point.value)).toEqual([0.3]);
    expect(adblue?.points.map((point) => point.value)).toEqual([9.5]);
    expect(priceSeries(null, '$')).toEqual([]);
  });
});
