import { describe, expect, it } from 'vitest';
import {
  DRIVVO_ELECTRIC_CAR,
  DRIVVO_FLEX_CAR,
  type DrivvoLanguage,
  drivvoCsv,
  drivvoItalianCsv,
  drivvoRoubleCsv,
} from '../../../test/samples/drivvo';
import { fuelioSyncCsv } from '../../../test/samples/fuelio';
import { binaryFile, textFile } from '../../../test/samples/test-files';
import { DRIVVO_DEFAULT_VEHICLE, drivvoSource } from './drivvo';
import type { SourceEnergyRow, SourceReading, SourceRecordRow } from './source';

const FILE = '20261021_101500_DRIVVO.csv';

function energyRows(reading: SourceReading): SourceEnergyRow[] {
  return reading.rows.filter((row): row is SourceEnergyRow => row.kind === 'energy');
}

function recordRows(reading: SourceReading): SourceRecordRow[] {
  return reading.rows.filter((row): row is SourceRecordRow => row.kind !== 'energy');
}

describe('Drivvo: the Portuguese 30-column export', () => {
  const reading = drivvoSource.read([drivvoCsv()]);

  it('reads each fill-up with its own cells, numbers and dates as written', () => {
    expect(energyRows(reading)[0]).toEqual({
      kind: 'energy',
      file: FILE,
      line: 3,
      vehicle: DRIVVO_FLEX_CAR,
      date: '2026-09-15 9:05',
      odometer: '45210',
      energy: 'gasoline',
      quantity: '40',
      unitPrice: '5.89',
      totalCost: '235.60',
      isFull: true,
      place: 'Posto Shell Centro',
      notes: 'Viagem a Campinas\nDriver: Ana\nReason: Trabalho',
    });
  });

  it('makes a second fuel with a volume a fill-up of its own at the same stop', () => {
    const stop = energyRows(reading).filter((row) => row.line === 4);
    expect(stop).toEqual([
      expect.objectContaining({
        date: '2026-09-28 18:40:12',
        odometer: '45700',
        energy: 'gasoline',
        quantity: '20',
        unitPrice: '5.79',
        totalCost: '115.80',
        isFull: false,
      }),
      expect.objectContaining({
        date: '2026-09-28 18:40:12',
        odometer: '45700',
        energy: 'e85',
        quantity: '20',
        unitPrice: '3.99',
        totalCost: '79.80',
        isFull: true,
      }),
    ]);
  });

  it('leaves out an odometer written 0.0, which Drivvo writes when none was recorded', () => {
    const [ethanol] = energyRows(reading).filter((row) => row.line === 5);
    expect(ethanol).toMatchObject({ date: '2026-10-03 07:15:00', energy: 'e85', quantity: '40' });
    expect(ethanol).not.toHaveProperty('odometer');
    const [rotation] = recordRows(reading).filter((row) => row.line === 14);
    expect(rotation).not.toHaveProperty('odometer');
  });

  it('reads charges as electricity in kWh, with the charge details in the notes', () => {
    const charges = energyRows(reading).filter((row) => row.vehicle === DRIVVO_ELECTRIC_CAR);
    expect(charges).toEqual([
      expect.objectContaining({
        line: 6,
        energy: 'electricity',
        quantityUnit: 'kWh',
        quantity: '40',
        unitPrice: '0.95',
        totalCost: '38.00',
        notes: 'Charge: AC, battery 20% → 80%, 240 min',
      }),
      // No fuel named, but the charge columns say what it was.
      expect.objectContaining({
        line: 7,
        energy: 'electricity',
        quantityUnit: 'kWh',
        quantity: '40',
        notes: 'Charge: DC, battery 35% → 85%, 45 min',
      }),
    ]);
  });

  it('reads services as maintenance titled by their type, in our categories', () => {
    expect(recordRows(reading)).toEqual([
      {
        kind: 'maintenance',
        file: FILE,
        line: 13,
        vehicle: DRIVVO_FLEX_CAR,
        date: '2026-09-20 10:00:00',
        odometer: '45500',
        title: 'Troca de óleo',
        category: 'Oil Change',
        cost: '350.00',
        location: 'Oficina do João',
        notes: 'Com filtro\nDriver: Ana',
      },
      {
        kind: 'maintenance',
        file: FILE,
        line: 14,
        vehicle: DRIVVO_FLEX_CAR,
        date: '2026-10-01 09:30:00',
        title: 'Pneus - Rodízio',
        category: 'Tire Rotation',
        cost: '80.00',
      },
      {
        kind: 'maintenance',
        file: FILE,
        line: 15,
        vehicle: DRIVVO_ELECTRIC_CAR,
        date: '2026-10-07 14:00:00',
        odometer: '12100',
        title: 'Revisão',
        category: 'Scheduled Maintenance',
        cost: '0',
        location: 'Concessionária BYD',
        notes: 'Revisão de 12 mil km',
      },
    ]);
  });

  it('says which rows it could not read and why, and that expenses are not imported', () => {
    expect(reading.problems).toEqual([
      { file: FILE, line: 8, reason: 'No date' },
      { file: FILE, line: 9, reason: 'Fuel quantity missing' },
      { file: FILE, line: 19, reason: 'Expense records are not imported' },
      { file: FILE, line: 20, reason: 'Expense records are not imported' },
    ]);
  });

  it('leaves income out without a word, as it is no history of the car', () => {
    expect(reading.rows.some((row) => row.line >= 22)).toBe(false);
    expect(reading.problems.some((problem) => problem.line >= 22)).toBe(false);
  });

  it('keys the vehicles by the name in the vehicle column', () => {
    expect(reading.vehicles).toEqual([
      { key: DRIVVO_FLEX_CAR, name: DRIVVO_FLEX_CAR },
      { key: DRIVVO_ELECTRIC_CAR, name: DRIVVO_ELECTRIC_CAR },
    ]);
    expect(new Set(reading.rows.map((row) => row.vehicle))).toEqual(
      new Set([DRIVVO_FLEX_CAR, DRIVVO_ELECTRIC_CAR]),
    );
  });

  it('states the units its headers name, with those headers as evidence', () => {
    expect(reading.stated).toEqual({
      distanceUnit: { value: 'km', evidence: "Drivvo's header: Odômetro (km)" },
      volumeUnit: { value: 'L', evidence: "Drivvo's header: Preço / L" },
    });
  });

  it('ignores the computed consumption that carries its unit in the cell', () => {
    const values = reading.rows.flatMap((row) => Object.values(row).map(String));
    expect(values.some((value) => value.includes('km/l'))).toBe(false);
  });
});

