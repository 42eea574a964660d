/**
 * aCar / Fuelly app exports read as a user would import them: the sectioned export (its date
 * format stated, per-row units, locale-formatted numbers kept as spelled, two vehicles, services
 * as maintenance, expenses as problems, trips left out) and the app's positional CSV.
 */
import { describe, expect, it } from 'vitest';
import { acarAppCsv, acarSectionedCsv } from '../../../test/samples/acar';
import { textFile } from '../../../test/samples/test-files';
import { otherSourcesSamples, unrelatedFiles } from '../../../test/samples/unrelated';
import { acarSource } from './acar';

const EXPENSE = 'Expense records are not imported (insurance, tax, parking)';

describe('acarSource.detect', () => {
  it('knows the sectioned export by its section titles, and names them', () => {
    expect(acarSource.detect([acarSectionedCsv()])).toEqual({
      format: 'acar',
      evidence:
        'aCar\'s sections: "Metadata", "Vehicles", "Fill-Up Records", "Event Records", "Trip Records"',
    });
    expect(acarSource.detect([acarSectionedCsv({ services: 'services' })])?.evidence).toContain(
      '"Service Records", "Expense Records"',
    );
  });

  it('knows the app CSV by its leading Type and MPG columns', () => {
    expect(acarSource.detect([acarAppCsv()])).toEqual({
      format: 'acar',
      evidence: "Fuelly app's columns: Type, MPG, Date, Time, with Gas and Service rows",
    });
  });

  it('knows the sectioned export with CR-only line ends, as phones write them', () => {
    const file = acarSectionedCsv();
    const crOnly = textFile('acar-export.csv', file.text().replace(/\n/g, '\r'));
    expect(acarSource.detect([crOnly])?.format).toBe('acar');
    expect(acarSource.read([crOnly]).rows).toHaveLength(6);
  });

  it('says no to the other sources, to an unrelated CSV and to binary or garbage', () => {
    for (const files of [...otherSourcesSamples('acar'), ...unrelatedFiles()]) {
      expect(acarSource.detect(files), files[0]?.name).toBeNull();
    }
    // A CSV whose only row says "Vehicles" is not an aCar export.
    expect(acarSource.detect([textFile('list.csv', 'Vehicles\nName\nMy car\n')])).toBeNull();
  });
});

