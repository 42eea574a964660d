import { describe, expect, it } from 'vitest';
import { hammondDatabase, hammondImportDocument } from '../../../test/samples/hammond';
import { myGarageFuelCsv, myGarageVehicleJson } from '../../../test/samples/mygarage';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import {
  TRACKTOR_SECRETS,
  TRACKTOR_VEHICLES,
  tracktorExport,
} from '../../../test/samples/tracktor';
import type { SourceEnergyRow, SourceRow } from './source';
import { dayInTimeZone, tracktorSource } from './tracktor';

const energyRows = (rows: SourceRow[]) =>
  rows.filter((row): row is SourceEnergyRow => row.kind === 'energy');

describe('Tracktor: detecting its export', () => {
  it('knows the export, encrypted or not, and says why', () => {
    const evidence = "Tracktor's export: version, encrypted, data.vehicles and data.fuelLogs";
    expect(tracktorSource.detect([tracktorExport()])).toEqual({ format: 'tracktor', evidence });
    expect(tracktorSource.detect([tracktorExport({ encrypted: true })])?.evidence).toBe(evidence);
  });

  it("says no to the other sources' files, to other JSON and to garbage", () => {
    const unrelated = [
      hammondDatabase(),
      hammondImportDocument(),
      myGarageFuelCsv(),
      myGarageVehicleJson(),
      textFile('settings.json', '{"version": "1.0", "theme": "dark"}'),
      textFile('fuel.csv', 'version,encrypted,data\n1.0,false,x\n'),
      binaryFile('tracktor.json', Buffer.from([123, 0, 255, 7, 34])),
    ];
    for (const file of unrelated) expect(tracktorSource.detect([file])).toBeNull();
  });
});