describe('Drivvo: the other languages', () => {
  const summary = (language: DrivvoLanguage) => {
    const reading = drivvoSource.read([drivvoCsv({ language })]);
    return {
      energies: energyRows(reading).map((row) => [row.line, row.energy, row.isFull]),
      services: recordRows(reading).map((row) => [row.line, row.category, row.odometer]),
      problems: reading.problems.map((problem) => [problem.line, problem.reason]),
    };
  };
  const portuguese = summary('pt');

  it.each<DrivvoLanguage>(['en', 'es', 'ru'])(
    'reads the %s export to the same fill-ups, services and problems',
    (language) => {
      expect(summary(language)).toEqual(portuguese);
    },
  );

  it('reads the Russian header whose second full-tank cell is `"Полный бак" 2`', () => {
    const reading = drivvoSource.read([drivvoCsv({ language: 'ru' })]);
    const secondFuel = energyRows(reading).filter((row) => row.line === 4);
    expect(secondFuel.map((row) => [row.energy, row.isFull])).toEqual([
      ['gasoline', false],
      ['e85', true],
    ]);
  });

  it('puts the Russian export, which has no vehicle column, on one vehicle', () => {
    const reading = drivvoSource.read([drivvoCsv({ language: 'ru' })]);
    expect(reading.vehicles).toEqual([
      { key: DRIVVO_DEFAULT_VEHICLE, name: DRIVVO_DEFAULT_VEHICLE },
    ]);
    expect(reading.rows.every((row) => row.vehicle === DRIVVO_DEFAULT_VEHICLE)).toBe(true);
    expect(reading.stated.distanceUnit).toEqual({
      value: 'km',
      evidence: "Drivvo's header: Одометр (км)",
    });
  });

  it('titles the Russian services by their type and places them at the named service', () => {
    const reading = drivvoSource.read([drivvoCsv({ language: 'ru' })]);
    expect(recordRows(reading)[0]).toMatchObject({
      title: 'Замена масла',
      category: 'Oil Change',
      location: 'Oficina do João',
    });
    expect(recordRows(reading)[2]).toMatchObject({
      title: 'ТО',
      category: 'Scheduled Maintenance',
    });
  });

  it('reads the Spanish markers #Reabastecimiento and #Servicio', () => {
    const file = drivvoCsv({ language: 'es' });
    expect(drivvoSource.detect([file])?.evidence).toBe(
      "Drivvo's sections: #Reabastecimiento, #Servicio, ##Expense",
    );
    expect(recordRows(drivvoSource.read([file]))[1]).toMatchObject({
      title: 'Neumáticos - Rotación',
      category: 'Tire Rotation',
    });
  });
});

