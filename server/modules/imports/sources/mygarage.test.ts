import { describe, expect, it } from 'vitest';
import { hammondDatabase, hammondImportDocument } from '../../../test/samples/hammond';
import {
  MYGARAGE_VEHICLE_NAME,
  myGarageFuelCsv,
  myGarageServiceCsv,
  myGarageVehicleJson,
} from '../../../test/samples/mygarage';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { tracktorExport } from '../../../test/samples/tracktor';
import { myGarageSource } from './mygarage';
import type { SourceEnergyRow, SourceRow } from './source';

const energyRows = (rows: SourceRow[]) =>
  rows.filter((row): row is SourceEnergyRow => row.kind === 'energy');

const FUEL_FILE = '2021_Toyota_RAV4 Prime_fuel_records_20240601.csv';
const SERVICE_FILE = '2021_Toyota_RAV4 Prime_service_records_20240601.csv';
const JSON_FILE = '2021_Toyota_RAV4 Prime_complete_data_20240601.json';

describe('MyGarage: detecting its exports', () => {
  it('knows the fuel CSV of every schema, the service CSV and the vehicle JSON', () => {
    const fuelEvidence = "MyGarage's fuel export header: Full Tank, Missed Fill-up, Is Hauling";
    for (const layout of [
      { schema: 6, units: 'metric' },
      { schema: 5, units: 'imperial' },
      { schema: 2 },
    ] as const) {
      expect(myGarageSource.detect([myGarageFuelCsv({ layout })])).toEqual({
        format: 'mygarage',
        evidence: fuelEvidence,
      });
    }
    expect(myGarageSource.detect([myGarageServiceCsv()])?.evidence).toBe(
      "MyGarage's service export header: units_version, unit_system, Category",
    );
    expect(myGarageSource.detect([myGarageVehicleJson({ version: 2 })])?.evidence).toBe(
      "MyGarage's vehicle export: vehicle, fuel_records, service_records",
    );
  });

  it("says no to the other sources' files, to look-alike CSVs and to garbage", () => {
    const unrelated = [
      hammondDatabase(),
      hammondImportDocument(),
      tracktorExport(),
      textFile(
        'lubelogger-gas.csv',
        'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n',
      ),
      textFile('service.csv', 'Date,Category,Description,Mileage,Cost,Vendor,Notes\n'),
      textFile('other.json', '{"vehicle": {"vin": "X"}, "fuel_records": []}'),
      binaryFile('fuel.csv', Buffer.from([255, 216, 255, 224, 0, 16, 74, 70])),
    ];
    for (const file of unrelated) expect(myGarageSource.detect([file])).toBeNull();
  });
});

