/**
 * Spritmonitor's fuelings and costs exports read as a user would import them: German and English
 * headers, the `\;` escape, fueling type and fuel codes (a plug-in hybrid's charges in kWh, AdBlue),
 * per-row currencies, cost types as maintenance, repairs, modifications or a problem, the
 * vehicle named from the files' id, and the documented format stated only for untouched files.
 */
import { describe, expect, it } from 'vitest';
import {
  SPRITMONITOR_FUEL_CODES,
  spritmonitorCostsCsv,
  spritmonitorFuelCodesCsv,
  spritmonitorFuelingsCsv,
} from '../../../test/samples/spritmonitor';
import { textFile } from '../../../test/samples/test-files';
import { otherSourcesSamples, unrelatedFiles } from '../../../test/samples/unrelated';
import type { SourceEnergyRow } from './source';
import { spritmonitorSource } from './spritmonitor';

const DOCUMENTED = {
  decimalSeparator: { value: ',', evidence: 'Spritmonitor exports use a decimal comma' },
  dateFormat: { value: 'DD.MM.YYYY', evidence: 'Spritmonitor exports use DD.MM.YYYY dates' },
};

describe('spritmonitorSource.detect', () => {
  it('knows the fuelings and costs headers in German and English', () => {
    expect(spritmonitorSource.detect([spritmonitorFuelingsCsv()])).toEqual({
      format: 'spritmonitor',
      evidence:
        "Spritmonitor's fuelings header (German): Datum;Km-Stand;Spritmenge;Tankart;Kraftstoff",
    });
    expect(
      spritmonitorSource.detect([spritmonitorFuelingsCsv({ language: 'English' })])?.evidence,
    ).toBe("Spritmonitor's fuelings header (English): Date;Odometer;Quantity;Type;Fuel");
    expect(spritmonitorSource.detect([spritmonitorCostsCsv()])?.evidence).toBe(
      "Spritmonitor's costs header (German): Datum;Kostenart;Kosten",
    );
    expect(spritmonitorSource.detect([spritmonitorCostsCsv({ language: 'English' })])?.format).toBe(
      'spritmonitor',
    );
  });

  it('says no to the other sources, to an unrelated CSV and to binary or garbage', () => {
    for (const files of [...otherSourcesSamples('spritmonitor'), ...unrelatedFiles()]) {
      expect(spritmonitorSource.detect(files), files[0]?.name).toBeNull();
    }
  });
});

