/**
 * Economy (decision 050) on logs worked by hand: full-to-full spans and each reason a span has no
 * figure, same-odometer entries, distance-weighted averages, every economy format for a vehicle in
 * km and one in miles, a plug-in hybrid, an LPG car, an electric car with and without state of
 * charge, AdBlue, cost per distance and the order of the energies.
 */
import type { EnergySummary } from '@contract/energy';
import { economySchema } from '@contract/schemas/energy';
import { DEFAULT_PREFERENCES, type Preferences } from '@contract/units';
import { describe, expect, it } from 'vitest';
import { judgeReadings } from '../odometer/odometer.calc';
import { computeEconomy, type EconomyEntry, type EconomyVehicle } from './economy.calc';

const METRIC: Preferences = {
  ...DEFAULT_PREFERENCES,
  distanceUnit: 'km',
  volumeUnit: 'L',
  economyFormat: 'L/100km',
  electricFormat: 'kWh/100km',
};
const US = DEFAULT_PREFERENCES;

const vehicleOf = (changes: Partial<EconomyVehicle> = {}): EconomyVehicle => ({
  energies: ['gasoline'],
  auxiliary: null,
  batteryCapacity: null,
  odometerUnit: 'km',
  ...changes,
});

let nextId = 1;
/** An entry: full unless told, its quantity canonical (litres, kilograms, kWh). */
const entry = (
  energy: EconomyEntry['energy'],
  date: string,
  odometer: number | null,
  quantity: number,
  totalCost: number,
  options: Partial<EconomyEntry> = {},
): EconomyEntry => ({
  id: nextId++,
  date,
  odometer,
  isOdometerFlagged: false,
  energy,
  canonicalQuantity: quantity,
  totalCost,
  isFull: true,
  missedPrevious: false,
  socStart: null,
  socEnd: null,
  batteryKwh: null,
  distanceOnEnergy: null,
  ...options,
});
const partial = { isFull: false };

/**
 * The economy as the server computes it: the entries' odometers are the vehicle's readings,
 * judged, and an entry whose reading is flagged says so.
 */
function economyOf(input: {
  entries: EconomyEntry[];
  vehicle?: EconomyVehicle;
  preferences?: Preferences;
  from?: string | null;
  to?: string | null;
  serviceCost?: number;
}) {
  const vehicle = input.vehicle ?? vehicleOf();
  const readings = judgeReadings(
    input.entries.flatMap(({ id, date, odometer }) =>
      odometer === null ? [] : [{ id, date, odometer, isConfirmed: false }],
    ),
    vehicle.odometerUnit,
  );
  const flagged = new Set(readings.filter((reading) => reading.flag !== null).map(({ id }) => id));
  return computeEconomy({
    vehicle,
    entries: input.entries.map((item) => ({ ...item, isOdometerFlagged: flagged.has(item.id) })),
    readings,
    serviceCost: input.serviceCost ?? 0,
    from: input.from ?? null,
    to: input.to ?? null,
    preferences: input.preferences ?? METRIC,
  });
}

function summaryOf(economy: ReturnType<typeof computeEconomy>, energy: string): EnergySummary {
  const summary = economy.energies.find((item) => item.energy === energy);
  if (!summary) throw new Error(`no ${energy} in the answer`);
  return summary;
}

/** Each span as [reason, distance, quantity, economy]. */
const spansOf = (summary: EnergySummary) =>
  summary.spans.map(({ reason, distance, quantity, economy }) => [
    reason,
    distance,
    quantity,
    economy,
  ]);

/**
 * A petrol car in km: a first fill-up, a partial inside the next span, and a partial after the
 * last full one. Costs at 1.50 a litre.
 */
function partialFills() {
  const a = entry('gasoline', '2026-01-01', 10_000, 40, 60);
  const b = entry('gasoline', '2026-01-10', 10_300, 15, 22.5, partial);
  const c = entry('gasoline', '2026-01-20', 10_700, 25, 37.5);
  const d = entry('gasoline', '2026-02-01', 11_200, 40, 60);
  const e = entry('gasoline', '2026-02-10', 11_400, 10, 15, partial);
  return { a, b, c, d, e, entries: [e, c, a, d, b] };
}