describe('MyGarage: the fuel CSV, schema 6 in metric', () => {
  const reading = myGarageSource.read([myGarageFuelCsv()]);
  const rows = energyRows(reading.rows);

  /** The columns of MyGarage's schema 6 that have no field here: the preview names them. */
  const NOT_TAKEN = [
    'Filled At',
    'Engine Hours',
    'Is Hauling',
    'Station ID',
    'Driver ID',
    'Driver',
    'Payment Method',
    'Trip Type',
    'Outside Temp (c)',
    'OBC Economy (l_100km)',
    'OBC Avg Speed (kmh)',
    'OBC Trip Duration (s)',
    'Battery SOH (%)',
  ];

  it('lists the columns of its layout that have no field here, beside those it takes', () => {
    expect(reading.unknownColumns).toEqual([
      expect.objectContaining({ file: myGarageFuelCsv().name, columns: NOT_TAKEN }),
    ]);
    expect(reading.unknownColumns?.[0]?.understood).toEqual(
      expect.arrayContaining(['Date', 'Odometer (km)', 'Volume (L)', 'Full Tank', 'Notes']),
    );
  });

  it('lists a column MyGarage never wrote', () => {
    const sample = myGarageFuelCsv();
    // A partial-fill column added at the end of every line, spelled as another app spells it.
    const text = sample
      .text()
      .split('\r\n')
      .map((line, index) =>
        line === '' ? line : `${line},${index === 0 ? 'partial_fuel_up' : '1'}`,
      )
      .join('\r\n');
    const renamed = myGarageSource.read([textFile(sample.name, text)]);

    expect(renamed.unknownColumns?.[0]?.columns).toEqual([...NOT_TAKEN, 'partial_fuel_up']);
  });

  it('names the vehicle from the file name', () => {
    expect(reading.vehicles).toEqual([
      {
        key: MYGARAGE_VEHICLE_NAME,
        name: MYGARAGE_VEHICLE_NAME,
        year: 2021,
        make: 'Toyota',
        model: 'RAV4 Prime',
        energies: ['electricity', 'gasoline'],
      },
    ]);
  });

  it("reads a charge from its price per kWh and total, and keeps the charge's figures in notes", () => {
    expect(rows[0]).toEqual({
      kind: 'energy',
      file: FUEL_FILE,
      line: 2,
      vehicle: MYGARAGE_VEHICLE_NAME,
      date: '2024-01-02',
      odometer: '10020.50',
      energy: 'electricity',
      unitPrice: '0.150',
      totalCost: '6.30',
      isFull: true,
      missedPrevious: false,
      notes: 'Charged 20.0% → 80.0%\nCharger: L2, home',
      distanceUnit: 'km',
      quantityUnit: 'kWh',
    });
  });

  it('reads fill-ups as written, flags from Yes and No, none for an empty odometer', () => {
    expect(rows.slice(1, 5)).toEqual([
      {
        kind: 'energy',
        file: FUEL_FILE,
        line: 3,
        vehicle: MYGARAGE_VEHICLE_NAME,
        date: '2024-01-03',
        energy: 'gasoline',
        quantity: '35.200',
        unitPrice: '1.859',
        totalCost: '65.44',
        isFull: true,
        missedPrevious: false,
        distanceUnit: 'km',
        quantityUnit: 'L',
      },
      expect.objectContaining({ line: 4, odometer: '10400.00', isFull: false }),
      expect.objectContaining({ line: 5, missedPrevious: true, place: 'Costco Fuel' }),
      // MyGarage's apostrophe against spreadsheet formulas is taken off; the rebate is kept.
      expect.objectContaining({
        line: 6,
        quantity: '28.000',
        totalCost: '50.40',
        notes: '=cheap Tuesday\nRebate 0.50',
      }),
    ]);
  });

  it('names the rows it cannot read', () => {
    expect(reading.problems).toEqual([
      { file: FUEL_FILE, line: 7, reason: 'Fuel quantity missing' },
      { file: FUEL_FILE, line: 8, reason: 'No date' },
    ]);
  });

  it('states the units its headers name, its decimal point and its ISO dates', () => {
    expect(reading.stated).toEqual({
      distanceUnit: { value: 'km', evidence: "MyGarage's header “Odometer (km)”" },
      volumeUnit: { value: 'L', evidence: "MyGarage's header “Volume (L)”" },
      decimalSeparator: {
        value: '.',
        evidence: 'MyGarage writes numbers with a decimal point, as 0.150',
      },
      dateFormat: { value: 'YYYY-MM-DD', evidence: 'MyGarage writes dates as 2024-01-02' },
    });
  });

  it('reads an export of 10,000 fill-ups', () => {
    const big = myGarageSource.read([myGarageFuelCsv({ rows: 10_000 })]);
    expect(energyRows(big.rows)).toHaveLength(10_005);
  });
});

