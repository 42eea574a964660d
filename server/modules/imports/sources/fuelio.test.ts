import { describe, expect, it } from 'vitest';
import { drivvoCsv } from '../../../test/samples/drivvo';
import { fuelioSyncCsv } from '../../../test/samples/fuelio';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { FUELIO_DEFAULT_VEHICLE, fuelioSource } from './fuelio';
import type { SourceEnergyRow, SourceReading, SourceRecordRow } from './source';

const FILE = 'vehicle-1-sync.csv';

function energyRows(reading: SourceReading): SourceEnergyRow[] {
  return reading.rows.filter((row): row is SourceEnergyRow => row.kind === 'energy');
}

function recordRows(reading: SourceReading): SourceRecordRow[] {
  return reading.rows.filter((row): row is SourceRecordRow => row.kind !== 'energy');
}

describe('Fuelio: a backup of one vehicle', () => {
  const reading = fuelioSource.read([fuelioSyncCsv()]);

  it('takes the vehicle from its ## Vehicle block, with its units and tank', () => {
    expect(reading.vehicles).toEqual([
      {
        key: FILE,
        name: 'Golf',
        make: 'Volkswagen',
        model: 'Golf',
        year: 2017,
        vin: 'WVWZZZAUZHW000001',
        licensePlate: 'AB12 CDE',
        notes: 'Family car',
        energies: ['diesel'],
        tankCapacity: '50.0',
        distanceUnit: 'km',
        quantityUnit: 'L',
      },
    ]);
  });

  it('reads Price (optional) as the total and VolumePrice as the unit price', () => {
    expect(energyRows(reading)[0]).toEqual({
      kind: 'energy',
      file: FILE,
      line: 6,
      vehicle: FILE,
      date: '2026-03-10 16:01',
      odometer: '21247.0',
      energy: 'diesel',
      quantity: '46.301',
      unitPrice: '1.449',
      totalCost: '67.09',
      isFull: true,
      place: 'Shell Bristol',
    });
  });

  it('reads Full 0 as partial and Missed 1 as a missed fill-up before', () => {
    const [, partial, afterMissed] = energyRows(reading);
    expect(partial).toMatchObject({ line: 7, isFull: false });
    expect(partial).not.toHaveProperty('missedPrevious');
    expect(afterMissed).toMatchObject({ line: 8, isFull: true, missedPrevious: true });
  });

  it('reads "Diesel Adblue" (217) as diesel and an unknown fuel type as the tank’s', () => {
    const energies = energyRows(reading).map((row) => [row.line, row.energy]);
    expect(energies).toEqual([
      [6, 'diesel'],
      [7, 'diesel'],
      [8, 'diesel'],
      [11, 'diesel'],
    ]);
  });

  it('names the place of a fill-up without a city by its favourite station', () => {
    expect(energyRows(reading)[1]).toMatchObject({
      place: 'Morrisons',
      notes: 'Half tank, "in a hurry"',
    });
  });

  it('leaves out a unit price of 0, which beside a total means none was typed', () => {
    const afterMissed = energyRows(reading)[2];
    expect(afterMissed).toMatchObject({ quantity: '41.2', totalCost: '60.56' });
    expect(afterMissed).not.toHaveProperty('unitPrice');
  });

  it('leaves out an odometer of 0', () => {
    expect(energyRows(reading)[3]).toMatchObject({ line: 11, quantity: '38.0' });
    expect(energyRows(reading)[3]).not.toHaveProperty('odometer');
    expect(recordRows(reading)[1]).not.toHaveProperty('odometer');
  });

  it('files costs by their category: maintenance, repairs, modifications', () => {
    expect(recordRows(reading)).toEqual([
      {
        kind: 'maintenance',
        file: FILE,
        line: 22,
        vehicle: FILE,
        date: '2026-02-08 14:57',
        odometer: '21000',
        title: 'Oil change',
        category: 'Oil Change',
        cost: '89.90',
        notes: 'Castrol 5W-30',
      },
      // "Repairs" is the user's own category, known by its name, written with a stray BOM.
      {
        kind: 'repairs',
        file: FILE,
        line: 23,
        vehicle: FILE,
        date: '2026-04-02 10:00',
        title: 'Brake discs',
        cost: '320.00',
      },
      {
        kind: 'modifications',
        file: FILE,
        line: 24,
        vehicle: FILE,
        date: '2026-04-15 12:00',
        odometer: '22100',
        title: 'Roof rack',
        cost: '150.00',
        notes: 'Thule',
      },
      {
        kind: 'maintenance',
        file: FILE,
        line: 30,
        vehicle: FILE,
        date: '2026-05-05 10:00',
        odometer: '23000',
        title: 'Wiper blades',
        cost: '30.00',
      },
    ]);
  });

  it('says which rows it could not read and why; templates and incomes are left out quietly', () => {
    expect(reading.problems).toEqual([
      { file: FILE, line: 9, reason: 'No date' },
      { file: FILE, line: 10, reason: 'Fuel quantity missing' },
      { file: FILE, line: 25, reason: 'Cost category Insurance is not imported' },
      { file: FILE, line: 28, reason: 'Unknown cost category 77' },
      { file: FILE, line: 29, reason: 'No date' },
    ]);
    const lines = [...reading.rows, ...reading.problems].map((entry) => entry.line);
    expect(lines).not.toContain(26);
    expect(lines).not.toContain(27);
  });

  it('states the units of the Log’s labels and the date format the vehicle sets', () => {
    expect(reading.stated).toEqual({
      distanceUnit: { value: 'km', evidence: "Fuelio's Log header: Odo (km)" },
      volumeUnit: { value: 'L', evidence: "Fuelio's Log header: Fuel (litres)" },
      dateFormat: { value: 'YYYY-MM-DD', evidence: "Fuelio's ImportCSVDateFormat: yyyy-MM-dd" },
    });
  });
});

