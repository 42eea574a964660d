/**
 * Simply Auto's export read as a user would import it: the zip's Vehicles.csv naming the
 * vehicles of Fuel_Log.csv, or Fuel_Log.csv alone; records told apart by Record Type; dates built
 * from Day, Month and Year; the rows that cannot be read, with their lines.
 */
import { describe, expect, it } from 'vitest';
import { simplyAutoFuelLogCsv, simplyAutoZipEntries } from '../../../test/samples/simply-auto';
import { otherSourcesSamples, unrelatedFiles } from '../../../test/samples/unrelated';
import { isoDateOf, simplyAutoSource } from './simply-auto';

const FUEL_LOG = 'SimplyAuto/Fuel_Log.csv';

describe('simplyAutoSource.detect', () => {
  it('knows the Fuel_Log by its columns, in the zip or alone', () => {
    expect(simplyAutoSource.detect(simplyAutoZipEntries())).toEqual({
      format: 'simply-auto',
      evidence: "Simply Auto's Fuel_Log columns: Vehicle ID, Record Type, Day, Month, Year",
    });
    expect(simplyAutoSource.detect([simplyAutoFuelLogCsv()])?.format).toBe('simply-auto');
  });

  it('says no to the other sources, to an unrelated CSV and to binary or garbage', () => {
    for (const files of [...otherSourcesSamples('simply-auto'), ...unrelatedFiles()]) {
      expect(simplyAutoSource.detect(files), files[0]?.name).toBeNull();
    }
    // Vehicles.csv alone holds no records.
    const [vehiclesOnly] = simplyAutoZipEntries();
    expect(simplyAutoSource.detect([vehiclesOnly!])).toBeNull();
  });
});

describe('simplyAutoSource.read', () => {
  const reading = simplyAutoSource.read(simplyAutoZipEntries());

  it('names the vehicles by Vehicles.csv’s make and model, and an unlisted one by its id', () => {
    expect(reading.vehicles).toEqual([
      { key: '1', name: 'Honda Jazz', make: 'Honda', model: 'Jazz' },
      { key: '2', name: 'Škoda Octavia Combi', make: 'Škoda', model: 'Octavia Combi' },
      { key: '7', name: 'Simply Auto vehicle 7' },
    ]);
  });

  it('reads fuel records with ISO dates built from their parts, partial and missed fill-ups', () => {
    expect(reading.rows.filter((row) => row.kind === 'energy')).toEqual([
      {
        kind: 'energy',
        file: FUEL_LOG,
        line: 2,
        vehicle: '1',
        date: '2020-01-05',
        odometer: '10000',
        quantity: '40.5',
        totalCost: '220.00',
        isFull: true,
        missedPrevious: false,
        place: 'Orlen Kraków',
      },
      {
        kind: 'energy',
        file: FUEL_LOG,
        line: 3,
        vehicle: '1',
        date: '2020-01-20',
        odometer: '10500',
        quantity: '35',
        totalCost: '190.50',
        isFull: false,
        missedPrevious: false,
        place: 'BP',
        notes: 'Not to the brim',
      },
      {
        kind: 'energy',
        file: FUEL_LOG,
        line: 6,
        vehicle: '2',
        date: '2020-02-03',
        odometer: '5000',
        quantity: '30',
        totalCost: '160.00',
        isFull: true,
        missedPrevious: true,
        place: 'Shell',
      },
      {
        kind: 'energy',
        file: FUEL_LOG,
        line: 7,
        vehicle: '7',
        date: '2020-02-04',
        odometer: '88000',
        quantity: '52',
        totalCost: '300.00',
        isFull: true,
        missedPrevious: false,
      },
      {
        kind: 'energy',
        file: FUEL_LOG,
        line: 8,
        vehicle: '1',
        date: '2020-12-12',
        odometer: '11000',
        quantity: '38',
        totalCost: '210.00',
        isFull: true,
        missedPrevious: false,
      },
    ]);
  });

  it('makes a service maintenance titled by its description, filed by the first service', () => {
    expect(reading.rows.filter((row) => row.kind !== 'energy')).toEqual([
      {
        kind: 'maintenance',
        file: FUEL_LOG,
        line: 4,
        vehicle: '1',
        date: '2020-01-25',
        odometer: '10600',
        title: 'Tire Rotation, Oil Change',
        category: 'Tire Rotation',
        cost: '480.00',
        location: 'Auto Serwis',
        notes: 'Tyres and oil',
      },
    ]);
  });

  it('lists the expense, the unknown record type and the dates that are none, by line', () => {
    expect(reading.problems).toEqual([
      {
        file: FUEL_LOG,
        line: 5,
        reason: 'Expense records are not imported (insurance, tax, parking)',
      },
      { file: FUEL_LOG, line: 9, reason: 'Unknown record type 7' },
      { file: FUEL_LOG, line: 10, reason: 'Day 31, Month 2, Year 2021 is not a date' },
      { file: FUEL_LOG, line: 11, reason: 'No date' },
    ]);
  });

  it('states the ISO dates it builds', () => {
    expect(reading.stated).toEqual({
      dateFormat: {
        value: 'YYYY-MM-DD',
        evidence: "Simply Auto's dates come in Day, Month and Year columns",
      },
    });
  });

  it('reads Fuel_Log.csv alone, naming every vehicle by its id', () => {
    const alone = simplyAutoSource.read([simplyAutoFuelLogCsv()]);
    expect(alone.vehicles.map((vehicle) => vehicle.name)).toEqual([
      'Simply Auto vehicle 1',
      'Simply Auto vehicle 2',
      'Simply Auto vehicle 7',
    ]);
    expect(alone.rows).toHaveLength(reading.rows.length);
  });

  it('reads a big log row by row', () => {
    const big = simplyAutoSource.read(simplyAutoZipEntries({ rows: 2_000 }));
    expect(big.rows).toHaveLength(2_000 - 4);
    expect(big.vehicles).toHaveLength(3);
  });

  it('refuses an upload with Vehicles.csv and no Fuel_Log, in words', () => {
    const [vehiclesOnly] = simplyAutoZipEntries();
    expect(() => simplyAutoSource.read([vehiclesOnly!])).toThrow(
      'No Simply Auto Fuel_Log.csv found',
    );
  });
});

describe('isoDateOf', () => {
  it('pads the parts and checks the calendar', () => {
    expect(isoDateOf('5', '1', '2020')).toEqual({ date: '2020-01-05' });
    expect(isoDateOf('29', '2', '2024')).toEqual({ date: '2024-02-29' });
    expect(isoDateOf('29', '2', '2023')).toEqual({
      reason: 'Day 29, Month 2, Year 2023 is not a date',
    });
    expect(isoDateOf('1', '13', '2020')).toEqual({
      reason: 'Day 1, Month 13, Year 2020 is not a date',
    });
    expect(isoDateOf('1', '1', '20')).toEqual({ reason: 'Day 1, Month 1, Year 20 is not a date' });
    expect(isoDateOf('1st', '1', '2020')).toEqual({
      reason: 'Day 1st, Month 1, Year 2020 is not a date',
    });
    expect(isoDateOf(undefined, '1', '2020')).toEqual({ reason: 'No date' });
  });
});
