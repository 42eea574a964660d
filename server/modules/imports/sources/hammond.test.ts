import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  HAMMOND_SECRETS,
  HAMMOND_VEHICLES,
  hammondDatabase,
  hammondImportDocument,
} from '../../../test/samples/hammond';
import {
  myGarageFuelCsv,
  myGarageServiceCsv,
  myGarageVehicleJson,
} from '../../../test/samples/mygarage';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { tracktorExport } from '../../../test/samples/tracktor';
import { hammondSource, shortestFloat32 } from './hammond';
import type { SourceEnergyRow, SourceRow } from './source';
import { sqliteBytesOf } from './sqlite-file';

const energyRows = (rows: SourceRow[]) =>
  rows.filter((row): row is SourceEnergyRow => row.kind === 'energy');

describe('Hammond: detecting its files', () => {
  it('knows its backup database and its import document, and says why', () => {
    expect(hammondSource.detect([hammondDatabase()])).toEqual({
      format: 'hammond',
      evidence: "Hammond's backup database hammond.db, with its fillups and vehicles tables",
    });
    expect(hammondSource.detect([hammondImportDocument()])?.evidence).toBe(
      "Hammond's import document: vehicleId, timezone and data[].fuelQuantity",
    );
  });

  it('knows the database renamed, by the columns of its schema', () => {
    const renamed = hammondDatabase({ name: 'backups/2024-06-01.sqlite' });
    expect(hammondSource.detect([renamed])?.format).toBe('hammond');
  });

  it("says no to the other sources' files, to another app's database and to garbage", () => {
    const otherDatabase = binaryFile(
      'notes.db',
      sqliteBytesOf((database) => database.exec('CREATE TABLE notes (id integer, body text)')),
    );
    const unrelated = [
      tracktorExport(),
      myGarageFuelCsv(),
      myGarageServiceCsv(),
      myGarageVehicleJson(),
      otherDatabase,
      textFile('fuel.csv', 'Date,Odometer,Liters,Price,Notes\n2024-01-03,1200,40,1.5,\n'),
      textFile('export.json', '{"data": [], "vehicleId": "x"}'),
      textFile('broken.json', '{"data": [{"fuelQuantity": 1'),
      binaryFile('hammond.db', Buffer.from([0, 159, 146, 150, 255, 0, 1])),
    ];
    for (const file of unrelated) expect(hammondSource.detect([file])).toBeNull();
  });
});