describe('full-to-full spans', () => {
  it('sums a partial fill into its span and leaves the first fill and trailing partials without a figure', () => {
    const { a, c, d, e, entries } = partialFills();
    const gasoline = summaryOf(economyOf({ entries }), 'gasoline');
    expect(spansOf(gasoline)).toEqual([
      // The first fill-up: what it filled was used before the log began.
      ['firstFill', null, 40, null],
      // a → c: 10,700 − 10,000 = 700 km on 15 (partial) + 25 = 40 L → 100 × 40 ÷ 700 = 5.714.
      [null, 700, 40, 5.71],
      // c → d: 500 km on 40 L → 8.00.
      [null, 500, 40, 8],
      // The partial after d: 200 km so far on 10 L, no figure until the next full one.
      ['openSpan', 200, 10, null],
    ]);
    expect(gasoline.spans.map((span) => [span.fromEntryId, span.toEntryId])).toEqual([
      [null, a.id],
      [a.id, c.id],
      [c.id, d.id],
      [d.id, e.id],
    ]);
    // 22.50 + 37.50 = 60.00 for a → c.
    expect(gasoline.spans[1]?.cost).toBe(60);
  });

  it('counts partials before the first full fill-up into it', () => {
    const entries = [
      entry('gasoline', '2026-01-01', 10_000, 10, 15, partial),
      entry('gasoline', '2026-01-05', 10_200, 12, 18, partial),
    ];
    // Nothing full yet: the partials are part of the first fill-up still to come.
    expect(spansOf(summaryOf(economyOf({ entries }), 'gasoline'))).toEqual([
      ['firstFill', null, 22, null],
    ]);
    entries.push(entry('gasoline', '2026-01-09', 10_400, 30, 45));
    // 10 + 12 + 30 = 52 L, all before the first full tank the log can measure from.
    expect(spansOf(summaryOf(economyOf({ entries }), 'gasoline'))).toEqual([
      ['firstFill', null, 52, null],
    ]);
  });

  it('averages Σ distance ÷ Σ quantity, which a mean of the spans’ ratios would not give', () => {
    const gasoline = summaryOf(economyOf(partialFills()), 'gasoline');
    // (40 + 40) L ÷ (700 + 500) km × 100 = 6.667 L/100 km. The mean of 5.714 and 8.00 is 6.857.
    expect(gasoline.average).toBe(6.67);
    expect((100 * 40) / 700 / 2 + (100 * 40) / 500 / 2).toBeCloseTo(6.857, 3);
    expect(gasoline.spanDistance).toBe(1_200);
  });

  it('gives the period’s quantity, cost, price and consumption over the distance driven', () => {
    const economy = economyOf({ ...partialFills(), serviceCost: 250 });
    const gasoline = summaryOf(economy, 'gasoline');
    // Every entry: 40 + 15 + 25 + 40 + 10 = 130 L for 60 + 22.50 + 37.50 + 60 + 15 = 195.00,
    // 195 ÷ 130 = 1.500 a litre.
    expect([gasoline.quantity, gasoline.cost, gasoline.entryCount]).toEqual([130, 195, 5]);
    expect(gasoline.averageUnitPrice).toBe(1.5);
    // Driven: 11,400 − 10,000 = 1,400 km. Used over it: everything after the first reading
    // (the first fill-up's 40 L was used before it): 15 + 25 + 40 + 10 = 90 L → 6.43 L/100 km.
    expect(economy.distance).toBe(1_400);
    expect([gasoline.perHundred, gasoline.perHundredUnit]).toEqual([6.43, 'L/100 km']);
    // (195.00 energy + 250.00 service) ÷ 1,400 km = 0.3179 → 0.32 a km.
    expect([economy.energyCost, economy.serviceCost, economy.costPerDistance]).toEqual([
      195, 250, 0.32,
    ]);
  });

  it('counts only the spans closing in the period, and the distance from the reading before it', () => {
    const economy = economyOf({ ...partialFills(), from: '2026-01-15', to: '2026-01-31' });
    const gasoline = summaryOf(economy, 'gasoline');
    // Only a → c closes (20 January) in 15–31 January: 5.71 on its own.
    expect(spansOf(gasoline)).toEqual([[null, 700, 40, 5.71]]);
    expect(gasoline.average).toBe(5.71);
    // Driven: the last reading in the period (c, 10,700) − the last before it (b, 10,300) = 400.
    // In the period, c alone: 25 L, 37.50; used over the 400 km: 25 L → 6.25 L/100 km.
    expect([economy.distance, gasoline.quantity, gasoline.cost, gasoline.perHundred]).toEqual([
      400, 25, 37.5, 6.25,
    ]);
    // 37.50 ÷ 400 = 0.094 → 0.09 a km.
    expect(economy.costPerDistance).toBe(0.09);
  });

  it('gives spans in the user’s units: a km car read in miles and US gallons', () => {
    const gasoline = summaryOf(economyOf({ ...partialFills(), preferences: US }), 'gasoline');
    // a → c: 700 km ÷ 1.609344 = 434.96 mi; 40 L ÷ 3.785411784 = 10.567 gal;
    // 434.96 ÷ 10.567 = 41.16 MPG.
    expect(spansOf(gasoline)[1]).toEqual([null, 435, 10.567, 41.16]);
    expect([gasoline.quantityUnit, gasoline.economyUnit, gasoline.isConsumption]).toEqual([
      'gal',
      'MPG',
      false,
    ]);
  });

  it('gives spans in the user’s units: a miles car read in km and litres', () => {
    const gasoline = summaryOf(
      economyOf({
        entries: [
          entry('gasoline', '2026-01-01', 30_000, 12 * 3.785411784, 42),
          entry('gasoline', '2026-01-15', 30_360, 12 * 3.785411784, 42),
        ],
        vehicle: vehicleOf({ odometerUnit: 'mi' }),
      }),
      'gasoline',
    );
    // 360 mi × 1.609344 = 579.364 km on 12 US gal = 45.425 L: 100 × 45.425 ÷ 579.364 = 7.84.
    expect(spansOf(gasoline)[1]).toEqual([null, 579.4, 45.425, 7.84]);
    expect(gasoline.spanDistance).toBe(579.4);
  });

  it('leaves out a span with a missed fill-up, and only that span', () => {
    const entries = [
      entry('gasoline', '2026-01-01', 10_000, 40, 60),
      entry('gasoline', '2026-01-15', 10_500, 35, 52.5),
      entry('gasoline', '2026-02-10', 11_400, 30, 45, { missedPrevious: true }),
      entry('gasoline', '2026-02-25', 11_900, 40, 60),
    ];
    const gasoline = summaryOf(economyOf({ entries }), 'gasoline');
    expect(spansOf(gasoline)).toEqual([
      ['firstFill', null, 40, null],
      // 100 × 35 ÷ 500 = 7.00.
      [null, 500, 35, 7],
      // 900 km on 30 L would say 3.33: a fill-up is missing from it.
      ['missedFill', 900, 30, null],
      // 100 × 40 ÷ 500 = 8.00.
      [null, 500, 40, 8],
    ]);
    // (35 + 40) ÷ (500 + 500) × 100 = 7.50.
    expect(gasoline.average).toBe(7.5);
  });

  it('leaves out a span when a partial inside it says a fill-up was missed', () => {
    const entries = [
      entry('gasoline', '2026-01-01', 10_000, 40, 60),
      entry('gasoline', '2026-01-08', 10_300, 10, 15, { ...partial, missedPrevious: true }),
      entry('gasoline', '2026-01-15', 10_600, 30, 45),
    ];
    expect(spansOf(summaryOf(economyOf({ entries }), 'gasoline'))[1]).toEqual([
      'missedFill',
      600,
      40,
      null,
    ]);
  });

  it('gives no figure to a span with an end without an odometer', () => {
    const entries = [
      entry('gasoline', '2026-01-01', 10_000, 40, 60),
      entry('gasoline', '2026-01-15', null, 35, 52.5),
      entry('gasoline', '2026-02-01', 11_000, 38, 57),
      entry('gasoline', '2026-02-15', 11_500, 40, 60),
    ];
    const gasoline = summaryOf(economyOf({ entries }), 'gasoline');
    expect(spansOf(gasoline)).toEqual([
      ['firstFill', null, 40, null],
      ['noOdometer', null, 35, null],
      ['noOdometer', null, 38, null],
      // 100 × 40 ÷ 500 = 8.00.
      [null, 500, 40, 8],
    ]);
    expect(gasoline.average).toBe(8);
  });

  it('gives no figure to a span with a flagged odometer at either end', () => {
    const entries = [
      entry('gasoline', '2026-01-01', 10_000, 40, 60),
      // A typo: 90,000 km in 9 days is implausible.
      entry('gasoline', '2026-01-10', 100_000, 35, 52.5),
      entry('gasoline', '2026-01-20', 10_800, 30, 45),
      entry('gasoline', '2026-02-01', 11_300, 40, 60),
    ];
    const economy = economyOf({ entries });
    expect(spansOf(summaryOf(economy, 'gasoline'))).toEqual([
      ['firstFill', null, 40, null],
      // Closed by the typo.
      ['flaggedOdometer', null, 35, null],
      // Opened by the typo.
      ['flaggedOdometer', null, 30, null],
      // 100 × 40 ÷ 500 = 8.00.
      [null, 500, 40, 8],
    ]);
    // The distance driven leaves the typo out: 11,300 − 10,000 = 1,300.
    expect(economy.distance).toBe(1_300);
  });
});

