/**
 * The LubeLogger reader on sample files built from its documented layouts (research §4.8): what
 * each CSV export and the backup database give a user, spelled as the files spell them, the
 * problems with their lines, the units the backup states, and what is not LubeLogger's.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BLOCK_DATA, writeLiteDatabase } from '../../../test/samples/litedb-writer';
import {
  LUBELOGGER_ACCOUNT_SECRETS,
  LUBELOGGER_EXPORT_NAME,
  LUBELOGGER_LONG_NOTES,
  lubeloggerBackup,
  lubeloggerBackupCollections,
  lubeloggerGasCsv,
  lubeloggerHandMadeCsv,
  lubeloggerOdometerCsv,
  lubeloggerRecordCsv,
  lubeloggerUnimportedCsv,
} from '../../../test/samples/lubelogger';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { decodeBsonDocument, FREE_DATA_PAGE_LISTS, HEADER_PAGE, LITEDB_PAGE_SIZE } from './litedb';
import { lubeloggerSource } from './lubelogger';
import type { ImportFile } from './source';

const { detect, read } = lubeloggerSource;

/** Points a collection's first free data page list past the end of the file. */
function damageCollection(database: Buffer, collection: string): void {
  const collections = decodeBsonDocument(
    database.subarray(
      HEADER_PAGE.collections,
      HEADER_PAGE.collections + HEADER_PAGE.collectionsSize,
    ),
    { allowTrailingBytes: true },
  );
  const pageId = collections[collection] as number;
  database.writeUInt32LE(999_999, pageId * LITEDB_PAGE_SIZE + FREE_DATA_PAGE_LISTS.position);
}
const exportName = LUBELOGGER_EXPORT_NAME;
const csvOrigin = (line: number) => ({ file: exportName, line, vehicle: 'lubelogger' });

/** Other apps' files, from the layouts in research §4, and files of no app at all. */
const notLubeLogger: Record<string, ImportFile> = {
  'a bank statement': textFile(
    'statement.csv',
    'Date,Description,Amount,Balance\n2024-01-03,Coffee,-3.50,100.00\n',
  ),
  'a plain fuel log': textFile(
    'fuel.csv',
    'Date,Odometer,Liters,Total Cost,Notes\n2024-01-03,12345,40,72.50,\n',
  ),
  'a Fuelly export': textFile(
    'fuelly.csv',
    'car_name, model, l/100km,  odometer, km, litres, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand\n' +
      '"My SX4","Suzuki SX4",9.85,222998.0,315.995,31.139,1.139,50,2024-01-03,2024-01-03 23:53:49,"","",0,0,,,""\n',
  ),
  'a Spritmonitor export': textFile(
    '853999_fuelings.csv',
    'Date;Odometer;Trip;Quantity;Total price;Currency;Type;Tires;Roads;Driving style;Fuel;Note\n03.01.2024;12345;500;40,5;72,90;EUR;1;1;6;2;7;\n',
  ),
  'a Simply Auto fuel log': textFile(
    'SimplyAuto/Fuel_Log.csv',
    'Row ID,Vehicle ID,Odometer,Qty,Partial Tank,Missed Fill Up,Total Cost,Distance Traveled,Eff,Octane,Fuel Brand,Filling Station,Notes,Day,Month,Year,Receipt Path,Record Type,Record Desc\n',
  ),
  'an expense list in the tax export’s words but not its order': textFile(
    'expenses.csv',
    'Date,Cost,Description,Notes,Tags\n2024-01-03,12.50,Parking,,\n',
  ),
  'an expense list in the service export’s words but lower case': textFile(
    'expenses.csv',
    'date,description,cost,notes,odometer,tags\n2024-01-03,Wash,12.50,,,\n',
  ),
  'another app’s settings file': textFile('config/userConfig.json', '{"theme":"dark"}'),
  'a photo': binaryFile(
    'images/car.png',
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
  ),
  'random bytes': binaryFile(
    'blob.bin',
    Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 256)),
  ),
  'an empty file': textFile('empty.csv', ''),
  'another app’s LiteDB database': binaryFile(
    'data/app.db',
    writeLiteDatabase({ customers: [{ _id: 1, Name: 'Ada' }] }),
  ),
};