describe('MyGarage: the units of every schema (its own ×1.609 trap)', () => {
  const unitsOf = (file: ReturnType<typeof myGarageFuelCsv>) => {
    const reading = myGarageSource.read([file]);
    const partial = energyRows(reading.rows).find((row) => row.line === 4);
    return {
      distance: reading.stated.distanceUnit,
      volume: reading.stated.volumeUnit,
      row: [partial?.odometer, partial?.quantity, partial?.distanceUnit, partial?.quantityUnit],
    };
  };

  it('schema 6 imperial: miles and US gallons from the header tokens', () => {
    expect(unitsOf(myGarageFuelCsv({ layout: { schema: 6, units: 'imperial' } }))).toEqual({
      distance: { value: 'mi', evidence: "MyGarage's header “Odometer (mi)”" },
      volume: { value: 'galUS', evidence: "MyGarage's header “Volume (gal_us)”" },
      row: ['6462.260', '3.3022', 'mi', 'galUS'],
    });
  });

  it('schema 6 custom: kilometres with UK gallons, a mix only the tokens can say', () => {
    expect(unitsOf(myGarageFuelCsv({ layout: { schema: 6, units: 'custom-uk' } }))).toEqual({
      distance: { value: 'km', evidence: "MyGarage's header “Odometer (km)”" },
      volume: { value: 'galUK', evidence: "MyGarage's header “Volume (gal_uk)”" },
      row: ['10400.00', '2.7496', 'km', 'galUK'],
    });
  });

  it('schema 5: the unit_system marker decides, UK gallons included', () => {
    // "Odometer (km)" has named its unit since v3; "Liters" leaves it to the marker.
    expect(unitsOf(myGarageFuelCsv({ layout: { schema: 5, units: 'metric' } }))).toEqual({
      distance: { value: 'km', evidence: "MyGarage's header “Odometer (km)”" },
      volume: { value: 'L', evidence: "MyGarage's unit_system column: metric" },
      row: ['10400.00', '12.500', 'km', 'L'],
    });
    expect(unitsOf(myGarageFuelCsv({ layout: { schema: 5, units: 'imperial_uk' } }))).toEqual({
      distance: { value: 'mi', evidence: "MyGarage's unit_system column: imperial_uk" },
      volume: { value: 'galUK', evidence: "MyGarage's unit_system column: imperial_uk" },
      row: ['6462.260', '2.7496', 'mi', 'galUK'],
    });
  });

  it('the unversioned export: miles and US gallons, as MyGarage kept them then', () => {
    const evidence = "MyGarage's unversioned export with Mileage and Gallons columns";
    expect(unitsOf(myGarageFuelCsv({ layout: { schema: 2 } }))).toEqual({
      distance: { value: 'mi', evidence },
      volume: { value: 'galUS', evidence },
      row: ['6462.260', '3.3022', 'mi', 'galUS'],
    });
  });

  it("drops a charge's price when the export scaled it by a gallon, and says why", () => {
    const reading = myGarageSource.read([
      myGarageFuelCsv({ layout: { schema: 6, units: 'imperial' } }),
    ]);
    expect(reading.problems[0]).toEqual({
      file: FUEL_FILE,
      line: 2,
      reason: "Energy charged (kWh) missing: MyGarage's export leaves it out",
    });
  });

  it('refuses a file whose unit system it cannot know', () => {
    const text = myGarageFuelCsv({ layout: { schema: 5, units: 'imperial' } }).text();
    const unknown = textFile(FUEL_FILE, text.replaceAll(',imperial,', ',imperial_ukk,'));
    expect(() => myGarageSource.read([unknown])).toThrow(
      'This MyGarage file names an unknown unit system “imperial_ukk”, so its figures cannot be read safely.',
    );
    const [header, first, ...rest] = text.split('\r\n');
    const mixed = textFile(
      FUEL_FILE,
      [header, first?.replace(',imperial,', ',metric,'), ...rest].join('\r\n'),
    );
    expect(() => myGarageSource.read([mixed])).toThrow(
      'The rows of this MyGarage file disagree about unit_system (metric, imperial), so its figures cannot be read safely.',
    );
  });

  it('names the vehicle "MyGarage vehicle" when the file was renamed', () => {
    const renamed = myGarageSource.read([myGarageFuelCsv({ name: 'fuel.csv' })]);
    expect(renamed.vehicles.map((vehicle) => vehicle.name)).toEqual(['MyGarage vehicle']);
    expect(new Set(renamed.rows.map((row) => row.vehicle))).toEqual(new Set(['MyGarage vehicle']));
  });
});