describe('two full entries at the same odometer', () => {
  it('merges a top-up into the span before: no division by zero, no volume dropped', () => {
    const a = entry('gasoline', '2026-01-01', 10_000, 40, 60);
    const b = entry('gasoline', '2026-01-15', 10_500, 30, 45);
    const c = entry('gasoline', '2026-01-15', 10_500, 5, 7.5);
    const d = entry('gasoline', '2026-02-01', 11_000, 35, 52.5);
    const gasoline = summaryOf(economyOf({ entries: [a, b, c, d] }), 'gasoline');
    expect(spansOf(gasoline)).toEqual([
      ['firstFill', null, 40, null],
      // a → b and c together: 500 km on 30 + 5 = 35 L → 7.00. Apart, b → c would be 0 km.
      [null, 500, 35, 7],
      // c opens the next: 500 km on 35 L → 7.00.
      [null, 500, 35, 7],
    ]);
    expect(gasoline.spans.map((span) => [span.fromEntryId, span.toEntryId])).toEqual([
      [null, a.id],
      [a.id, c.id],
      [c.id, d.id],
    ]);
    // 70 L over 1,000 km → 7.00.
    expect(gasoline.average).toBe(7);
  });

  it('merges a second charge into the first fill-up', () => {
    // Charged in two steps before driving: 30 + 20 kWh at 10,000 km, then 45 kWh at 10,300.
    const a = entry('electricity', '2026-01-01', 10_000, 30, 9);
    const b = entry('electricity', '2026-01-01', 10_000, 20, 6);
    const c = entry('electricity', '2026-01-08', 10_300, 45, 13.5);
    const electricity = summaryOf(
      economyOf({ entries: [a, b, c], vehicle: vehicleOf({ energies: ['electricity'] }) }),
      'electricity',
    );
    expect(spansOf(electricity)).toEqual([
      ['firstFill', null, 50, null],
      // b → c: 300 km on 45 kWh (what a and b put in was there before) → 15.00 kWh/100 km.
      [null, 300, 45, 15],
    ]);
    expect(electricity.spans.map((span) => [span.fromEntryId, span.toEntryId])).toEqual([
      [null, b.id],
      [b.id, c.id],
    ]);
  });
});