describe('Drivvo: a Russian export in roubles', () => {
  it('passes quantity, price and total through as written, for the pipeline to reconcile', () => {
    const reading = drivvoSource.read([drivvoRoubleCsv()]);
    expect(reading.problems).toEqual([]);
    expect(
      energyRows(reading).map((row) => [row.quantity, row.unitPrice, row.totalCost, row.energy]),
    ).toEqual([
      ['45.455', '55.00', '2500.00', 'gasoline'],
      ['27.322', '54.90', '1500.00', 'gasoline'],
      ['45.565', '55.00', '2500.00', 'gasoline'],
      ['52.539', '57.10', '3000.00', 'gasoline'],
    ]);
    expect(reading.stated).toEqual({
      distanceUnit: { value: 'km', evidence: "Drivvo's header: Одометр (км)" },
      volumeUnit: { value: 'L', evidence: "Drivvo's header: Цена / л" },
    });
  });
});

describe('Drivvo: how the file is written', () => {
  it('passes the decimal commas of a `;` export through as written', () => {
    const reading = drivvoSource.read([drivvoCsv({ delimiter: ';' })]);
    expect(energyRows(reading)[0]).toMatchObject({
      quantity: '40',
      unitPrice: '5,89',
      totalCost: '235,60',
    });
    expect(recordRows(reading)[0]).toMatchObject({ cost: '350,00' });
    // `0,0` is the same odometer of none as `0.0`.
    expect(energyRows(reading).find((row) => row.line === 5)).not.toHaveProperty('odometer');
  });

  it.each(['\r', '\n', '\r\n'] as const)(
    'numbers lines as an editor does whatever the line ends (%j)',
    (lineEnd) => {
      const reading = drivvoSource.read([drivvoCsv({ lineEnd })]);
      expect(reading.problems.map((problem) => problem.line)).toEqual([8, 9, 19, 20]);
      expect(energyRows(reading).map((row) => row.line)).toEqual([3, 4, 4, 5, 6, 7]);
    },
  );

  it('finds columns by their names when the layout is the older one', () => {
    // The older layout has no EV, driver or vehicle columns: station, reason and notes are at
    // 17, 18 and 19, where the 30-column layout has the average, the distance and the charge type.
    const header = [
      'Odometer (km)',
      'Date',
      'Fuel',
      'Price / L',
      'Total cost',
      'Volume',
      'Full tank',
      'Second fuel',
      'Price / L',
      'Total cost',
      'Volume',
      'Full tank 2',
      'Third fuel',
      'Price / L',
      'Total cost',
      'Volume',
      'Full tank 3',
      'Gas station',
      'Reason',
      'Notes',
    ];
    const row = ['1500', '2019-03-01 08:00', 'Diesel', '1.2', '48', '40', 'No'];
    const text = [
      '##Refuelling',
      header.join(','),
      [...row, '', '0', '0', '0', 'No', '', '0', '0', '0', 'No', 'BP', 'Work', 'Receipt'].join(','),
    ].join('\n');
    const reading = drivvoSource.read([textFile('old.csv', text)]);
    expect(reading.rows).toEqual([
      {
        kind: 'energy',
        file: 'old.csv',
        line: 3,
        vehicle: DRIVVO_DEFAULT_VEHICLE,
        date: '2019-03-01 08:00',
        odometer: '1500',
        energy: 'diesel',
        quantity: '40',
        unitPrice: '1.2',
        totalCost: '48',
        isFull: false,
        place: 'BP',
        notes: 'Receipt\nReason: Work',
      },
    ]);
  });

  it('says so when it recognises the sections but not the columns, rather than read nothing', () => {
    const text = [
      '##Refuelling',
      'Kilometerstand,Datum,Kraftstoff,Preis / L,Gesamtkosten,Menge,Voll',
      '45210,2026-09-15 09:05,Super,1.89,75.60,40,Ja',
      '45700,2026-09-28 18:40,Super,1.79,71.60,40,Ja',
      '##Service',
      'Kilometerstand,Datum,Kosten,Art',
      '45500,2026-09-20 10:00,350,Ölwechsel',
    ].join('\n');
    const reading = drivvoSource.read([textFile('de.csv', text)]);
    expect(reading.rows).toEqual([]);
    expect(reading.problems).toEqual([
      {
        file: 'de.csv',
        line: 2,
        reason:
          'This Drivvo export is in a language Garage Ledger cannot read yet (columns Kilometerstand, Datum, Kraftstoff, Preis, Gesamtkosten, Menge, … of ##Refuelling were not recognised): its 2 rows cannot be imported. Garage Ledger reads Drivvo exports in English, Portuguese, Spanish and Russian.',
      },
      {
        file: 'de.csv',
        line: 6,
        reason:
          'This Drivvo export is in a language Garage Ledger cannot read yet (columns Kilometerstand, Datum, Kosten, Art of ##Service were not recognised): its 1 row cannot be imported. Garage Ledger reads Drivvo exports in English, Portuguese, Spanish and Russian.',
      },
    ]);
  });

  it('refuses a header it reads only in part, naming the columns it could not read', () => {
    // Italian shares Data and Volume with Portuguese; read that far, each row would fail for
    // want of a price and a total it does have.
    const reading = drivvoSource.read([drivvoItalianCsv()]);
    expect(reading.rows).toEqual([]);
    expect(reading.vehicles).toEqual([]);
    expect(reading.problems).toEqual([
      {
        file: 'drivvo-it.csv',
        line: 2,
        reason:
          'This Drivvo export is in a language Garage Ledger cannot read yet (columns Chilometraggio, Prezzo, Totale of ##Refuelling were not recognised): its 2 rows cannot be imported. Garage Ledger reads Drivvo exports in English, Portuguese, Spanish and Russian.',
      },
    ]);
  });

  it('names a section it does not import', () => {
    const text = [
      '##Refuelling',
      'Odometer,Date,Fuel,Price / L,Total cost,Volume,Full tank',
      '100,2026-01-02 10:00,Diesel,1.5,60,40,Yes',
      '##Checklist',
      'Date,Item',
      '2026-01-03,Tyres',
    ].join('\n');
    const reading = drivvoSource.read([textFile('checklist.csv', text)]);
    expect(reading.rows).toHaveLength(1);
    expect(reading.problems).toEqual([
      { file: 'checklist.csv', line: 4, reason: 'The section ##Checklist is not imported' },
    ]);
  });

  it('takes make, model and plate from a ##Vehicle section for the vehicles its records name', () => {
    const text = [
      '##Vehicle',
      'Name,Make,Model,Year,License plate',
      'Onix 2019,Chevrolet,Onix LT,2019,ABC1D23',
      '##Refuelling',
      'Odometer,Date,Fuel,Price / L,Total cost,Volume,Full tank,Vehicle',
      '100,2026-01-02 10:00,Gasoline,5.5,220,40,Yes,Onix 2019',
    ].join('\n');
    const reading = drivvoSource.read([textFile('vehicles.csv', text)]);
    expect(reading.vehicles).toEqual([
      {
        key: 'Onix 2019',
        name: 'Onix 2019',
        make: 'Chevrolet',
        model: 'Onix LT',
        year: 2019,
        licensePlate: 'ABC1D23',
      },
    ]);
    expect(reading.rows[0]?.vehicle).toBe('Onix 2019');
  });

  it('keeps the make and model of a car that a second export names again', () => {
    const described = [
      '##Vehicle',
      'Name,Make,Model',
      'Onix 2019,Chevrolet,Onix LT',
      '##Refuelling',
      'Odometer,Date,Fuel,Price / L,Total cost,Volume,Full tank,Vehicle',
      '100,2026-01-02 10:00,Gasoline,5.5,220,40,Yes,Onix 2019',
    ].join('\n');
    const reading = drivvoSource.read([
      textFile('2026.csv', described),
      drivvoCsv({ fileName: '2025.csv' }),
    ]);
    expect(reading.vehicles).toContainEqual({
      key: DRIVVO_FLEX_CAR,
      name: DRIVVO_FLEX_CAR,
      make: 'Chevrolet',
      model: 'Onix LT',
    });
  });

  it('keeps the cars of two exports without a vehicle column apart', () => {
    const reading = drivvoSource.read([
      drivvoCsv({ language: 'ru', fileName: 'car.csv' }),
      drivvoCsv({ language: 'ru', fileName: 'van.csv' }),
    ]);
    expect(reading.vehicles.map((vehicle) => vehicle.name)).toEqual([
      `${DRIVVO_DEFAULT_VEHICLE} (car.csv)`,
      `${DRIVVO_DEFAULT_VEHICLE} (van.csv)`,
    ]);
    expect(reading.rows.filter((row) => row.vehicle.endsWith('(van.csv)'))).toHaveLength(9);
  });

  it('reads a big export', () => {
    const reading = drivvoSource.read([drivvoCsv({ rows: 2_000 })]);
    expect(energyRows(reading)).toHaveLength(6 + 2_000);
    expect(energyRows(reading).at(-1)).toMatchObject({
      line: 2_009,
      vehicle: DRIVVO_FLEX_CAR,
      odometer: String(100_000 + 1_999 * 400),
    });
  });
});