describe('MyGarage: the service CSV', () => {
  const reading = myGarageSource.read([myGarageServiceCsv()]);

  it('reads maintenance, inspections, collisions and upgrades as our kinds and categories', () => {
    expect(
      reading.rows.map((row) =>
        row.kind === 'energy' || row.kind === 'odometer'
          ? row.kind
          : [row.line, row.kind, row.title, row.category],
      ),
    ).toEqual([
      [2, 'maintenance', 'Oil Change', 'Oil Change'],
      [3, 'maintenance', 'Air Filter Replacement', 'Filter Replacement'],
      [4, 'maintenance', 'Annual Safety Inspection', undefined],
      [5, 'repairs', 'Bumper Repair', 'Body/Frame'],
      [6, 'modifications', 'Lift Kit', 'Suspension'],
    ]);
    expect(reading.rows[0]).toEqual({
      kind: 'maintenance',
      file: SERVICE_FILE,
      line: 2,
      vehicle: MYGARAGE_VEHICLE_NAME,
      date: '2024-01-20',
      title: 'Oil Change',
      category: 'Oil Change',
      odometer: '11000.00',
      cost: '79.99',
      location: 'Quick Lube',
      notes: 'Synthetic 0W-20',
      distanceUnit: 'km',
    });
  });

  it('names detailing and the row without a date as not imported', () => {
    expect(reading.problems).toEqual([
      {
        file: SERVICE_FILE,
        line: 7,
        reason: 'Detailing is not imported: only maintenance, repairs and modifications are',
      },
      { file: SERVICE_FILE, line: 8, reason: 'No date' },
    ]);
  });

  it('states miles for an imperial export', () => {
    const imperial = myGarageSource.read([myGarageServiceCsv({ units: 'imperial' })]);
    expect(imperial.stated.distanceUnit).toEqual({
      value: 'mi',
      evidence: "MyGarage's header “Odometer (mi)”",
    });
    expect(imperial.rows[0]).toEqual(expect.objectContaining({ odometer: '6835.083' }));
  });
});