describe('economy formats', () => {
  /** 500 km on 40 L in a km car; 360 mi on 12 US gal (45.424941408 L) in a miles car. */
  const kmCar = () => [
    entry('gasoline', '2026-01-01', 10_000, 40, 60),
    entry('gasoline', '2026-01-15', 10_500, 40, 60),
  ];
  const milesCar = () => [
    entry('gasoline', '2026-01-01', 30_000, 12 * 3.785411784, 42),
    entry('gasoline', '2026-01-15', 30_360, 12 * 3.785411784, 42),
  ];
  const figure = (entries: EconomyEntry[], odometerUnit: 'km' | 'mi', preferences: Preferences) => {
    const summary = economyOf({ entries, vehicle: vehicleOf({ odometerUnit }), preferences })
      .energies[0]!;
    return [summary.economyUnit, summary.average];
  };

  it('converts a liquid’s economy to each format, for a car in km and one in miles', () => {
    const format = (economyFormat: Preferences['economyFormat']) => ({ ...US, economyFormat });
    // km car: 500 km on 40 L.
    // 100 × 40 ÷ 500 = 8.00 L/100 km; 500 ÷ 40 = 12.50 km/L.
    expect(figure(kmCar(), 'km', format('L/100km'))).toEqual(['L/100 km', 8]);
    expect(figure(kmCar(), 'km', format('km/L'))).toEqual(['km/L', 12.5]);
    // 500 ÷ 1.609344 = 310.686 mi; 40 ÷ 3.785411784 = 10.567 gal → 29.40 MPG;
    // 40 ÷ 4.54609 = 8.799 imperial gal → 35.31 MPG (UK).
    expect(figure(kmCar(), 'km', format('mpgUS'))).toEqual(['MPG', 29.4]);
    expect(figure(kmCar(), 'km', format('mpgUK'))).toEqual(['MPG (UK)', 35.31]);
    // Miles car: 360 mi on 12 US gal = 30.00 MPG; 360 × 1.609344 = 579.364 km on 45.425 L →
    // 7.84 L/100 km and 12.75 km/L; 30 × 4.54609 ÷ 3.785411784 = 36.03 MPG (UK).
    expect(figure(milesCar(), 'mi', format('mpgUS'))).toEqual(['MPG', 30]);
    expect(figure(milesCar(), 'mi', format('L/100km'))).toEqual(['L/100 km', 7.84]);
    expect(figure(milesCar(), 'mi', format('km/L'))).toEqual(['km/L', 12.75]);
    expect(figure(milesCar(), 'mi', format('mpgUK'))).toEqual(['MPG (UK)', 36.03]);
  });

  it('converts electricity to each electric format, for a car in km and one in miles', () => {
    const format = (electricFormat: Preferences['electricFormat']) => ({ ...US, electricFormat });
    const charges = (odometers: [number, number], kWh: number) => [
      entry('electricity', '2026-01-01', odometers[0], 50, 15),
      entry('electricity', '2026-01-05', odometers[1], kWh, 9),
    ];
    const electric = (
      odometerUnit: 'km' | 'mi',
      entries: EconomyEntry[],
      preferences: Preferences,
    ) => {
      const summary = economyOf({
        entries,
        vehicle: vehicleOf({ energies: ['electricity'], odometerUnit }),
        preferences,
      }).energies[0]!;
      return [summary.economyUnit, summary.average];
    };
    // km car, 200 km on 30 kWh: 15.00 kWh/100 km; 200 ÷ 30 = 6.67 km/kWh; 200 ÷ 1.609344 =
    // 124.274 mi → 124.274 ÷ 30 = 4.14 mi/kWh and 100 × 30 ÷ 124.274 = 24.14 kWh/100 mi.
    const km = () => charges([8_000, 8_200], 30);
    expect(electric('km', km(), format('kWh/100km'))).toEqual(['kWh/100 km', 15]);
    expect(electric('km', km(), format('km/kWh'))).toEqual(['km/kWh', 6.67]);
    expect(electric('km', km(), format('mi/kWh'))).toEqual(['mi/kWh', 4.14]);
    expect(electric('km', km(), format('kWh/100mi'))).toEqual(['kWh/100 mi', 24.14]);
    // Miles car, 120 mi on 40 kWh: 3.00 mi/kWh; 100 × 40 ÷ 120 = 33.33 kWh/100 mi;
    // 120 × 1.609344 = 193.121 km → 4.83 km/kWh and 20.71 kWh/100 km.
    const mi = () => charges([8_000, 8_120], 40);
    expect(electric('mi', mi(), format('mi/kWh'))).toEqual(['mi/kWh', 3]);
    expect(electric('mi', mi(), format('kWh/100mi'))).toEqual(['kWh/100 mi', 33.33]);
    expect(electric('mi', mi(), format('km/kWh'))).toEqual(['km/kWh', 4.83]);
    expect(electric('mi', mi(), format('kWh/100km'))).toEqual(['kWh/100 km', 20.71]);
  });

  it('gives CNG and hydrogen in kilograms, shaped like the liquid format', () => {
    const gas =
      (energy: 'cng' | 'hydrogen', odometerUnit: 'km' | 'mi', distance: number) =>
      (preferences: Preferences) => {
        const summary = economyOf({
          entries: [
            entry(energy, '2026-01-01', 1_000, 5, 60),
            entry(energy, '2026-01-08', 1_000 + distance, 5, 60),
          ],
          vehicle: vehicleOf({ energies: [energy], odometerUnit }),
          preferences,
        }).energies[0]!;
        return [summary.quantityUnit, summary.economyUnit, summary.average];
      };
    // CNG, 400 km on 5 kg: 100 × 5 ÷ 400 = 1.25 kg/100 km; 80 km/kg;
    // 400 ÷ 1.609344 = 248.548 mi ÷ 5 = 49.71 mi/kg.
    const cng = gas('cng', 'km', 400);
    expect(cng(METRIC)).toEqual(['kg', 'kg/100 km', 1.25]);
    expect(cng({ ...METRIC, economyFormat: 'km/L' })).toEqual(['kg', 'km/kg', 80]);
    expect(cng(US)).toEqual(['kg', 'mi/kg', 49.71]);
    // Hydrogen, 300 mi on 5 kg: 60.00 mi/kg; 300 × 1.609344 = 482.803 km → 96.56 km/kg and
    // 100 × 5 ÷ 482.803 = 1.04 kg/100 km.
    const hydrogen = gas('hydrogen', 'mi', 300);
    expect(hydrogen(US)).toEqual(['kg', 'mi/kg', 60]);
    expect(hydrogen({ ...METRIC, economyFormat: 'km/L' })).toEqual(['kg', 'km/kg', 96.56]);
    expect(hydrogen(METRIC)).toEqual(['kg', 'kg/100 km', 1.04]);
  });
});