describe('Fuelio: units, headers and dates', () => {
  it('reads miles and litres, a British driver’s units, from the labels', () => {
    const reading = fuelioSource.read([fuelioSyncCsv({ units: 'mi-litres' })]);
    expect(reading.stated.distanceUnit).toEqual({
      value: 'mi',
      evidence: "Fuelio's Log header: Odo (mi)",
    });
    expect(reading.stated.volumeUnit).toEqual({
      value: 'L',
      evidence: "Fuelio's Log header: Fuel (litres)",
    });
    expect(reading.vehicles[0]).toMatchObject({ distanceUnit: 'mi', quantityUnit: 'L' });
  });

  it('reads US gallons from the label', () => {
    const reading = fuelioSource.read([fuelioSyncCsv({ units: 'mi-us-gallons' })]);
    expect(reading.stated.volumeUnit).toEqual({
      value: 'galUS',
      evidence: "Fuelio's Log header: Fuel (us gallons)",
    });
    expect(reading.vehicles[0]).toMatchObject({ distanceUnit: 'mi', quantityUnit: 'galUS' });
  });

  it('falls back on the vehicle’s DistUnit and FuelUnit when the labels carry no unit', () => {
    const file = fuelioSyncCsv({ units: 'mi-us-gallons' });
    const text = file
      .text()
      .replace('"Odo (mi)"', '"Odo"')
      .replace('"Fuel (us gallons)"', '"Fuel"');
    const reading = fuelioSource.read([textFile(file.name, text)]);
    expect(reading.stated.distanceUnit).toEqual({
      value: 'mi',
      evidence: "Fuelio's DistUnit 1 (miles)",
    });
    expect(reading.stated.volumeUnit).toEqual({
      value: 'galUS',
      evidence: "Fuelio's FuelUnit 1 (US gallons)",
    });
    expect(energyRows(reading)).toHaveLength(4);
  });

  it('believes the labels over the vehicle setting, as they are what the numbers are in', () => {
    const file = fuelioSyncCsv({ units: 'km-litres' });
    // The vehicle says miles (DistUnit 1), the Log's label km.
    const text = file.text().replace('"Golf","Family car","0"', '"Golf","Family car","1"');
    const reading = fuelioSource.read([textFile(file.name, text)]);
    expect(reading.stated.distanceUnit?.value).toBe('km');
    expect(reading.vehicles[0]?.distanceUnit).toBe('km');
  });

  it('reads the older header without spaces under unquoted markers padded with commas', () => {
    const file = fuelioSyncCsv({ header: 'compact' });
    expect(file.text()).toContain('## Log,,,,');
    expect(file.text()).toContain('"Odo(km)"');
    const reading = fuelioSource.read([file]);
    const current = fuelioSource.read([fuelioSyncCsv()]);
    expect(reading.rows).toEqual(current.rows);
    expect(reading.problems).toEqual(current.problems);
    expect(reading.stated.distanceUnit?.evidence).toBe("Fuelio's Log header: Odo(km)");
  });

  it('states the day-first date format the vehicle sets, and passes dates as written', () => {
    const reading = fuelioSource.read([fuelioSyncCsv({ dateFormat: 'dd.MM.yyyy' })]);
    expect(reading.stated.dateFormat).toEqual({
      value: 'DD.MM.YYYY',
      evidence: "Fuelio's ImportCSVDateFormat: dd.MM.yyyy",
    });
    expect(energyRows(reading)[0]?.date).toBe('10.03.2026 16:01');
    expect(recordRows(reading)[0]?.date).toBe('08.02.2026 14:57');
  });
});