describe('spritmonitorSource.read: fuelings', () => {
  const reading = spritmonitorSource.read([spritmonitorFuelingsCsv()]);
  const energyRows = reading.rows.filter((row): row is SourceEnergyRow => row.kind === 'energy');

  it('names the one vehicle after the files’ id', () => {
    expect(reading.vehicles).toEqual([
      { key: 'spritmonitor', name: 'Spritmonitor vehicle 853999' },
    ]);
  });

  it('reads a full fueling with its currency, and a note whose `;` is escaped', () => {
    expect(energyRows[0]).toEqual({
      kind: 'energy',
      file: '853999_fuelings.csv',
      line: 2,
      vehicle: 'spritmonitor',
      date: '14.03.2026',
      odometer: '52000',
      energy: 'diesel',
      quantity: '42,15',
      totalCost: '71,61',
      isFull: true,
      currency: 'EUR',
      notes: 'Autobahn; A8',
    });
  });

  it('makes type 1 and 3 full tanks and 2 partial; 0 and unknown types are problems', () => {
    expect(energyRows.map((row) => [row.line, row.isFull])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [6, true],
      [7, true],
      [8, true],
      [9, false],
    ]);
    expect(reading.problems).toEqual([
      {
        file: '853999_fuelings.csv',
        line: 5,
        reason: 'Marked as an invalid fueling in Spritmonitor',
      },
      { file: '853999_fuelings.csv', line: 10, reason: 'Unknown fueling type 7' },
      { file: '853999_fuelings.csv', line: 11, reason: 'Fuel quantity missing' },
    ]);
  });

  it('keeps each row’s currency and reads a plug-in hybrid’s charges in kWh and its AdBlue', () => {
    expect(energyRows.map((row) => [row.line, row.energy, row.quantityUnit, row.currency])).toEqual(
      [
        [2, 'diesel', undefined, 'EUR'],
        [3, 'diesel', undefined, 'EUR'],
        [4, 'diesel', undefined, 'EUR'],
        [6, 'diesel', undefined, 'CHF'],
        [7, 'adblue', undefined, 'EUR'],
        [8, 'electricity', 'kWh', 'EUR'],
        [9, 'electricity', 'kWh', 'EUR'],
      ],
    );
  });

  it('maps every documented fuel code to an energy, gases in kg', () => {
    const codes = spritmonitorSource.read([spritmonitorFuelCodesCsv()]);
    const byCode = Object.fromEntries(
      codes.rows.map((row, index) => [
        SPRITMONITOR_FUEL_CODES[index],
        row.kind === 'energy' ? [row.energy, row.quantityUnit] : null,
      ]),
    );
    expect(byCode).toEqual({
      '1': ['diesel', undefined],
      '2': ['diesel', undefined],
      '3': ['diesel', undefined],
      '4': ['diesel', undefined],
      '6': ['gasoline', undefined],
      '7': ['gasoline', undefined],
      '8': ['gasoline', undefined],
      '9': ['gasoline', undefined],
      '12': ['lpg', undefined],
      '13': ['cng', 'kg'],
      '14': ['cng', 'kg'],
      '15': ['e85', undefined],
      '16': ['gasoline', undefined],
      '18': ['gasoline', undefined],
      '19': ['electricity', 'kWh'],
      '20': ['gasoline', undefined],
      '21': ['adblue', undefined],
      '22': ['gasoline', undefined],
      '23': ['hydrogen', 'kg'],
      '24': ['electricity', 'kWh'],
      '25': ['diesel', undefined],
    });
    expect(codes.problems).toEqual([]);
  });

  it('reads the English header alike', () => {
    const english = spritmonitorSource.read([spritmonitorFuelingsCsv({ language: 'English' })]);
    expect(english.rows).toEqual(reading.rows);
    expect(english.problems).toEqual(reading.problems);
  });

  it('reads a big export row by row', () => {
    const big = spritmonitorSource.read([spritmonitorFuelingsCsv({ rows: 2_000 })]);
    expect(big.rows).toHaveLength(2_000 - 3);
  });
});

describe('spritmonitorSource.read: costs', () => {
  const reading = spritmonitorSource.read([spritmonitorCostsCsv()]);

  it('makes work on the car maintenance, repairs or modifications, titled by the row or its type', () => {
    expect(reading.rows).toEqual([
      {
        kind: 'maintenance',
        file: '853999_costs.csv',
        line: 2,
        vehicle: 'spritmonitor',
        date: '10.02.2026',
        odometer: '51200',
        title: 'Inspektion',
        category: 'Scheduled Maintenance',
        cost: '289,90',
        currency: 'EUR',
        notes: 'mit Ölwechsel',
      },
      {
        kind: 'maintenance',
        file: '853999_costs.csv',
        line: 3,
        vehicle: 'spritmonitor',
        date: '20.03.2026',
        odometer: '51900',
        title: 'Change oil',
        category: 'Oil Change',
        cost: '99,00',
        currency: 'EUR',
      },
      {
        kind: 'maintenance',
        file: '853999_costs.csv',
        line: 4,
        vehicle: 'spritmonitor',
        date: '01.04.2026',
        odometer: '52000',
        title: 'Change tires',
        category: 'Other',
        cost: '60,00',
        currency: 'EUR',
        notes: 'Winterreifen runter',
      },
      {
        kind: 'maintenance',
        file: '853999_costs.csv',
        line: 5,
        vehicle: 'spritmonitor',
        date: '12.03.2026',
        title: 'Wäsche; innen',
        cost: '12,00',
        currency: 'EUR',
      },
      {
        kind: 'repairs',
        file: '853999_costs.csv',
        line: 6,
        vehicle: 'spritmonitor',
        date: '05.05.2026',
        odometer: '54800',
        title: 'Auspuff geschweißt',
        cost: '180,00',
        currency: 'EUR',
      },
      {
        kind: 'repairs',
        file: '853999_costs.csv',
        line: 7,
        vehicle: 'spritmonitor',
        date: '06.05.2026',
        odometer: '54800',
        title: 'Bremsbeläge',
        cost: '75,50',
        currency: 'EUR',
      },
      {
        kind: 'modifications',
        file: '853999_costs.csv',
        line: 8,
        vehicle: 'spritmonitor',
        date: '07.05.2026',
        title: 'Chiptuning',
        category: 'Performance',
        cost: '650,00',
        currency: 'EUR',
      },
      {
        kind: 'modifications',
        file: '853999_costs.csv',
        line: 9,
        vehicle: 'spritmonitor',
        date: '08.05.2026',
        title: 'Dachbox',
        cost: '199,00',
        currency: 'CHF',
      },
    ]);
  });

  it('names each cost type it does not import, and the rows without a type it knows', () => {
    expect(reading.problems).toEqual([
      { file: '853999_costs.csv', line: 10, reason: 'Cost type Tax is not imported' },
      { file: '853999_costs.csv', line: 11, reason: 'Cost type Insurance is not imported' },
      { file: '853999_costs.csv', line: 12, reason: 'Cost type Parking is not imported' },
      { file: '853999_costs.csv', line: 13, reason: 'Cost type Toll is not imported' },
      { file: '853999_costs.csv', line: 14, reason: 'Cost type Purchase price is not imported' },
      { file: '853999_costs.csv', line: 15, reason: 'Cost type Refund is not imported' },
      { file: '853999_costs.csv', line: 16, reason: 'No cost type' },
      { file: '853999_costs.csv', line: 17, reason: 'Unknown cost type 42' },
    ]);
  });
});