describe('a plug-in hybrid (gasoline + electricity)', () => {
  /**
   * 1,000 km in March, charged often, filled twice. The last fill-up gives the 250 km driven on
   * gasoline since the one before.
   */
  function pluginHybrid() {
    const entries = [
      entry('gasoline', '2026-03-01', 20_000, 35, 61.25),
      entry('electricity', '2026-03-01', 20_000, 10, 3),
      entry('electricity', '2026-03-05', 20_200, 30, 9),
      entry('electricity', '2026-03-10', 20_400, 32, 9.6),
      entry('gasoline', '2026-03-15', 20_600, 16, 28),
      entry('electricity', '2026-03-20', 20_750, 40, 18),
      entry('gasoline', '2026-03-31', 21_000, 15, 27, { distanceOnEnergy: 250 }),
      entry('electricity', '2026-03-31', 21_000, 40, 12),
    ];
    return economyOf({
      entries,
      vehicle: vehicleOf({ energies: ['gasoline', 'electricity'] }),
      from: '2026-03-02',
      to: '2026-03-31',
      serviceCost: 150,
    });
  }

  it('gives each energy per 100 km driven in the period, as WLTP does', () => {
    const economy = pluginHybrid();
    // Driven: 21,000 − 20,000 (1 March, the last reading before the period) = 1,000 km.
    expect(economy.distance).toBe(1_000);
    // Gasoline 16 + 15 = 31 L → 3.1 L/100 km; electricity 30 + 32 + 40 + 40 = 142 kWh →
    // 14.2 kWh/100 km.
    expect(summaryOf(economy, 'gasoline').perHundred).toBe(3.1);
    expect(summaryOf(economy, 'electricity').perHundred).toBe(14.2);
    expect(summaryOf(economy, 'electricity').perHundredUnit).toBe('kWh/100 km');
  });

  it('gives gasoline a figure only where its distance is its own', () => {
    const gasoline = summaryOf(pluginHybrid(), 'gasoline');
    expect(spansOf(gasoline)).toEqual([
      // 1 → 15 March: charged three times in it. 600 km on 16 L would say 2.67 L/100 km, a
      // gasoline figure counting electric kilometres.
      ['sharedDistance', 600, 16, null],
      // 15 → 31 March: charged in it too, but the user gave 250 km on gasoline: 100 × 15 ÷ 250
      // = 6.00 L/100 km.
      [null, 250, 15, 6],
    ]);
    expect(gasoline.average).toBe(6);
    const electricity = summaryOf(pluginHybrid(), 'electricity');
    expect(spansOf(electricity)).toEqual([
      // 200 km on 30 kWh and 200 km on 32 kWh, no fill-up between: 15.00 and 16.00.
      [null, 200, 30, 15],
      [null, 200, 32, 16],
      // Filled on 15 and 31 March inside these two.
      ['sharedDistance', 350, 40, null],
      ['sharedDistance', 250, 40, null],
    ]);
    // (30 + 32) ÷ (200 + 200) × 100 = 15.50 kWh/100 km.
    expect(electricity.average).toBe(15.5);
  });

  it('gives the combined cost per distance', () => {
    const economy = pluginHybrid();
    // In the period: 28 + 27 (gasoline) + 9 + 9.60 + 18 + 12 (electricity) = 103.60; with
    // 150.00 of service, 253.60 ÷ 1,000 km = 0.2536 → 0.25 a km.
    expect([economy.energyCost, economy.costPerDistance]).toEqual([103.6, 0.25]);
  });
});