describe('Fuelio: cost categories in the phone’s language', () => {
  it('knows the built-in categories by their id, whatever their name', () => {
    const english = fuelioSource.read([fuelioSyncCsv()]);
    const thai = fuelioSource.read([fuelioSyncCsv({ categoryLanguage: 'th' })]);
    expect(thai.vehicles).toEqual(english.vehicles);
    expect(thai.rows).toEqual(english.rows);
    expect(thai.problems).toEqual(english.problems);
    // Maintenance (id 2) written in Thai is still maintenance.
    expect(recordRows(thai).find((row) => row.line === 30)).toMatchObject({
      kind: 'maintenance',
      title: 'Wiper blades',
    });
  });

  it('names an expense category by the word the file gives it', () => {
    const file = fuelioSyncCsv();
    const text = file.text().replace('"31","Insurance"', '"31","Assicurazione"');
    const reading = fuelioSource.read([textFile(file.name, text)]);
    expect(reading.problems).toContainEqual({
      file: FILE,
      line: 25,
      reason: 'Cost category Assicurazione is not imported',
    });
  });

  it('reads a built-in category the file does not list by its id', () => {
    const file = fuelioSyncCsv();
    const text = file.text().replace('"1","Service","0",""\n', '');
    const [oilChange] = recordRows(fuelioSource.read([textFile(file.name, text)]));
    expect(oilChange).toMatchObject({ kind: 'maintenance', title: 'Oil change' });
  });
});