describe('acarSource.read: the sectioned export', () => {
  const reading = acarSource.read([acarSectionedCsv()]);

  it('states the date format the metadata gives, in the pipeline’s words', () => {
    expect(reading.stated).toEqual({
      dateFormat: { value: 'MM/DD/YYYY', evidence: 'aCar\'s Metadata: Date Format "M/d/yyyy"' },
    });
  });

  it('states a European date format as well, and none it cannot name in numbers', () => {
    const withFormat = (pattern: string) =>
      acarSource.read([
        textFile(
          'acar-export.csv',
          acarSectionedCsv().text().replace('"M/d/yyyy"', `"${pattern}"`),
        ),
      ]).stated.dateFormat;
    expect(withFormat('dd.MM.yyyy')?.value).toBe('DD.MM.YYYY');
    expect(withFormat('yyyy-MM-dd')?.value).toBe('YYYY-MM-DD');
    expect(withFormat('MMM d, yyyy')).toBeUndefined();
  });

  it('reads the vehicles with their units; a tank in gallons goes to the notes, not into litres', () => {
    expect(reading.vehicles).toEqual([
      {
        key: 'Altima',
        name: 'Altima',
        year: 2012,
        make: 'Nissan',
        model: 'Altima',
        trim: 'S',
        licensePlate: 'F96 2HK',
        vin: '1N4AL2AP9CC248968',
        color: 'Gray',
        notes: 'Fuel tank capacity: 20.0 US gallons',
        distanceUnit: 'mi',
        quantityUnit: 'galUS',
      },
      {
        key: 'Golf',
        name: 'Golf',
        year: 2016,
        make: 'Volkswagen',
        model: 'Golf',
        trim: 'TDI',
        licensePlate: 'B-GL 2016',
        color: 'Blue',
        notes: 'Bought used',
        distanceUnit: 'km',
        quantityUnit: 'L',
        tankCapacity: '50.0',
      },
    ]);
  });

  it('reads fill-ups with their own units, numbers as the phone wrote them, partial and missed', () => {
    const fillUps = reading.rows.filter((row) => row.kind === 'energy');
    expect(fillUps[0]).toEqual({
      kind: 'energy',
      file: 'acar-export.csv',
      line: 12,
      vehicle: 'Altima',
      date: '7/15/2023',
      odometer: '106,421',
      distanceUnit: 'mi',
      quantityUnit: 'galUS',
      energy: 'gasoline',
      quantity: '20.101',
      unitPrice: '$3.969',
      totalCost: '$79.78',
      isFull: true,
      missedPrevious: false,
      place: 'Maverik, 24 S Geneva Rd Vineyard, UT 84058',
    });
    expect(fillUps[1]).toMatchObject({
      line: 13,
      vehicle: 'Golf',
      odometer: '52,340',
      distanceUnit: 'km',
      quantityUnit: 'L',
      energy: 'diesel',
    });
    expect(fillUps[2]).toMatchObject({
      line: 14,
      isFull: false,
      missedPrevious: false,
      notes: 'Only $25, the pump cut off',
    });
    expect(fillUps[3]).toMatchObject({ line: 15, isFull: true, missedPrevious: true });
    expect(fillUps).toHaveLength(4);
  });

  it('makes services maintenance titled by their types; expenses and unknown types are problems', () => {
    expect(reading.rows.filter((row) => row.kind !== 'energy')).toEqual([
      {
        kind: 'maintenance',
        file: 'acar-export.csv',
        line: 21,
        vehicle: 'Altima',
        date: '5/14/2022',
        odometer: '93,600',
        distanceUnit: 'mi',
        title: 'Engine Oil, Oil Filter',
        category: 'Oil Change',
        cost: '$22.00',
        location: 'Home',
      },
      {
        kind: 'maintenance',
        file: 'acar-export.csv',
        line: 22,
        vehicle: 'Golf',
        date: '6/2/2022',
        odometer: '48,100',
        distanceUnit: 'km',
        title: 'Tire Rotation',
        category: 'Tire Rotation',
        cost: '$40.00',
        location: 'Reifen Müller',
      },
    ]);
    // The trip on line 29 is left out without a problem.
    expect(reading.problems).toEqual([
      { file: 'acar-export.csv', line: 16, reason: 'No date' },
      { file: 'acar-export.csv', line: 17, reason: 'Fuel quantity missing' },
      { file: 'acar-export.csv', line: 23, reason: EXPENSE },
      { file: 'acar-export.csv', line: 24, reason: EXPENSE },
      { file: 'acar-export.csv', line: 25, reason: 'Unknown record type Reminder' },
    ]);
  });

  it('reads the older Service Records and Expense Records sections the same way', () => {
    const older = acarSource.read([acarSectionedCsv({ services: 'services' })]);
    expect(older.rows.filter((row) => row.kind === 'maintenance')).toMatchObject([
      { line: 21, title: 'Engine Oil, Oil Filter', category: 'Oil Change', location: 'Home' },
      { line: 22, title: 'Tire Rotation', location: 'Reifen Müller' },
    ]);
    expect(older.problems.filter((problem) => problem.reason === EXPENSE)).toEqual([
      { file: 'acar-export.csv', line: 25, reason: EXPENSE },
      { file: 'acar-export.csv', line: 26, reason: EXPENSE },
    ]);
  });

  it('reads a bare "gal" as the vehicle’s gallon: imperial for a UK vehicle', () => {
    const british = acarSectionedCsv().text().replace('"US_GALLON"', '"IMPERIAL_GALLON"');
    const altimaRows = acarSource
      .read([textFile('acar-export.csv', british)])
      .rows.filter((row) => row.kind === 'energy' && row.vehicle === 'Altima');
    expect(altimaRows.map((row) => row.quantityUnit)).toEqual(['galUK', 'galUK', 'galUK']);
  });

  it('reads a big export row by row', () => {
    const big = acarSource.read([acarSectionedCsv({ rows: 2_000 })]);
    expect(big.rows.filter((row) => row.kind === 'energy')).toHaveLength(2_000 - 2);
  });
});

describe('acarSource.read: the app’s positional CSV', () => {
  const reading = acarSource.read([acarAppCsv()]);

  it('makes Gas rows fill-ups, "Full" full and any other fill partial, amounts as spelled', () => {
    expect(reading.vehicles).toEqual([{ key: 'Civic', name: 'Civic' }]);
    expect(reading.rows.slice(0, 2)).toEqual([
      {
        kind: 'energy',
        file: 'fuelly-app.csv',
        line: 2,
        vehicle: 'Civic',
        date: '2024-09-01',
        odometer: '10,000',
        quantity: '12.000',
        unitPrice: '$3.259',
        totalCost: '$39.11',
        isFull: true,
        place: 'Shell, Main St',
      },
      {
        kind: 'energy',
        file: 'fuelly-app.csv',
        line: 3,
        vehicle: 'Civic',
        date: '2024-09-04',
        odometer: '10,150',
        quantity: '4.000',
        unitPrice: '$3.499',
        totalCost: '$14.00',
        isFull: false,
        notes: 'Topped up\nTags: commute',
      },
    ]);
  });

  it('makes Service rows maintenance titled by their services, and names an unknown type', () => {
    expect(reading.rows[3]).toEqual({
      kind: 'maintenance',
      file: 'fuelly-app.csv',
      line: 5,
      vehicle: 'Civic',
      date: '2024-09-20',
      odometer: '10,500',
      title: 'Oil Change',
      category: 'Oil Change',
      cost: '$59.99',
      location: 'Quick Lube',
      notes: 'synthetic',
    });
    expect(reading.problems).toEqual([
      { file: 'fuelly-app.csv', line: 6, reason: 'Unknown record type Trip' },
    ]);
    expect(reading.stated).toEqual({});
  });
});

it('refuses an upload without an aCar export, in words', () => {
  expect(() => acarSource.read([textFile('notes.txt', 'hello')])).toThrow('No aCar export found');
});