describe('Hammond: reading the backup database', () => {
  const reading = hammondSource.read([hammondDatabase()]);
  const fillups = energyRows(reading.rows);
  const sx4 = fillups.filter((row) => row.vehicle === HAMMOND_VEHICLES.sx4);

  it('lists the vehicles that are not deleted, as Hammond names them', () => {
    expect(reading.vehicles).toEqual([
      {
        key: HAMMOND_VEHICLES.sx4,
        name: 'My SX4',
        year: 2015,
        make: 'Suzuki',
        model: 'SX4',
        licensePlate: 'AB-123-CD',
        vin: 'JS2YB413X95100123',
        energies: ['gasoline'],
        quantityUnit: 'L',
      },
      {
        key: HAMMOND_VEHICLES.leaf,
        name: 'Leaf',
        year: 2019,
        make: 'Nissan',
        model: 'Leaf',
        licensePlate: 'EV-42',
        energies: ['electricity'],
        quantityUnit: 'kWh',
      },
    ]);
  });

  it('gives the amounts back as typed, not with float32 noise', () => {
    // Stored as 31.13899993896484, 1.4490000009536743 and 45.119998931884766.
    expect(sx4[0]).toEqual({
      kind: 'energy',
      file: 'hammond.db/fillups',
      line: 8,
      vehicle: HAMMOND_VEHICLES.sx4,
      date: '2024-01-03',
      odometer: 222998,
      energy: 'gasoline',
      quantity: 31.139,
      unitPrice: 1.449,
      totalCost: 45.12,
      isFull: true,
      missedPrevious: false,
      currency: 'EUR',
      place: 'Shell Dorfstraße',
      notes: 'Super 95',
      distanceUnit: 'km',
      quantityUnit: 'L',
    });
  });

  it('keeps partial and missed fill-ups, and leaves out what Hammond never knew', () => {
    expect(sx4.map((row) => [row.line, row.isFull, row.missedPrevious])).toEqual([
      [8, true, false],
      [9, false, false],
      [10, true, true],
      // The tank-full flag was never set (NULL): the row says nothing, a full tank is assumed.
      [11, undefined, false],
      [12, true, false],
      [13, true, false],
    ]);
    expect(sx4[2]?.notes).toBe('Forgot to log the one before');
    // An odometer of 0 is Hammond's "unknown".
    expect(sx4[4]).not.toHaveProperty('odometer');
  });

  it('reads charges in kWh as electricity, a price of 0 as no price', () => {
    const leaf = fillups.filter((row) => row.vehicle === HAMMOND_VEHICLES.leaf);
    expect(leaf).toEqual([
      expect.objectContaining({
        line: 1,
        energy: 'electricity',
        quantity: 38.5,
        unitPrice: 0.29,
        totalCost: 11.17,
        quantityUnit: 'kWh',
        place: 'Home',
      }),
      expect.objectContaining({
        line: 2,
        energy: 'electricity',
        quantity: 41.25,
        totalCost: 22.69,
      }),
    ]);
    expect(leaf[1]).not.toHaveProperty('unitPrice');
  });

  it('passes over deleted records and the deleted vehicle, and names the rest it cannot read', () => {
    expect(fillups.map((row) => row.line)).not.toContain(4);
    expect(fillups.map((row) => row.line)).not.toContain(7);
    expect(reading.problems).toEqual([
      { file: 'hammond.db/fillups', line: 3, reason: 'Charge measured in minutes, not kWh' },
      { file: 'hammond.db/fillups', line: 5, reason: 'Fuel quantity missing' },
      { file: 'hammond.db/fillups', line: 6, reason: 'Its vehicle is not in the backup' },
      {
        file: 'hammond.db/expenses',
        line: 4,
        reason: '“Insurance” is not maintenance or a repair, so it is not imported',
      },
      {
        file: 'hammond.db/expenses',
        line: 5,
        reason: '“Parking” is not maintenance or a repair, so it is not imported',
      },
    ]);
  });

  it('reads service-like expenses as maintenance or repairs, with our category', () => {
    const records = reading.rows.filter((row) => row.kind !== 'energy');
    expect(records).toEqual([
      {
        kind: 'maintenance',
        file: 'hammond.db/expenses',
        line: 1,
        vehicle: HAMMOND_VEHICLES.sx4,
        date: '2024-01-20',
        title: 'Oil change',
        category: 'Oil Change',
        odometer: 223500,
        cost: 89.9,
        currency: 'EUR',
        distanceUnit: 'km',
      },
      expect.objectContaining({
        kind: 'repairs',
        line: 2,
        title: 'Brake pads repair',
        cost: 240,
      }),
      expect.objectContaining({
        kind: 'maintenance',
        line: 3,
        title: 'Inspektion',
        category: 'Scheduled Maintenance',
        cost: 310.5,
        notes: 'TÜV',
      }),
    ]);
    expect(records[1]).not.toHaveProperty('category');
  });

  it("states the file's own units, currency and date spelling", () => {
    expect(reading.stated).toEqual({
      distanceUnit: {
        value: 'km',
        evidence: "Hammond's distance unit on every record: 1 (kilometers)",
      },
      volumeUnit: {
        value: 'L',
        evidence: "Hammond's fuel unit on every fill-up by volume: 0 (litre)",
      },
      currency: { value: 'EUR', evidence: "Hammond's currency on every record: EUR" },
      dateFormat: {
        value: 'YYYY-MM-DD',
        evidence: "Hammond's database keeps dates as 2024-01-04 00:00:00+00:00",
      },
    });
  });

  it('states miles when every record is in miles, and no unit when they differ', () => {
    const miles = hammondSource.read([hammondDatabase({ distanceUnit: 'mi' })]);
    expect(miles.stated.distanceUnit).toEqual({
      value: 'mi',
      evidence: "Hammond's distance unit on every record: 0 (miles)",
    });
    const mixed = hammondSource.read([hammondDatabase({ leafDistanceUnit: 'mi' })]);
    expect(mixed.stated.distanceUnit).toBeUndefined();
    const units = energyRows(mixed.rows).map((row) => [row.vehicle, row.distanceUnit]);
    expect(units).toContainEqual([HAMMOND_VEHICLES.leaf, 'mi']);
    expect(units).toContainEqual([HAMMOND_VEHICLES.sx4, 'km']);
  });

  it('never reads the accounts: no e-mail address or password hash reaches the reading', () => {
    const everything = JSON.stringify(reading);
    expect(everything).not.toContain(HAMMOND_SECRETS.email);
    expect(everything).not.toContain(HAMMOND_SECRETS.passwordHash);
  });

  it('deletes the temporary copy of the database, also when it cannot be read', () => {
    const copies = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith('garage-ledger-import-')).length;
    const before = copies();
    hammondSource.read([hammondDatabase()]);
    const notHammond = binaryFile(
      'hammond.db',
      sqliteBytesOf((database) => database.exec('CREATE TABLE notes (id integer, body text)')),
    );
    expect(() => hammondSource.read([notHammond])).toThrow(
      "hammond.db is a database, but not Hammond's: it has no vehicles and fill-ups.",
    );
    const truncated = binaryFile('hammond.db', hammondDatabase().bytes.subarray(0, 200));
    expect(() => hammondSource.read([truncated])).toThrow(
      "hammond.db could not be opened as Hammond's database.",
    );
    expect(copies()).toBe(before);
  });

  it('reads a backup of 10,000 fill-ups', () => {
    const big = hammondSource.read([hammondDatabase({ rows: 10_000 })]);
    expect(energyRows(big.rows).filter((row) => row.vehicle === HAMMOND_VEHICLES.sx4)).toHaveLength(
      10_000,
    );
  });
});