describe('an LPG and gasoline car', () => {
  it('uses the distance given on LPG, and no figure for a span shared without one', () => {
    const entries = [
      entry('lpg', '2026-04-01', 50_000, 40, 32),
      entry('gasoline', '2026-04-05', 50_100, 10, 18),
      entry('lpg', '2026-04-10', 50_500, 38, 30.4, { distanceOnEnergy: 380 }),
      entry('gasoline', '2026-04-15', 50_700, 8, 14.4, { distanceOnEnergy: 90 }),
      entry('lpg', '2026-04-20', 51_000, 45, 36),
      entry('lpg', '2026-04-30', 51_450, 40, 32),
    ];
    const economy = economyOf({
      entries,
      vehicle: vehicleOf({ energies: ['lpg', 'gasoline'] }),
    });
    expect(economy.energies.map((summary) => summary.energy)).toEqual(['lpg', 'gasoline']);
    const lpg = summaryOf(economy, 'lpg');
    expect(spansOf(lpg)).toEqual([
      ['firstFill', null, 40, null],
      // Gasoline was filled inside, but 380 km were on LPG: 100 × 38 ÷ 380 = 10.00.
      [null, 380, 38, 10],
      // Gasoline filled inside (15 April) and no distance given: 500 km are not LPG's alone.
      ['sharedDistance', 500, 45, null],
      // 30 April: nothing else filled since 20 April: 100 × 40 ÷ 450 = 8.89.
      [null, 450, 40, 8.89],
    ]);
    // (38 + 40) ÷ (380 + 450) × 100 = 9.40; the mean of 10.00 and 8.89 would be 9.44.
    expect(lpg.average).toBe(9.4);
    // Gasoline 5 → 15 April: 90 km given on 8 L → 8.89 L/100 km.
    expect(spansOf(summaryOf(economy, 'gasoline'))).toEqual([
      ['firstFill', null, 10, null],
      [null, 90, 8, 8.89],
    ]);
  });
});