describe('spritmonitorSource.read: the upload', () => {
  it('reads both files of a vehicle into one vehicle and states the documented format', () => {
    const reading = spritmonitorSource.read([spritmonitorFuelingsCsv(), spritmonitorCostsCsv()]);
    expect(reading.vehicles).toEqual([
      { key: 'spritmonitor', name: 'Spritmonitor vehicle 853999' },
    ]);
    expect(reading.rows).toHaveLength(7 + 8);
    expect(reading.problems).toHaveLength(3 + 8);
    expect(reading.stated).toEqual({
      ...DOCUMENTED,
      distanceUnit: { value: 'km', evidence: "Spritmonitor's header: Km-Stand" },
    });
  });

  it('states the format for the English fuelings, which vouch for their costs file', () => {
    const english = spritmonitorSource.read([
      spritmonitorFuelingsCsv({ language: 'English' }),
      spritmonitorCostsCsv({ language: 'English' }),
    ]);
    expect(english.stated).toEqual(DOCUMENTED);
    // The undocumented English costs header alone states nothing.
    expect(spritmonitorSource.read([spritmonitorCostsCsv({ language: 'English' })]).stated).toEqual(
      {},
    );
  });

  it('states nothing for a file a spreadsheet saved again with commas, leaving it to the pipeline', () => {
    const resaved = textFile(
      '853999_fuelings.csv',
      'Date,Odometer,Trip,Quantity,Total price,Currency,Type,Tires,Roads,Driving style,Fuel,Note\n' +
        '14.03.2026,52000,610,42.15,71.61,EUR,1,1,10,2,1,\n',
    );
    const reading = spritmonitorSource.read([resaved]);
    expect(reading.stated).toEqual({});
    expect(reading.rows).toMatchObject([
      { quantity: '42.15', totalCost: '71.61', energy: 'diesel' },
    ]);
  });

  it('keeps the files of two vehicles apart, and names a vehicle whose files carry no id', () => {
    const two = spritmonitorSource.read([
      spritmonitorFuelingsCsv({ vehicleId: '853999' }),
      spritmonitorFuelingsCsv({ vehicleId: '12' }),
    ]);
    expect(two.vehicles).toEqual([
      { key: 'spritmonitor-853999', name: 'Spritmonitor vehicle 853999' },
      { key: 'spritmonitor-12', name: 'Spritmonitor vehicle 12' },
    ]);
    expect(new Set(two.rows.map((row) => row.vehicle))).toEqual(
      new Set(['spritmonitor-853999', 'spritmonitor-12']),
    );
    const renamed = textFile('fuel.csv', spritmonitorFuelingsCsv().text());
    expect(spritmonitorSource.read([renamed]).vehicles).toEqual([
      { key: 'spritmonitor', name: 'Spritmonitor vehicle' },
    ]);
  });
});