describe('detect', () => {
  it('knows each LubeLogger CSV export by its header, and says so in words', () => {
    expect(detect([lubeloggerGasCsv()])).toEqual({
      format: 'lubelogger',
      evidence:
        "LubeLogger's fuel export header: Date, Odometer, FuelConsumed, Cost, FuelEconomy, …",
    });
    expect(detect([lubeloggerOdometerCsv()])?.evidence).toBe(
      "LubeLogger's odometer export header: Date, InitialOdometer, Odometer, Notes, Tags",
    );
    expect(detect([lubeloggerUnimportedCsv('tax')])?.evidence).toBe(
      "LubeLogger's tax export header: Date, Description, Cost, Notes, Tags",
    );
    expect(detect([lubeloggerUnimportedCsv('supply')])?.evidence).toMatch(
      /^LubeLogger's supplies export/,
    );
    expect(detect([lubeloggerUnimportedCsv('plan')])?.evidence).toMatch(
      /^LubeLogger's plan export/,
    );
    expect(detect([lubeloggerUnimportedCsv('equipment')])?.evidence).toMatch(
      /^LubeLogger's equipment export/,
    );
    expect(detect([lubeloggerHandMadeCsv()])?.evidence).toBe(
      "LubeLogger's fuel export header: Day, Month, Year, Odometer, Litres, …",
    );
  });

  it('says when the shared service, repair and upgrade header is read as maintenance', () => {
    expect(detect([lubeloggerRecordCsv()])?.evidence).toBe(
      "LubeLogger's service, repair or upgrade export header: Date, Description, Cost, Notes, Odometer, …, read as maintenance (the file name does not say which)",
    );
    expect(detect([lubeloggerRecordCsv({ fileName: 'repairrecordsample.csv' })])?.evidence).toMatch(
      /read as repairs, as the file name says$/,
    );
  });

  it('knows the backup by its LiteDB database of LubeLogger collections', () => {
    expect(detect(lubeloggerBackup())).toEqual({
      format: 'lubelogger',
      evidence: "LubeLogger's backup database: data/cartracker.db (LiteDB 5)",
    });
  });

  it('knows LubeLogger’s database under another name, before its first fill-up too', () => {
    const { vehicles, servicerecords } = lubeloggerBackupCollections();
    const database = writeLiteDatabase({ vehicles: vehicles!, servicerecords: servicerecords! });
    expect(detect([binaryFile('my-lubelogger.db', database)])?.evidence).toBe(
      "LubeLogger's backup database: my-lubelogger.db (LiteDB 5)",
    );
  });

  it('knows a backup without its database, which read then explains', () => {
    const withoutDatabase = lubeloggerBackup().filter((file) => file.name !== 'data/cartracker.db');
    expect(detect(withoutDatabase)).toEqual({
      format: 'lubelogger',
      evidence: "LubeLogger's settings file config/userConfig.json, without its database",
    });
    expect(() => read(withoutDatabase)).toThrow(
      'This LubeLogger backup holds no database (LubeLogger on PostgreSQL keeps its records outside the backup): export each record type as CSV from LubeLogger instead',
    );
  });

  it('sums up several exports in one upload', () => {
    const evidence = detect([
      lubeloggerGasCsv({ fileName: 'gas.csv' }),
      lubeloggerOdometerCsv({ fileName: 'odometer.csv' }),
      lubeloggerRecordCsv({ fileName: 'service.csv' }),
      lubeloggerUnimportedCsv('tax', { fileName: 'tax.csv' }),
    ])?.evidence;
    expect(evidence).toBe(
      "LubeLogger's fuel export header: Date, Odometer, FuelConsumed, Cost, FuelEconomy, …; LubeLogger's odometer export header: Date, InitialOdometer, Odometer, Notes, Tags; and 2 more",
    );
  });

  it.each(Object.entries(notLubeLogger))('says no to %s', (_what, file) => {
    expect(detect([file])).toBeNull();
  });
});