describe('Fuelio: a car on gas and petrol', () => {
  const reading = fuelioSource.read([fuelioSyncCsv({ isGasCar: true })]);

  it('reads the quantity column labelled plainly kg', () => {
    expect(reading.problems.filter((problem) => problem.line < 10)).toEqual([]);
    expect(energyRows(reading).map((row) => [row.line, row.energy, row.quantity])).toEqual([
      [6, 'cng', '12.5'],
      [7, 'gasoline', '10.0'],
      [8, 'cng', '11.0'],
    ]);
  });

  it('gives each row the unit of the tank it fills: kg for the gas, litres for the petrol', () => {
    expect(reading.vehicles[0]).toMatchObject({
      name: 'Panda',
      energies: ['cng', 'gasoline'],
      quantityUnit: 'L',
    });
    expect(energyRows(reading).map((row) => [row.line, row.quantityUnit])).toEqual([
      [6, 'kg'],
      [7, undefined],
      [8, 'kg'],
    ]);
    expect(reading.stated.volumeUnit).toEqual({
      value: 'L',
      evidence: "Fuelio's FuelUnitTank2 0 (litres)",
    });
  });

  it.each([
    ['"kg"', '"Fuel (kg)"'],
    ['"kg"', '"Fuel"'],
  ])('reads the quantity column written %s or %s alike', (written, other) => {
    const file = fuelioSyncCsv({ isGasCar: true });
    const text = file.text().replace(written, other);
    expect(fuelioSource.read([textFile(file.name, text)]).rows).toEqual(reading.rows);
  });

  it('reads `Fuel (gal)`, which says not whose gallon, in the vehicle’s FuelUnit', () => {
    const file = fuelioSyncCsv({ units: 'mi-us-gallons' });
    const text = file.text().replace('"Fuel (us gallons)"', '"Fuel (gal)"');
    const gallons = fuelioSource.read([textFile(file.name, text)]);
    expect(energyRows(gallons)).toHaveLength(4);
    expect(gallons.stated.volumeUnit).toEqual({
      value: 'galUS',
      evidence: "Fuelio's FuelUnit 1 (US gallons)",
    });
  });

  it('adds no vehicle when its log cannot be read, and says why', () => {
    const file = fuelioSyncCsv();
    const text = file
      .text()
      .replace('"Data","Odo (km)","Fuel (litres)"', '"When","Odo (km)","Amount"');
    const broken = fuelioSource.read([textFile(file.name, text)]);
    const withoutCosts = text.slice(0, text.indexOf('"## CostCategories"'));
    const nothing = fuelioSource.read([textFile(file.name, withoutCosts)]);
    expect(nothing.vehicles).toEqual([]);
    expect(nothing.rows).toEqual([]);
    expect(nothing.problems).toEqual([
      {
        file: FILE,
        line: 5,
        reason:
          'The columns of ## Log are not recognised (When, Odo (km), Amount, Full, Price (optional), l/100km (optional), …): its 6 fill-ups cannot be imported',
      },
    ]);
    // With its costs readable, the vehicle comes with them.
    expect(broken.vehicles).toHaveLength(1);
    expect(energyRows(broken)).toEqual([]);
  });
});

describe('Fuelio: a plug-in hybrid', () => {
  const reading = fuelioSource.read([fuelioSyncCsv({ isPluginHybrid: true })]);

  it('gives the vehicle both tanks’ energies', () => {
    expect(reading.vehicles[0]).toMatchObject({
      name: 'Outlander',
      model: 'Outlander PHEV',
      energies: ['gasoline', 'electricity'],
      tankCapacity: '45.0',
      notes: 'Battery capacity: 13.8 kWh',
    });
  });

  it('reads the second tank’s rows as charges in kWh, by code or by the tank’s type', () => {
    expect(energyRows(reading).map((row) => [row.line, row.energy, row.quantityUnit])).toEqual([
      [6, 'gasoline', undefined],
      [7, 'electricity', 'kWh'],
      [8, 'electricity', 'kWh'],
    ]);
    expect(energyRows(reading)[1]).toMatchObject({
      quantity: '11.4',
      unitPrice: '0.30',
      totalCost: '3.42',
    });
  });
});

describe('Fuelio: fuel type codes', () => {
  it.each([
    ['110', 'gasoline'],
    ['119', 'gasoline'],
    ['201', 'diesel'],
    ['211', 'diesel'],
    ['216', 'adblue'],
    ['217', 'diesel'],
    ['302', 'gasoline'],
    ['305', 'e85'],
    ['401', 'lpg'],
    ['501', 'cng'],
    ['503', 'cng'],
    ['601', 'electricity'],
    ['602', 'electricity'],
  ])('reads %s as %s', (code, energy) => {
    const file = fuelioSyncCsv();
    const text = file.text().replace('"1","201","1.449"', `"1","${code}","1.449"`);
    expect(energyRows(fuelioSource.read([textFile(file.name, text)]))[0]?.energy).toBe(energy);
  });

  it('leaves the energy out when neither the code nor the tank names one', () => {
    const file = fuelioSyncCsv();
    const text = file
      .text()
      .replace('"1","201","1.449"', '"1","700","1.449"')
      .replace('"1","200","0","1","50.0"', '"1","0","0","1","50.0"');
    const [row] = energyRows(fuelioSource.read([textFile(file.name, text)]));
    expect(row).toMatchObject({ line: 6, quantity: '46.301' });
    expect(row).not.toHaveProperty('energy');
  });
});