describe('Tracktor: reading its export', () => {
  const file = tracktorExport();
  const reading = tracktorSource.read([file]);
  const lines = file.text().split('\n');
  const swift = energyRows(reading.rows).filter((row) => row.vehicle === TRACKTOR_VEHICLES.swift);

  it('lists the vehicles with their energy and the units of the settings', () => {
    expect(reading.vehicles).toEqual([
      {
        key: TRACKTOR_VEHICLES.swift,
        name: '2021 Maruti Suzuki Swift',
        year: 2021,
        make: 'Maruti Suzuki',
        model: 'Swift',
        licensePlate: 'KA01AB1234',
        vin: 'MA3FJEB1S00123456',
        color: '#c0392b',
        energies: ['gasoline'],
        distanceUnit: 'km',
        quantityUnit: 'L',
      },
      {
        key: TRACKTOR_VEHICLES.nexon,
        name: '2023 Tata Nexon EV',
        year: 2023,
        make: 'Tata',
        model: 'Nexon EV',
        licensePlate: 'KA01EV0042',
        energies: ['electricity'],
        distanceUnit: 'km',
        quantityUnit: 'kWh',
      },
    ]);
  });

  it('reads each day as Tracktor shows it, not the UTC instant it stores', () => {
    // The 15th of January in Asia/Kolkata is stored as 2024-01-14T18:30:00.000Z.
    expect(file.text()).toContain('"date": "2024-01-14T18:30:00.000Z"');
    expect(swift.map((row) => row.date)).toEqual([
      '2024-02-13',
      '2024-01-15',
      '2024-01-25',
      '2024-02-04',
      '2024-02-14',
    ]);
    const chicago = tracktorSource.read([tracktorExport({ timeZone: 'America/Chicago' })]);
    expect(energyRows(chicago.rows)[0]?.date).toBe('2024-02-10');
  });

  it('reads fuel logs as fill-ups, with the price per unit and the flags', () => {
    expect(swift[1]).toEqual({
      kind: 'energy',
      file: 'tracktor-backup-2024-05-02.json',
      line: 101,
      vehicle: TRACKTOR_VEHICLES.swift,
      date: '2024-01-15',
      odometer: 18200,
      energy: 'gasoline',
      quantity: 30.25,
      unitPrice: 102.08,
      totalCost: 3087.92,
      isFull: true,
      missedPrevious: false,
      notes: 'Indian Oil, MG Road',
      distanceUnit: 'km',
      quantityUnit: 'L',
    });
    expect(lines[100]?.trim()).toBe('{');
    expect([swift[2]?.isFull, swift[3]?.missedPrevious]).toEqual([false, true]);
  });

  it('reads a log without an odometer as a fill-up without one', () => {
    expect(swift[0]).toEqual(
      expect.objectContaining({ date: '2024-02-13', quantity: 10.5, totalCost: 1071.84 }),
    );
    expect(swift[0]).not.toHaveProperty('odometer');
    expect(swift[0]).not.toHaveProperty('unitPrice');
  });

  it("reads an electric vehicle's logs as charges in kWh", () => {
    const nexon = energyRows(reading.rows).filter((row) => row.vehicle === TRACKTOR_VEHICLES.nexon);
    expect(nexon).toEqual([
      expect.objectContaining({
        date: '2024-02-10',
        energy: 'electricity',
        quantity: 28.5,
        unitPrice: 9.5,
        totalCost: 270.75,
        quantityUnit: 'kWh',
        notes: 'Home charger',
      }),
    ]);
  });

  it('reads maintenance logs as maintenance, the service centre as the place', () => {
    const records = reading.rows.filter((row) => row.kind === 'maintenance');
    expect(records).toEqual([
      {
        kind: 'maintenance',
        file: 'tracktor-backup-2024-05-02.json',
        line: expect.any(Number),
        vehicle: TRACKTOR_VEHICLES.swift,
        date: '2024-03-01',
        title: 'Oil and filter change',
        description: 'Oil and filter change\nWashed for free',
        odometer: 19900,
        cost: 4350,
        location: 'Maruti Service Centre, Indiranagar',
        distanceUnit: 'km',
      },
      {
        kind: 'maintenance',
        file: 'tracktor-backup-2024-05-02.json',
        line: expect.any(Number),
        vehicle: TRACKTOR_VEHICLES.swift,
        date: '2024-04-02',
        odometer: 21000,
        cost: 2800,
        location: 'Brake Masters',
        distanceUnit: 'km',
      },
    ]);
    expect(lines[(records[0]?.line ?? 0) - 1]?.trim()).toBe('{');
    expect(lines[records[0]?.line ?? 0]?.trim()).toBe('"id": "maint-1",');
  });

  it('names each log it cannot read and each record Garage Ledger does not keep', () => {
    const problems = reading.problems.map(({ line, reason }) => [lines[line]?.trim(), reason]);
    expect(problems).toEqual([
      ['"id": "log-ff-2024-02-11",', 'Its vehicle is not in the export'],
      ['"id": "log-10-2024-02-12",', 'Fuel quantity missing'],
      ['"id": "ins-1",', 'Insurance policies are not imported'],
      ['"id": "pucc-1",', 'Pollution certificates are not imported'],
    ]);
    expect(reading.problems.every((problem) => problem.file === file.name)).toBe(true);
  });

  it('states the units and the currency of the settings', () => {
    expect(reading.stated).toEqual({
      distanceUnit: { value: 'km', evidence: "Tracktor's setting unitOfDistance: kilometer" },
      volumeUnit: { value: 'L', evidence: "Tracktor's setting unitOfVolume: liter" },
      currency: { value: 'INR', evidence: "Tracktor's setting currency: INR" },
      dateFormat: {
        value: 'YYYY-MM-DD',
        evidence:
          'Tracktor keeps dates as 2024-02-09T18:30:00.000Z, read in its time zone Asia/Kolkata',
      },
    });
    const imperial = tracktorSource.read([tracktorExport({ units: 'imperial' })]);
    expect(imperial.stated.distanceUnit).toEqual({
      value: 'mi',
      evidence: "Tracktor's setting unitOfDistance: mile",
    });
    expect(imperial.stated.volumeUnit?.value).toBe('galUS');
    expect(energyRows(imperial.rows)[1]).toEqual(
      expect.objectContaining({ distanceUnit: 'mi', quantityUnit: 'galUS' }),
    );
  });

  it('never reads the accounts or the sessions: nothing of them reaches the reading', () => {
    const everything = JSON.stringify(reading);
    for (const secret of Object.values(TRACKTOR_SECRETS)) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('user-1');
  });

  it('refuses an export protected with a password, in plain words', () => {
    expect(() => tracktorSource.read([tracktorExport({ encrypted: true })])).toThrow(
      'This Tracktor export is protected with a password. Export it again without one.',
    );
  });

  it('reads an export marked encrypted whose data Tracktor left plain (no password given)', () => {
    const marked = textFile(
      file.name,
      file.text().replace('"encrypted": false', '"encrypted": true'),
    );
    expect(marked.text()).toContain('"encrypted": true');
    expect(tracktorSource.read([marked]).rows).toHaveLength(reading.rows.length);
  });

  it('reads an export of 10,000 fuel logs', () => {
    const big = tracktorSource.read([tracktorExport({ rows: 10_000 })]);
    expect(energyRows(big.rows)).toHaveLength(10_002);
  });
});

describe('dayInTimeZone', () => {
  it('reads an instant in the zone, and leaves a plain day or a bad zone alone', () => {
    expect(dayInTimeZone('2024-01-14T18:30:00.000Z', 'Asia/Kolkata')).toBe('2024-01-15');
    expect(dayInTimeZone('2024-01-15T06:00:00.000Z', 'America/Chicago')).toBe('2024-01-15');
    expect(dayInTimeZone('2024-01-15', 'Asia/Kolkata')).toBe('2024-01-15');
    expect(dayInTimeZone('2024-01-14T18:30:00.000Z', 'Mars/Olympus')).toBe('2024-01-14');
    expect(dayInTimeZone('Mon Jan 15 2024', 'Asia/Kolkata')).toBe('Mon Jan 15 2024');
  });
});