describe('read: the CSV exports', () => {
  it('gives the fill-ups of a US server’s Gas export, spelled as written', () => {
    const reading = read([lubeloggerGasCsv()]);
    expect(reading.vehicles).toEqual([{ key: 'lubelogger', name: 'LubeLogger vehicle' }]);
    expect(reading.rows).toEqual([
      {
        ...csvOrigin(2),
        kind: 'energy',
        date: '1/3/2024',
        odometer: '12345',
        quantity: '12.34',
        totalCost: '45.67',
        isFull: true,
        missedPrevious: false,
        notes: 'First fill, after the "big" trip\nPaid cash\nTags: costco highway\nStation: Shell',
      },
      // The quoted note above spans two lines: the next record begins on line 4.
      {
        ...csvOrigin(4),
        kind: 'energy',
        date: '1/12/2024',
        odometer: '12690',
        quantity: '5.5',
        totalCost: '20.35',
        isFull: false,
        missedPrevious: false,
      },
      {
        ...csvOrigin(5),
        kind: 'energy',
        date: '1/20/2024',
        odometer: '13010',
        quantity: '1234.5',
        totalCost: '1999.99',
        isFull: true,
        missedPrevious: true,
        notes: 'Fleet card\nStation: Aral',
      },
      // Saved without an odometer: LubeLogger wrote 0, which is no reading.
      {
        ...csvOrigin(6),
        kind: 'energy',
        date: '1/28/2024',
        quantity: '10',
        totalCost: '38',
        isFull: true,
        missedPrevious: false,
      },
    ]);
    expect(reading.problems).toEqual([]);
    // A CSV export says nothing of its units, dates or currency: the pipeline judges them.
    expect(reading.stated).toEqual({});
  });

  it('passes a German server’s decimal commas and dotted dates on as they are', () => {
    const [first, , third] = read([lubeloggerGasCsv({ culture: 'de-DE' })]).rows;
    expect(first).toMatchObject({ date: '03.01.2024', quantity: '12,34', totalCost: '45,67' });
    expect(third).toMatchObject({ date: '20.01.2024', quantity: '1234,5', totalCost: '1999,99' });
  });

  it('reads service records with their money as the server wrote it, symbols and all', () => {
    const reading = read([lubeloggerRecordCsv({ culture: 'fr-FR' })]);
    expect(reading.rows).toEqual([
      {
        ...csvOrigin(2),
        kind: 'maintenance',
        date: '05/11/2023',
        odometer: '12000',
        title: 'Oil change',
        cost: '89,90\u00a0€',
        notes: 'Synthetic 5W-30, filter\nTags: engine\nWarranty: 12 months',
      },
      {
        ...csvOrigin(3),
        kind: 'maintenance',
        date: '14/02/2024',
        odometer: '14210',
        title: 'Timing belt, water pump',
        // French thousands are grouped with a narrow no-break space; only the pipeline removes it.
        cost: '1\u202f234,56\u00a0€',
      },
      {
        ...csvOrigin(4),
        kind: 'maintenance',
        date: '01/03/2024',
        cost: '0,00\u00a0€',
        notes: 'Inspection only',
      },
    ]);
    expect(read([lubeloggerRecordCsv()]).rows[1]).toMatchObject({ cost: '$1,234.56' });
  });

  it('tells repairs and upgrades from services by the name the user gave the file', () => {
    const kindsOf = (fileName: string) =>
      read([lubeloggerRecordCsv({ fileName })]).rows.map((row) => row.kind);
    expect(kindsOf('repairrecordsample.csv')).toEqual(['repairs', 'repairs', 'repairs']);
    expect(kindsOf('LubeLogger/Upgrades 2024.csv')).toEqual(Array(3).fill('modifications'));
    expect(kindsOf('servicerecords.csv')).toEqual(Array(3).fill('maintenance'));
    expect(kindsOf(exportName)).toEqual(Array(3).fill('maintenance'));
  });

  it('reads odometer readings, and reports the one saved without a reading', () => {
    const reading = read([lubeloggerOdometerCsv()]);
    expect(reading.rows).toEqual([
      { ...csvOrigin(2), kind: 'odometer', date: '1/1/2024', odometer: '12345', notes: 'New year' },
      {
        ...csvOrigin(3),
        kind: 'odometer',
        date: '2/1/2024',
        odometer: '13900',
        notes: 'Tags: commute',
      },
    ]);
    expect(reading.problems).toEqual([
      { file: exportName, line: 4, reason: 'No odometer reading' },
    ]);
  });

  it.each([
    ['tax', 'Tax records are not imported'],
    ['supply', 'Supply records are not imported'],
    ['plan', 'Plan records are not imported'],
    ['equipment', 'Equipment records are not imported'],
  ] as const)('reports each row of a %s export as not imported', (kind, reason) => {
    const reading = read([lubeloggerUnimportedCsv(kind)]);
    expect(reading.rows).toEqual([]);
    expect(reading.problems).toEqual([
      { file: exportName, line: 2, reason },
      { file: exportName, line: 3, reason },
    ]);
  });

  it('reads a file made by hand in the aliases LubeLogger’s importer accepts', () => {
    const reading = read([lubeloggerHandMadeCsv()]);
    const origin = (line: number) => ({
      file: 'lubelogger-import.csv',
      line,
      vehicle: 'lubelogger',
    });
    expect(reading.rows).toEqual([
      {
        ...origin(2),
        kind: 'energy',
        date: '2024-01-03',
        odometer: '12345',
        quantity: '40.2',
        unitPrice: '1.799',
        isFull: true,
        missedPrevious: false,
        notes: 'Full tank',
      },
      {
        ...origin(3),
        kind: 'energy',
        date: '2024-01-17',
        odometer: '12800',
        quantity: '20',
        unitPrice: '1.85',
        isFull: false,
        missedPrevious: true,
      },
    ]);
    expect(reading.problems).toEqual([
      { file: 'lubelogger-import.csv', line: 4, reason: 'No date' },
      { file: 'lubelogger-import.csv', line: 5, reason: 'Fuel quantity missing' },
      { file: 'lubelogger-import.csv', line: 6, reason: 'No cost or price' },
    ]);
  });

  it('reports a zero fill-up and unreadable split dates, row by row', () => {
    const file = textFile(
      'gas.csv',
      'Day,Month,Year,Odometer,FuelConsumed,Cost\n3,1,2024,12345,"0,00",0\n3rd,Jan,2024,12345,40,72\n',
    );
    expect(read([file]).problems).toEqual([
      { file: 'gas.csv', line: 2, reason: 'Fuel quantity is zero' },
      { file: 'gas.csv', line: 3, reason: 'Day, month and year must be whole numbers' },
    ]);
  });

  it('reads a 10,000-row export whole', () => {
    const reading = read([lubeloggerGasCsv({ rows: 10_000 })]);
    expect(reading.rows).toHaveLength(10_000);
    expect(reading.problems).toEqual([]);
    expect(reading.rows.at(-1)).toMatchObject({
      kind: 'energy',
      odometer: String(13_400 + 9_999 * 410),
    });
  });

  it('reads several exports of one vehicle together, and reports a CSV that is not one', () => {
    const reading = read([
      lubeloggerGasCsv({ fileName: 'gas.csv' }),
      lubeloggerRecordCsv({ fileName: 'repairs.csv' }),
      lubeloggerOdometerCsv({ fileName: 'odometer.csv' }),
      textFile('budget.csv', 'Month,Spent\nJanuary,120\n'),
    ]);
    expect(reading.vehicles).toEqual([{ key: 'lubelogger', name: 'LubeLogger vehicle' }]);
    expect(reading.rows.map((row) => `${row.file} ${row.kind}`)).toEqual([
      ...Array(4).fill('gas.csv energy'),
      ...Array(3).fill('repairs.csv repairs'),
      ...Array(2).fill('odometer.csv odometer'),
    ]);
    expect(reading.problems).toEqual([
      { file: 'odometer.csv', line: 4, reason: 'No odometer reading' },
      {
        file: 'budget.csv',
        line: 1,
        reason: "This file is not one of LubeLogger's exports, and is not imported",
      },
    ]);
  });

  it('refuses files that hold no LubeLogger export at all', () => {
    expect(() => read([notLubeLogger['a bank statement']!])).toThrow(
      'These files hold no LubeLogger export or backup',
    );
  });
});