describe('Fuelio: several files', () => {
  it('makes a vehicle of each file and states only the units they share', () => {
    const reading = fuelioSource.read([
      fuelioSyncCsv({ vehicleId: 1 }),
      fuelioSyncCsv({ vehicleId: 2, units: 'mi-us-gallons', isPluginHybrid: true }),
    ]);
    expect(reading.vehicles.map((vehicle) => [vehicle.key, vehicle.name])).toEqual([
      ['vehicle-1-sync.csv', 'Golf'],
      ['vehicle-2-sync.csv', 'Outlander'],
    ]);
    expect(reading.vehicles.map((vehicle) => vehicle.distanceUnit)).toEqual(['km', 'mi']);
    expect(reading.stated).toEqual({
      dateFormat: { value: 'YYYY-MM-DD', evidence: "Fuelio's ImportCSVDateFormat: yyyy-MM-dd" },
    });
    expect(new Set(energyRows(reading).map((row) => row.vehicle))).toEqual(
      new Set(['vehicle-1-sync.csv', 'vehicle-2-sync.csv']),
    );
  });

  it('names a vehicle whose file has no ## Vehicle block', () => {
    const text = fuelioSyncCsv()
      .text()
      .split('\n')
      .filter((_, index) => index > 2)
      .join('\n');
    const file = textFile('vehicle-9-sync.csv', `"## Vehicle"\n${text}`);
    expect(fuelioSource.read([file]).vehicles[0]?.name).toBe(FUELIO_DEFAULT_VEHICLE);
  });

  it('reads a big backup', () => {
    const reading = fuelioSource.read([fuelioSyncCsv({ rows: 2_000 })]);
    expect(energyRows(reading)).toHaveLength(4 + 2_000);
    expect(energyRows(reading).at(-1)).toMatchObject({
      line: 11 + 2_000,
      date: '2015-06-23 12:00',
      energy: 'diesel',
    });
  });
});

describe('Fuelio: detection', () => {
  it('recognises a backup by its ## Vehicle and ## Log blocks, also inside a folder', () => {
    const evidence = "Fuelio's backup sections: ## Vehicle, ## Log";
    expect(fuelioSource.detect([fuelioSyncCsv()])).toEqual({ format: 'fuelio', evidence });
    expect(fuelioSource.detect([fuelioSyncCsv({ header: 'compact' })])?.evidence).toBe(evidence);
    const inFolder = textFile('Fuelio/backup-csv/vehicle-3-sync.csv', fuelioSyncCsv().text());
    expect(fuelioSource.detect([textFile('readme.txt', 'hello'), inFolder])?.format).toBe('fuelio');
  });

  it('says no to Drivvo exports, an unrelated CSV, an empty file and binary bytes', () => {
    const unrelated = textFile('log.csv', 'Name,Log\nGolf,2026-01-02\n');
    const binary = binaryFile('backup.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x23, 0x23]));
    for (const file of [
      drivvoCsv(),
      drivvoCsv({ language: 'ru' }),
      unrelated,
      textFile('empty.csv', ''),
      binary,
    ]) {
      expect(fuelioSource.detect([file])).toBeNull();
    }
  });

  it('refuses to read files none of which is a Fuelio backup', () => {
    expect(() => fuelioSource.read([drivvoCsv()])).toThrow('None of the files is a Fuelio backup');
  });
});