describe('Drivvo: detection', () => {
  it.each<DrivvoLanguage>(['pt', 'en', 'es', 'ru'])('recognises the %s export', (language) => {
    expect(drivvoSource.detect([drivvoCsv({ language, lineEnd: '\r' })])).toEqual({
      format: 'drivvo',
      evidence: expect.stringMatching(/^Drivvo's sections: (##Refuelling|#Reabastecimiento)/),
    });
  });

  it('finds the export among other files', () => {
    const files = [textFile('readme.txt', 'Exported from my phone'), drivvoCsv()];
    expect(drivvoSource.detect(files)?.format).toBe('drivvo');
    expect(drivvoSource.read(files).rows).toHaveLength(9);
  });

  it('says no to Fuelio backups, whose markers look alike', () => {
    expect(drivvoSource.detect([fuelioSyncCsv()])).toBeNull();
    expect(drivvoSource.detect([fuelioSyncCsv({ header: 'compact' })])).toBeNull();
  });

  it('says no to an unrelated CSV, an empty file and binary bytes, without throwing', () => {
    const unrelated = textFile('fuel.csv', 'Date,Odometer,Litres,Price\n2026-01-02,100,40,1.5\n');
    const hashes = textFile('notes.csv', '# comment\nDate,Value\n2026-01-02,3\n');
    const binary = binaryFile('photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x23, 0x23]));
    for (const file of [unrelated, hashes, textFile('empty.csv', ''), binary]) {
      expect(drivvoSource.detect([file])).toBeNull();
    }
  });

  it('refuses to read files none of which is a Drivvo export', () => {
    expect(() => drivvoSource.read([fuelioSyncCsv()])).toThrow(
      'None of the files is a Drivvo export',
    );
  });
});