describe('an electric car', () => {
  it('without state of charge: wall kWh between charges to the usual level', () => {
    const entries = [
      entry('electricity', '2026-05-01', 8_000, 50, 15),
      entry('electricity', '2026-05-04', 8_120, 40, 12),
      entry('electricity', '2026-05-07', 8_200, 10, 4.5, partial),
      entry('electricity', '2026-05-10', 8_280, 30, 9),
    ];
    const electricity = summaryOf(
      economyOf({
        entries,
        vehicle: vehicleOf({ energies: ['electricity'], odometerUnit: 'mi' }),
        preferences: US,
      }),
      'electricity',
    );
    expect(spansOf(electricity)).toEqual([
      ['firstFill', null, 50, null],
      // 120 mi on 40 kWh → 3.00 mi/kWh.
      [null, 120, 40, 3],
      // 160 mi on 10 + 30 = 40 kWh → 4.00 mi/kWh.
      [null, 160, 40, 4],
    ]);
    // First to last charge, the first one's energy left out: 280 mi on 80 kWh → 3.50 mi/kWh.
    expect(electricity.average).toBe(3.5);
    expect(electricity.spans.map((span) => [span.batteryEconomy, span.chargingLoss])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect([electricity.batteryAverage, electricity.chargingLoss]).toEqual([null, null]);
  });

  /**
   * A 60 kWh battery. Wall kWh, state of charge before → after, battery kWh:
   * c1 33 kWh, 30 → 80 %: 50 % × 60 = 30 kWh in the battery;
   * c2 25 kWh, 40 → 80 %: 24 kWh;
   * c3 11 kWh, 60 → 78 %, partial, the car reported 10.5 kWh (its SoC would say 10.8);
   * c4 30 kWh, 35 → 80 %: 27 kWh.
   */
  const withStateOfCharge = (batteryCapacity: number | null) =>
    economyOf({
      entries: [
        entry('electricity', '2026-06-01', 12_000, 33, 9.9, { socStart: 30, socEnd: 80 }),
        entry('electricity', '2026-06-05', 12_250, 25, 7.5, { socStart: 40, socEnd: 80 }),
        entry('electricity', '2026-06-08', 12_400, 11, 5.5, {
          ...partial,
          socStart: 60,
          socEnd: 78,
          batteryKwh: 10.5,
        }),
        entry('electricity', '2026-06-12', 12_650, 30, 9, { socStart: 35, socEnd: 80 }),
      ],
      vehicle: vehicleOf({ energies: ['electricity'], batteryCapacity }),
    });

  it('with state of charge and capacity: battery consumption and charging losses per span', () => {
    const electricity = summaryOf(withStateOfCharge(60), 'electricity');
    expect(
      electricity.spans.map((span) => [
        span.reason,
        span.economy,
        span.batteryEconomy,
        span.chargingLoss,
      ]),
    ).toEqual([
      // c1: 1 − 30 ÷ 33 = 0.091 lost on the way in.
      ['firstFill', null, null, 0.091],
      // c1 → c2, 250 km: wall 25 kWh → 10.00 kWh/100 km. Battery: left at 80 %, found at 40 %:
      // 40 % × 60 = 24 kWh → 9.60 kWh/100 km. Loss: 1 − 24 ÷ 25 = 0.040.
      [null, 10, 9.6, 0.04],
      // c2 → c4, 400 km: wall 11 + 30 = 41 kWh → 10.25. Battery: 80 − 35 = 45 %, plus c3's
      // 78 − 60 = 18 %: 63 % × 60 = 37.8 kWh → 9.45. Loss: 1 − (10.5 + 27) ÷ 41 = 0.085.
      [null, 10.25, 9.45, 0.085],
    ]);
    // Wall: (25 + 41) ÷ 650 km × 100 = 10.15; battery: (24 + 37.8) ÷ 650 × 100 = 9.51;
    // losses over every charge: 1 − (30 + 24 + 10.5 + 27) ÷ (33 + 25 + 11 + 30) = 1 − 91.5 ÷ 99
    // = 0.076.
    expect([electricity.average, electricity.batteryAverage, electricity.chargingLoss]).toEqual([
      10.15, 9.51, 0.076,
    ]);
  });

  it('with state of charge but no capacity: losses only where the car reported battery kWh', () => {
    const electricity = summaryOf(withStateOfCharge(null), 'electricity');
    // Only c3 reported: 1 − 10.5 ÷ 11 = 0.045, in its span (c2 → c4) and the period.
    expect(electricity.spans.map((span) => [span.batteryEconomy, span.chargingLoss])).toEqual([
      [null, null],
      [null, null],
      [null, 0.045],
    ]);
    expect([electricity.batteryAverage, electricity.chargingLoss]).toEqual([null, 0.045]);
  });
});

describe('AdBlue', () => {
  function diesel(preferences: Preferences) {
    return economyOf({
      entries: [
        entry('diesel', '2026-07-01', 100_000, 50, 80),
        entry('adblue', '2026-07-01', 100_000, 10, 9),
        entry('diesel', '2026-07-10', 100_800, 48, 76.8),
        entry('adblue', '2026-07-20', 101_500, 4.5, 4.05),
        entry('diesel', '2026-07-20', 101_500, 49, 78.4),
      ],
      vehicle: vehicleOf({ energies: ['diesel'], auxiliary: 'adblue' }),
      preferences,
    });
  }

  it('gives AdBlue per 1,000 km, never mixed into diesel', () => {
    const economy = diesel(METRIC);
    expect(economy.energies.map((summary) => summary.energy)).toEqual(['diesel', 'adblue']);
    const dieselSummary = summaryOf(economy, 'diesel');
    // 800 km on 48 L → 6.00; 700 km on 49 L → 7.00 (the AdBlue between is no diesel, and no
    // second propulsion energy); (48 + 49) ÷ 1,500 × 100 = 6.47.
    expect(spansOf(dieselSummary)).toEqual([
      ['firstFill', null, 50, null],
      [null, 800, 48, 6],
      [null, 700, 49, 7],
    ]);
    expect([dieselSummary.average, dieselSummary.quantity]).toEqual([6.47, 147]);
    const adblue = summaryOf(economy, 'adblue');
    // 1,500 km on 4.5 L: 1,000 × 4.5 ÷ 1,500 = 3.00 L/1,000 km.
    expect(spansOf(adblue)).toEqual([
      ['firstFill', null, 10, null],
      [null, 1_500, 4.5, 3],
    ]);
    expect([adblue.economyUnit, adblue.average, adblue.isConsumption]).toEqual([
      'L/1,000 km',
      3,
      true,
    ]);
  });

  it('gives AdBlue in gallons per 1,000 miles to a US user', () => {
    const adblue = summaryOf(diesel(US), 'adblue');
    // 4.5 ÷ 3.785411784 = 1.18878 gal over 1,500 ÷ 1.609344 = 932.057 mi → 1,000 × 1.18878 ÷
    // 932.057 = 1.28 gal/1,000 mi.
    expect([adblue.economyUnit, adblue.average]).toEqual(['gal/1,000 mi', 1.28]);
  });
});

describe('the vehicle’s answer', () => {
  it('orders the energies: the profile’s, then the auxiliary fluid, then any other logged', () => {
    const economy = economyOf({
      entries: [
        entry('lpg', '2026-01-01', 1_000, 30, 24),
        entry('diesel', '2026-01-02', 1_100, 30, 48),
        entry('gasoline', '2026-01-03', 1_200, 30, 54),
      ],
      vehicle: vehicleOf({ energies: ['electricity', 'gasoline'], auxiliary: 'adblue' }),
    });
    expect(economy.energies.map((summary) => summary.energy)).toEqual([
      'electricity',
      'gasoline',
      'adblue',
      'diesel',
      'lpg',
    ]);
    // A profile energy without entries is there, with nothing to show.
    const electricity = summaryOf(economy, 'electricity');
    expect([
      electricity.spans,
      electricity.quantity,
      electricity.average,
      electricity.averageUnitPrice,
    ]).toEqual([[], 0, null, null]);
  });

  it('is what the contract’s economy answer says, but the vehicle and the currency', () => {
    const answer = { ...economyOf({ ...partialFills(), serviceCost: 100 }), vehicleId: 1 };
    const parsed = economySchema.parse({ ...answer, currency: 'USD' });
    expect(parsed).toEqual({ ...answer, currency: 'USD' });
  });

  it('has no distance, cost per distance or per-100 figure without two readings', () => {
    const economy = economyOf({
      entries: [entry('gasoline', '2026-01-01', 1_000, 30, 54)],
      serviceCost: 100,
    });
    expect([economy.distance, economy.costPerDistance, economy.energies[0]?.perHundred]).toEqual([
      null,
      null,
      null,
    ]);
    expect([economy.energyCost, economy.serviceCost, economy.distanceUnit]).toEqual([
      54,
      100,
      'km',
    ]);
  });
});

describe('a long log', () => {
  it('lists the period’s latest 200 spans and averages every one of them', () => {
    // 301 full fill-ups a day apart, 400 km and 30 L each: 300 spans of 7.5 L/100 km, then the
    // 301st fill-up's span doubled (400 km, 60 L: 15 L/100 km) to tell the average from a list's.
    const entries = Array.from({ length: 301 }, (_, index) =>
      entry(
        'gasoline',
        `2024-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
        1000 + index * 400,
        index === 300 ? 60 : 30,
        index === 300 ? 90 : 45,
      ),
    );
    const [gasoline] = economyOf({ entries: entries.slice(0, 301) }).energies;
    // Spans: the first fill plus 300 closed ones = 301 in all; the answer lists the latest 200.
    expect(gasoline!.spanCount).toBe(301);
    expect(gasoline!.spans).toHaveLength(200);
    expect(gasoline!.spans.at(-1)!.toEntryId).toBe(entries[300]!.id);
    expect(gasoline!.spans[0]!.toEntryId).toBe(entries[101]!.id);
    // Σ over all 300 valid spans: 299 × 30 L + 60 L = 9,030 L over 300 × 400 = 120,000 km:
    // 100 × 9,030 ÷ 120,000 = 7.525 → 7.53 L/100 km (the listed 200 alone would give 7.54).
    expect(gasoline!.average).toBe(7.53);
  });
});
