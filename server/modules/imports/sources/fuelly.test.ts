/**
 * Fuelly's web export read as a user would import it: both unit variants (the header states the
 * units), the title-case variant, the iOS export's total, several vehicles in one file, partial
 * and missed fill-ups, missing odometers, and the rows that cannot be read, with their lines.
 */
import { describe, expect, it } from 'vitest';
import { fuellyTitleCaseCsv, fuellyWebCsv, fuellyWithTotalCsv } from '../../../test/samples/fuelly';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { otherSourcesSamples, unrelatedFiles } from '../../../test/samples/unrelated';
import { fuellySource } from './fuelly';

describe('fuellySource.detect', () => {
  it('knows both unit variants and the title-case one by their headers', () => {
    expect(fuellySource.detect([fuellyWebCsv({ units: 'metric' })])).toEqual({
      format: 'fuelly',
      evidence: "Fuelly's header: car_name, fuelup_date, litres",
    });
    expect(fuellySource.detect([fuellyWebCsv({ units: 'imperial' })])?.evidence).toBe(
      "Fuelly's header: car_name, fuelup_date, gallons",
    );
    expect(fuellySource.detect([fuellyTitleCaseCsv()])?.evidence).toBe(
      "Fuelly's header: Name, Fuelup Date, Gallons",
    );
  });

  it('finds the export among other files of an upload', () => {
    const readme = textFile('README.txt', 'Exported from fuelly.com');
    expect(fuellySource.detect([readme, fuellyWebCsv()])?.format).toBe('fuelly');
  });

  it('says no to the other sources, to an unrelated CSV and to binary or garbage', () => {
    for (const files of [...otherSourcesSamples('fuelly'), ...unrelatedFiles()]) {
      expect(fuellySource.detect(files), files[0]?.name).toBeNull();
    }
  });
});

describe('fuellySource.read', () => {
  it('reads the metric export: vehicles by car_name, the unit price, partial and missed fill-ups', () => {
    const reading = fuellySource.read([fuellyWebCsv({ units: 'metric' })]);

    expect(reading.vehicles).toEqual([
      { key: 'My SX4', name: 'My SX4', model: 'Suzuki SX4' },
      { key: 'Ténéré', name: 'Ténéré', model: 'Yamaha Ténéré 700' },
    ]);
    expect(reading.rows).toEqual([
      {
        kind: 'energy',
        file: 'fuelly-metric.csv',
        line: 2,
        vehicle: 'My SX4',
        date: '2024-01-03',
        odometer: '222998.0',
        quantity: '31.139',
        unitPrice: '1.139',
        isFull: true,
        missedPrevious: false,
      },
      {
        kind: 'energy',
        file: 'fuelly-metric.csv',
        line: 3,
        vehicle: 'My SX4',
        date: '2024-01-10',
        odometer: '223310.5',
        quantity: '15.020',
        unitPrice: '1.159',
        isFull: false,
        missedPrevious: false,
        place: 'Shell',
        notes: 'Half tank, the queue was long\nTags: work',
      },
      {
        kind: 'energy',
        file: 'fuelly-metric.csv',
        line: 4,
        vehicle: 'Ténéré',
        date: '2024-01-12',
        quantity: '9.870',
        unitPrice: '1.219',
        isFull: true,
        missedPrevious: false,
        notes: 'Odometer not noted',
      },
      {
        kind: 'energy',
        file: 'fuelly-metric.csv',
        line: 5,
        vehicle: 'My SX4',
        date: '2024-01-20',
        odometer: '223905.0',
        quantity: '30.500',
        unitPrice: '1.149',
        isFull: true,
        missedPrevious: true,
      },
    ]);
    // A row without an odometer keeps no odometer at all, not an empty one.
    expect(reading.rows[2]).not.toHaveProperty('odometer');
    expect(reading.problems).toEqual([
      { file: 'fuelly-metric.csv', line: 6, reason: 'Fuel quantity missing' },
      { file: 'fuelly-metric.csv', line: 7, reason: 'No date' },
    ]);
  });

  it('states the units the header names: km and litres, or miles and US gallons', () => {
    expect(fuellySource.read([fuellyWebCsv({ units: 'metric' })]).stated).toEqual({
      distanceUnit: { value: 'km', evidence: 'Fuelly\'s header names a column "km"' },
      volumeUnit: { value: 'L', evidence: 'Fuelly\'s header names a column "litres"' },
    });
    const imperial = fuellySource.read([fuellyWebCsv({ units: 'imperial' })]);
    expect(imperial.stated).toEqual({
      distanceUnit: { value: 'mi', evidence: 'Fuelly\'s header names a column "miles"' },
      volumeUnit: { value: 'galUS', evidence: 'Fuelly\'s header names a column "gallons"' },
    });
    expect(imperial.rows[0]).toMatchObject({
      odometer: '138564.0',
      quantity: '8.226',
      unitPrice: '4.311',
    });
  });

  it('passes US dates through as spelled, for the pipeline to read with the whole file', () => {
    const reading = fuellySource.read([fuellyWebCsv({ dates: 'us' })]);
    expect(reading.rows.map((row) => row.date)).toEqual([
      '01/03/2024',
      '01/10/2024',
      '01/12/2024',
      '01/20/2024',
    ]);
    expect(reading.stated.dateFormat).toBeUndefined();
  });

  it('reads the title-case variant, its Partial column and CRLF lines', () => {
    const reading = fuellySource.read([fuellyTitleCaseCsv()]);
    expect(reading.vehicles.map((vehicle) => vehicle.name)).toEqual(['My SX4', 'Ténéré']);
    expect(reading.rows[1]).toEqual({
      kind: 'energy',
      file: 'fuelly-title-case.csv',
      line: 3,
      vehicle: 'My SX4',
      date: '01/10/2024',
      odometer: '138758.2',
      quantity: '3.968',
      unitPrice: '4.387',
      isFull: false,
      notes: 'Half tank, the queue was long\nTags: work',
    });
    expect(reading.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [6, 'Fuel quantity missing'],
      [7, 'No date'],
    ]);
  });

  it('takes the total of the export that has one, so a row without unit price still counts', () => {
    const reading = fuellySource.read([fuellyWithTotalCsv()]);
    expect(reading.problems).toEqual([]);
    expect(reading.rows).toMatchObject([
      { line: 2, quantity: '10.512', unitPrice: '3.459', totalCost: '36.36' },
      { line: 3, quantity: '10.504', totalCost: '36.75' },
    ]);
    expect(reading.rows[1]).not.toHaveProperty('unitPrice');
  });

  it('reads a big export row by row', () => {
    const reading = fuellySource.read([fuellyWebCsv({ rows: 2_000 })]);
    expect(reading.rows).toHaveLength(2_000 - 2);
    expect(reading.rows.at(-1)).toMatchObject({ line: 2_001, vehicle: 'Ténéré' });
  });

  it('refuses an upload without a Fuelly export, in words', () => {
    expect(() =>
      fuellySource.read([binaryFile('photo.jpg', Buffer.from([0xff, 0xd8, 0, 1]))]),
    ).toThrow('No Fuelly export found');
  });
});