describe('MyGarage: the vehicle JSON export', () => {
  const file = myGarageVehicleJson();
  const reading = myGarageSource.read([file]);
  const lines = file.text().split('\n');
  const rows = energyRows(reading.rows);

  it('takes the vehicle from the document', () => {
    expect(reading.vehicles).toEqual([
      {
        key: MYGARAGE_VEHICLE_NAME,
        name: MYGARAGE_VEHICLE_NAME,
        year: 2021,
        make: 'Toyota',
        model: 'RAV4 Prime',
        trim: 'XSE',
        vin: 'JTMAB3FV5MD000123',
        color: 'Supersonic Red',
        licensePlate: '8ABC123',
        energies: ['electricity', 'gasoline'],
      },
    ]);
  });

  it('reads fuel records by their price basis: per kWh a charge, per tank no unit price', () => {
    expect(rows[0]).toEqual({
      kind: 'energy',
      file: JSON_FILE,
      line: 37,
      vehicle: MYGARAGE_VEHICLE_NAME,
      date: '2024-01-02',
      odometer: 10020.5,
      energy: 'electricity',
      unitPrice: 0.15,
      totalCost: 6.3,
      isFull: true,
      missedPrevious: false,
      distanceUnit: 'km',
      quantityUnit: 'kWh',
    });
    expect(lines[36]?.trim()).toBe('{');
    expect(rows[1]).toEqual(
      expect.objectContaining({ energy: 'gasoline', quantity: 20, totalCost: 37.5 }),
    );
    expect(rows[1]).not.toHaveProperty('unitPrice');
    expect(rows[3]).toEqual(
      expect.objectContaining({ quantity: 32.139, unitPrice: 1.449, isFull: false }),
    );
  });

  it('reads DEF top-ups as AdBlue, services as records and odometer readings', () => {
    expect(rows.find((row) => row.energy === 'adblue')).toEqual(
      expect.objectContaining({
        date: '2024-03-01',
        quantity: 9.5,
        unitPrice: 0.899,
        totalCost: 8.54,
        place: 'Truck stop',
        notes: 'BlueDEF',
        quantityUnit: 'L',
      }),
    );
    expect(reading.rows.filter((row) => row.kind === 'maintenance')).toEqual([
      expect.objectContaining({
        date: '2024-01-20',
        title: 'Oil Change',
        category: 'Oil Change',
        odometer: 11000,
        cost: 79.99,
        location: 'Quick Lube',
      }),
    ]);
    expect(reading.rows.filter((row) => row.kind === 'odometer')).toEqual([
      expect.objectContaining({
        date: '2024-05-01',
        odometer: 13900,
        notes: 'Annual check',
        distanceUnit: 'km',
      }),
    ]);
  });

  it('names the items it cannot read by their line', () => {
    expect(reading.problems.map(({ line, reason }) => [lines[line]?.trim(), reason])).toEqual([
      [
        '"date": "2024-04-01",',
        'Detailing is not imported: only maintenance, repairs and modifications are',
      ],
      ['"date": "2024-05-15",', 'Odometer reading missing'],
    ]);
  });

  it('states metric units from "units", and miles and US gallons for the older export', () => {
    const evidence = 'MyGarage\'s vehicle export says "units": "metric"';
    expect(reading.stated.distanceUnit).toEqual({ value: 'km', evidence });
    expect(reading.stated.volumeUnit).toEqual({ value: 'L', evidence });
    const older = myGarageSource.read([myGarageVehicleJson({ version: 2 })]);
    const olderEvidence =
      "MyGarage's older vehicle export, which kept miles and US gallons (mileage, gallons)";
    expect(older.stated.distanceUnit).toEqual({ value: 'mi', evidence: olderEvidence });
    expect(older.stated.volumeUnit).toEqual({ value: 'galUS', evidence: olderEvidence });
    expect(energyRows(older.rows)[0]).toEqual(
      expect.objectContaining({
        odometer: 7332.2,
        quantity: 8.226,
        unitPrice: 5.485,
        distanceUnit: 'mi',
        quantityUnit: 'galUS',
      }),
    );
  });
});

describe('MyGarage: several exports of one vehicle at once', () => {
  it('makes one vehicle of them, and states only the units they agree on', () => {
    const reading = myGarageSource.read([
      myGarageFuelCsv({ layout: { schema: 6, units: 'custom-uk' } }),
      myGarageServiceCsv(),
      myGarageVehicleJson(),
    ]);
    expect(reading.vehicles).toHaveLength(1);
    expect(reading.vehicles[0]).toEqual(
      expect.objectContaining({ key: MYGARAGE_VEHICLE_NAME, vin: 'JTMAB3FV5MD000123' }),
    );
    expect(new Set(reading.rows.map((row) => row.file))).toEqual(
      new Set([FUEL_FILE, SERVICE_FILE, JSON_FILE]),
    );
    expect(reading.stated.distanceUnit?.value).toBe('km');
    // UK gallons in the CSV, litres in the JSON: each row carries its own.
    expect(reading.stated.volumeUnit).toBeUndefined();
    expect(new Set(energyRows(reading.rows).map((row) => row.quantityUnit))).toEqual(
      new Set(['galUK', 'L', 'kWh']),
    );
  });
});