describe('Hammond: reading its import document', () => {
  const file = hammondImportDocument();
  const reading = hammondSource.read([file]);
  const lines = file.text().split('\n');

  it('reads the fill-ups of its one vehicle, on the day written', () => {
    expect(reading.vehicles).toEqual([{ key: HAMMOND_VEHICLES.sx4, name: 'Hammond vehicle' }]);
    const rows = energyRows(reading.rows);
    expect(rows).toHaveLength(4);
    // 23:40 on the 1st of March in Europe/Berlin, whatever the Z says: still the 1st.
    expect(rows[0]).toEqual({
      kind: 'energy',
      file: 'hammond-import.json',
      line: 3,
      vehicle: HAMMOND_VEHICLES.sx4,
      date: '2024-03-01',
      quantity: 40,
      unitPrice: 1.799,
      totalCost: 71.96,
      isFull: true,
      missedPrevious: false,
      place: 'Aral',
      notes: 'Diesel',
    });
    expect(rows[1]).toEqual(expect.objectContaining({ odometer: 51810, isFull: false }));
  });

  it('names the line of an item it cannot read', () => {
    expect(reading.problems).toEqual([
      { file: 'hammond-import.json', line: 51, reason: 'Fuel quantity missing' },
    ]);
    expect(lines[50]?.trim()).toBe('{');
    expect(lines[51]?.trim()).toBe('"fuelQuantity": 0,');
  });
});

describe('shortestFloat32', () => {
  it('gives a float32 its shortest decimal and leaves a double alone', () => {
    expect(shortestFloat32(Math.fround(1.449))).toBe(1.449);
    expect(shortestFloat32(Math.fround(45.12))).toBe(45.12);
    expect(shortestFloat32(Math.fround(222998))).toBe(222998);
    expect(shortestFloat32(0.1)).toBe(0.1);
  });
});