describe('read: the backup database', () => {
  it('gives every vehicle, with the VIN LubeLogger users keep in an extra field', () => {
    expect(read(lubeloggerBackup()).vehicles).toEqual([
      {
        key: 'lubelogger-1',
        name: '2015 Suzuki SX4',
        year: 2015,
        make: 'Suzuki',
        model: 'SX4',
        licensePlate: 'AB-123-CD',
        vin: 'JS2YB413XF6100001',
        notes: 'Tags: daily\nColour: Blue',
      },
      {
        key: 'lubelogger-2',
        name: '2021 Renault Zoe',
        year: 2021,
        make: 'Renault',
        model: 'Zoe',
        licensePlate: 'EV-42',
        energies: ['electricity'],
        quantityUnit: 'kWh',
      },
      {
        key: 'lubelogger-3',
        name: '2019 Kubota L2501',
        year: 2019,
        make: 'Kubota',
        model: 'L2501',
        notes: 'LubeLogger counted engine hours for this vehicle, not distance',
        energies: ['diesel'],
      },
    ]);
  });

  it('gives fill-ups, charges and records with real dates and numbers', () => {
    // One fill-up's notes are longer than a database page holds.
    expect(LUBELOGGER_LONG_NOTES.length).toBeGreaterThan(MAX_BLOCK_DATA);
    const origin = (line: number, vehicle: number) => ({
      file: 'data/cartracker.db',
      line,
      vehicle: `lubelogger-${vehicle}`,
    });
    expect(read(lubeloggerBackup()).rows).toEqual([
      {
        ...origin(1, 1),
        kind: 'energy',
        // Stored as 2024-01-02T22:00Z: the midnight of a server at UTC+2.
        date: '2024-01-03',
        odometer: 12345,
        quantity: 12.34,
        totalCost: 45.67,
        isFull: true,
        missedPrevious: false,
        notes: 'First fill\nTags: costco highway\nStation: Shell',
      },
      {
        ...origin(2, 1),
        kind: 'energy',
        date: '2024-01-12',
        odometer: 12690,
        quantity: 5.5,
        totalCost: 20.35,
        isFull: false,
        missedPrevious: false,
      },
      {
        ...origin(3, 1),
        kind: 'energy',
        date: '2024-01-20',
        odometer: 13010,
        quantity: 30.25,
        totalCost: 55,
        isFull: true,
        missedPrevious: true,
        // This document spans more than one database page.
        notes: LUBELOGGER_LONG_NOTES,
      },
      {
        ...origin(4, 2),
        kind: 'energy',
        date: '2024-01-21',
        odometer: 5400,
        energy: 'electricity',
        quantity: 30.5,
        totalCost: 9.15,
        isFull: true,
        missedPrevious: false,
      },
      // The tractor counts hours: its fill-up comes without an odometer.
      {
        ...origin(5, 3),
        kind: 'energy',
        date: '2024-01-22',
        energy: 'diesel',
        quantity: 20,
        totalCost: 31.8,
        isFull: true,
        missedPrevious: false,
      },
      {
        ...origin(1, 1),
        kind: 'maintenance',
        date: '2023-11-05',
        odometer: 12000,
        title: 'Oil change',
        cost: 89.9,
        notes: 'Synthetic 5W-30\nWarranty: 12 months',
      },
      { ...origin(1, 1), kind: 'repairs', date: '2024-02-14', title: 'Replace mirror', cost: 120 },
      {
        ...origin(1, 2),
        kind: 'modifications',
        date: '2024-03-01',
        odometer: 6100,
        title: 'Tow hitch',
        cost: 450,
        notes: 'Tags: towing',
      },
      { ...origin(1, 1), kind: 'odometer', date: '2024-02-01', odometer: 13900 },
    ]);
  });

  it('reports what cannot be read and what Garage Ledger does not keep, with counts', () => {
    const file = 'data/cartracker.db';
    expect(read(lubeloggerBackup()).problems).toEqual([
      { file, line: 6, reason: 'Fuel record 6 has no fuel quantity' },
      { file, line: 7, reason: 'Fuel record 7 belongs to a vehicle that is not in the backup' },
      { file, line: 3, reason: 'Odometer record 3 has no odometer reading' },
      {
        file,
        line: 0,
        reason:
          '2019 Kubota L2501 counts engine hours, not distance: its records come without odometer, and 1 hour reading is not imported',
      },
      { file, line: 0, reason: '2 tax records are not imported' },
      { file, line: 0, reason: '1 supply record is not imported' },
      { file, line: 0, reason: '3 plan records are not imported' },
      { file, line: 0, reason: '1 reminder is not imported' },
    ]);
  });

  it.each([
    // Local midnight of 2024-01-03 at UTC+1 is 2024-01-02T23:00Z, at UTC−5 2024-01-03T05:00Z.
    [1, '2024-01-03'],
    [-5, '2024-01-03'],
    // India and Nepal: 2024-01-02T18:30Z and T18:15Z.
    [5.5, '2024-01-03'],
    [5.75, '2024-01-03'],
    // Newfoundland: 2024-01-03T03:30Z.
    [-3.5, '2024-01-03'],
    // New Zealand in summer and Tonga: 2024-01-02T11:00Z.
    [13, '2024-01-03'],
    // Hawaii: 2024-01-03T10:00Z.
    [-10, '2024-01-03'],
  ])('reads a midnight stored at UTC offset %s as the day it was written', (offset, day) => {
    const [first] = read(lubeloggerBackup({ serverUtcOffsetHours: offset })).rows;
    expect(first?.date).toBe(day);
  });

  it('keeps the days of a server west of UTC too', () => {
    const rows = read(lubeloggerBackup({ serverUtcOffsetHours: -10 })).rows;
    expect(rows.map((row) => row.date).slice(0, 3)).toEqual([
      '2024-01-03',
      '2024-01-12',
      '2024-01-20',
    ]);
  });

  it.each([
    [
      { useMpg: true, useUkMpg: false },
      'mi',
      'galUS',
      'UseMPG is on in config/userConfig.json: US gallons',
    ],
    [
      { useMpg: true, useUkMpg: true },
      'mi',
      'L',
      'UseUKMPG is on in config/userConfig.json: fuel in litres',
    ],
    [
      { useMpg: false, useUkMpg: false },
      'km',
      'L',
      'UseMPG is off in config/userConfig.json: kilometres and litres',
    ],
  ] as const)(
    'states the units of the user settings %o',
    (settings, distance, volume, evidence) => {
      const { stated } = read(lubeloggerBackup(settings));
      expect(stated.distanceUnit?.value).toBe(distance);
      expect(stated.volumeUnit).toEqual({ value: volume, evidence });
      expect(stated.dateFormat).toEqual({
        value: 'YYYY-MM-DD',
        evidence: "LubeLogger's database stores dates as dates",
      });
    },
  );

  it('takes the units from the users’ settings in the database when the config file is missing', () => {
    const { stated } = read(lubeloggerBackup({ useMpg: false, hasUserConfigFile: false }));
    expect(stated.distanceUnit).toEqual({
      value: 'km',
      evidence: "UseMPG is off in every user's settings in the database: kilometres and litres",
    });
  });

  it('never reads accounts, tokens, API keys or the root user’s credentials', () => {
    const serialised = JSON.stringify(read(lubeloggerBackup()));
    for (const secret of [
      ...LUBELOGGER_ACCOUNT_SECRETS,
      'sha256-of-the-root-password',
      'admin@example.test',
    ]) {
      expect(serialised).not.toContain(secret);
    }
    // With the account collections' pages pointing past the end of the file, reading any of
    // them would fail: the reading stays whole and silent about them.
    const database = writeLiteDatabase(lubeloggerBackupCollections());
    for (const collection of ['userrecords', 'tokenrecords', 'apikeyrecords']) {
      damageCollection(database, collection);
    }
    const reading = read([binaryFile('data/cartracker.db', database)]);
    expect(reading.rows).toHaveLength(9);
    expect(reading.problems).toEqual(read(lubeloggerBackup()).problems);
  });

  it('reads a big backup whole', () => {
    const reading = read(lubeloggerBackup({ rows: 10_000 }));
    expect(reading.rows.filter((row) => row.kind === 'energy')).toHaveLength(5 + 10_000);
  });

  it('reports a damaged collection and still reads the rest', () => {
    const database = writeLiteDatabase(lubeloggerBackupCollections());
    damageCollection(database, 'gasrecords');
    const reading = read([binaryFile('data/cartracker.db', database)]);
    expect(reading.problems).toContainEqual({
      file: 'data/cartracker.db',
      line: 0,
      reason:
        'Fuel records could not be read: The database is damaged: a page of collection gasrecords points past the end of the file',
    });
    expect(reading.vehicles).toHaveLength(3);
    expect(reading.rows.filter((row) => row.kind === 'maintenance')).toHaveLength(1);
  });
});
