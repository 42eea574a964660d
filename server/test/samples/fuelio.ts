/**
 * Fuelio backups (`vehicle-<id>-sync.csv`, the entry of `vehicle-<id>-sync.csv.zip`) built from
 * the documented layout (research §4.4), with the format's traps: quoted `"## …"` blocks of
 * different widths, units in the Log's labels (`Odo (mi)`, `Fuel (us gallons)`), `Price
 * (optional)` the total and `VolumePrice` the unit price, `Full`/`Missed` as 0/1, fuel type codes
 * (217 "Diesel Adblue" is diesel, −1 leaves it to the tank), a station known by its id only, cost
 * categories that are not work on the car, templates and incomes, a category name with a stray BOM,
 * and the older header without spaces (`Odo(km)`) under unquoted markers padded with commas.
 * Cost categories follow the documented sample's ids: built-in ones (1 Service, 2 Maintenance,
 * 4–8, 9 Tuning, 31 Insurance) without a colour, the user's own from 32 on with one; a phone in
 * another language writes the built-in names in its words (Thai's 2 is "บำรุงรักษา", as in a real
 * export quoted in public code). A bi-fuel car keeps its gas in tank 1, whose quantity column is
 * labelled plainly `kg`, and its petrol in tank 2 (FuelUnitTank2 0, litres); the FuelUnit code of a
 * tank in kg is not documented, so the sample writes 0 and the reader does not rely on it.
 * For the readers' tests, the pipeline's end-to-end test and its benchmark.
 */
import type { ImportFile } from '../../modules/imports/sources/source';
import { textFile } from './test-files';

/** The odometer's and the fuel's units, as the Log's labels and the vehicle's codes say them. */
export type FuelioUnits = 'km-litres' | 'mi-litres' | 'mi-us-gallons';

export type FuelioSyncCsvOptions = {
  vehicleId?: number;
  units?: FuelioUnits;
  /** 'compact' is the older export: `Odo(km)`, `Price(optional)`, markers as `## Log,,,,`. */
  header?: 'current' | 'compact';
  /** The vehicle's ImportCSVDateFormat, which the dates follow. */
  dateFormat?: 'yyyy-MM-dd' | 'dd.MM.yyyy';
  /** A plug-in hybrid: two tanks, the second electric, its charges in kWh. */
  isPluginHybrid?: boolean;
  /** A bi-fuel car: CNG in tank 1 (in kg, its column labelled `kg`), petrol in tank 2. */
  isGasCar?: boolean;
  /** The language the phone writes the built-in cost categories' names in. */
  categoryLanguage?: 'en' | 'th';
  /** Adds this many plain fill-ups after the sample's own, for a big file. */
  rows?: number;
};

const UNIT_LABELS: Record<
  FuelioUnits,
  { odometer: string; fuel: string; economy: string; distCode: string; fuelCode: string }
> = {
  'km-litres': {
    odometer: 'km',
    fuel: 'litres',
    economy: 'l/100km',
    distCode: '0',
    fuelCode: '0',
  },
  // A British driver's: miles and litres (DistUnit 1, FuelUnit 0).
  'mi-litres': { odometer: 'mi', fuel: 'litres', economy: 'mpg', distCode: '1', fuelCode: '0' },
  'mi-us-gallons': {
    odometer: 'mi',
    fuel: 'us gallons',
    economy: 'mpg',
    distCode: '1',
    fuelCode: '1',
  },
};

type LogEntry = {
  /** ISO date and time; written in the vehicle's date format. */
  date: string;
  odometer: string;
  fuel: string;
  isFull: '0' | '1';
  total: string;
  city?: string;
  notes?: string;
  missed?: '0' | '1';
  tank?: '1' | '2';
  fuelType: string;
  unitPrice: string;
  stationId?: string;
};

const DIESEL_LOG: LogEntry[] = [
  {
    date: '2026-03-10 16:01',
    odometer: '21247.0',
    fuel: '46.301',
    isFull: '1',
    total: '67.09',
    city: 'Shell Bristol',
    fuelType: '201',
    unitPrice: '1.449',
  },
  {
    date: '2026-03-24 08:15',
    odometer: '21790.0',
    fuel: '20.5',
    isFull: '0',
    total: '29.52',
    notes: 'Half tank, "in a hurry"',
    fuelType: '217',
    unitPrice: '1.44',
    stationId: '208772',
  },
  {
    date: '2026-04-07 19:30',
    odometer: '22300.0',
    fuel: '41.2',
    isFull: '1',
    total: '60.56',
    missed: '1',
    fuelType: '-1',
    unitPrice: '0.0',
  },
  {
    date: '',
    odometer: '22800.0',
    fuel: '40.0',
    isFull: '1',
    total: '58.0',
    fuelType: '201',
    unitPrice: '1.45',
  },
  {
    date: '2026-05-02 09:00',
    odometer: '23100.0',
    fuel: '',
    isFull: '1',
    total: '',
    fuelType: '201',
    unitPrice: '',
  },
  {
    date: '2026-05-20 12:45',
    odometer: '0.0',
    fuel: '38.0',
    isFull: '1',
    total: '55.48',
    fuelType: '201',
    unitPrice: '1.46',
  },
];

const PLUGIN_HYBRID_LOG: LogEntry[] = [
  {
    date: '2026-05-01 18:00',
    odometer: '15000.0',
    fuel: '35.2',
    isFull: '1',
    total: '63.01',
    fuelType: '110',
    unitPrice: '1.79',
  },
  {
    date: '2026-05-02 07:00',
    odometer: '15080.0',
    fuel: '11.4',
    isFull: '1',
    total: '3.42',
    tank: '2',
    fuelType: '601',
    unitPrice: '0.30',
  },
  {
    date: '2026-05-03 07:00',
    odometer: '15150.0',
    fuel: '10.9',
    isFull: '0',
    total: '5.45',
    tank: '2',
    fuelType: '0',
    unitPrice: '0.50',
  },
];

// 12.5 kg × 1.299 = 16.24 (16.2375); 10.0 L × 1.859 = 18.59; 11.0 kg × 1.299 = 14.29 (14.289).
const GAS_CAR_LOG: LogEntry[] = [
  {
    date: '2026-06-01 08:00',
    odometer: '40000.0',
    fuel: '12.5',
    isFull: '1',
    total: '16.24',
    fuelType: '501',
    unitPrice: '1.299',
  },
  {
    date: '2026-06-03 18:00',
    odometer: '40180.0',
    fuel: '10.0',
    isFull: '0',
    total: '18.59',
    tank: '2',
    fuelType: '110',
    unitPrice: '1.859',
  },
  {
    date: '2026-06-06 08:00',
    odometer: '40410.0',
    fuel: '11.0',
    isFull: '1',
    total: '14.29',
    fuelType: '-1',
    unitPrice: '1.299',
  },
];

/** Plain fill-ups for a big file; deterministic. */
function plainEntry(index: number, isPluginHybrid: boolean): LogEntry {
  const day = new Date(Date.UTC(2010, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  const unitPrice = (1.3 + (index % 50) / 100).toFixed(3);
  const fuel = (30 + (index % 20)).toFixed(1);
  return {
    date: `${day} 12:00`,
    odometer: (100_000 + index * 500).toFixed(1),
    fuel,
    isFull: index % 9 === 0 ? '0' : '1',
    total: (Number(unitPrice) * Number(fuel)).toFixed(2),
    fuelType: isPluginHybrid ? '110' : '201',
    unitPrice,
  };
}

/** `2026-03-10 16:01` as the vehicle's date format writes it. */
function writtenDate(date: string, format: FuelioSyncCsvOptions['dateFormat']): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(date);
  if (!match || format !== 'dd.MM.yyyy') return date;
  const [, year, month, day, time] = match;
  return `${day}.${month}.${year}${time}`;
}

function quoted(cells: string[]): string {
  return cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
}

/** A Fuelio backup of one vehicle; the default is a diesel car in km and litres. */
export function fuelioSyncCsv(options: FuelioSyncCsvOptions = {}): ImportFile {
  const {
    vehicleId = 1,
    units = 'km-litres',
    header = 'current',
    dateFormat = 'yyyy-MM-dd',
    isPluginHybrid = false,
    isGasCar = false,
    categoryLanguage = 'en',
    rows = 0,
  } = options;
  const labels = UNIT_LABELS[units];
  const isCompact = header === 'compact';
  const label = (words: string, unit: string) =>
    isCompact ? `${words}(${unit})` : `${words} (${unit})`;
  const optional = (words: string) => label(words, 'optional');
  const marker = (name: string, width: number) =>
    isCompact ? `## ${name}${','.repeat(width - 1)}` : `"## ${name}"`;

  const vehicleHeader = [
    'Name',
    'Description',
    'DistUnit',
    'FuelUnit',
    'ConsumptionUnit',
    'ImportCSVDateFormat',
    'VIN',
    'Insurance',
    'Plate',
    'Make',
    'Model',
    'Year',
    'TankCount',
    'Tank1Type',
    'Tank2Type',
    'Active',
    'Tank1Capacity',
    'Tank2Capacity',
    'FuelUnitTank2',
    'FuelConsumptionTank2',
  ];
  const vehicle = isPluginHybrid
    ? ['Outlander', '', 'Mitsubishi', 'Outlander PHEV', '2021', '2', '100', '600', '45.0', '13.8']
    : isGasCar
      ? ['Panda', '', 'Fiat', 'Panda Natural Power', '2015', '2', '501', '110', '13.0', '35.0']
      : ['Golf', 'Family car', 'Volkswagen', 'Golf', '2017', '1', '200', '0', '50.0', '0.0'];
  const [name, description, make, model, year, tankCount, tank1, tank2, capacity1, capacity2] =
    vehicle as [string, string, string, string, string, string, string, string, string, string];
  const vehicleRow = [
    name,
    description,
    labels.distCode,
    labels.fuelCode,
    '0',
    dateFormat,
    isPluginHybrid ? '' : 'WVWZZZAUZHW000001',
    '',
    'AB12 CDE',
    make,
    model,
    year,
    tankCount,
    tank1,
    tank2,
    '1',
    capacity1,
    capacity2,
    '0',
    '0',
  ];

  const logHeader = [
    'Data',
    label('Odo', labels.odometer),
    isGasCar ? 'kg' : label('Fuel', labels.fuel),
    'Full',
    optional('Price'),
    optional(labels.economy),
    optional('latitude'),
    optional('longitude'),
    optional('City'),
    optional('Notes'),
    'Missed',
    'TankNumber',
    'FuelType',
    'VolumePrice',
    optional('StationID'),
    'ExcludeDistance',
    'UniqueId',
    'TankCalc',
  ];
  const entries = [
    ...(isPluginHybrid ? PLUGIN_HYBRID_LOG : isGasCar ? GAS_CAR_LOG : DIESEL_LOG),
    ...Array.from({ length: rows }, (_, index) => plainEntry(index, isPluginHybrid)),
  ];
  const logRows = entries.map((entry, index) => [
    writtenDate(entry.date, dateFormat),
    entry.odometer,
    entry.fuel,
    entry.isFull,
    entry.total,
    '0.0',
    '51.16514',
    '-2.99017',
    entry.city ?? '',
    entry.notes ?? '',
    entry.missed ?? '0',
    entry.tank ?? '1',
    entry.fuelType,
    entry.unitPrice,
    entry.stationId ?? '0',
    '0.0',
    String(index + 1),
    '0.0',
  ]);

  const costHeader = [
    'CostTitle',
    'Date',
    'Odo',
    'CostTypeID',
    'Notes',
    'Cost',
    'flag',
    'idR',
    'read',
    'RemindOdo',
    'RemindDate',
    'isTemplate',
    'RepeatOdo',
    'RepeatMonths',
    'isIncome',
    'UniqueId',
  ];
  const cost = (
    title: string,
    date: string,
    odometer: string,
    category: string,
    notes: string,
    amount: string,
    flags: { isTemplate?: boolean; isIncome?: boolean; remindDate?: string } = {},
  ) => [
    title,
    writtenDate(date, dateFormat),
    odometer,
    category,
    notes,
    amount,
    '0',
    '0',
    '0',
    '0',
    flags.remindDate ?? '2011-01-01',
    flags.isTemplate ? '1' : '0',
    '0',
    flags.isTemplate ? '12' : '0',
    flags.isIncome ? '1' : '0',
    '1',
  ];

  const lines = [
    marker('Vehicle', vehicleHeader.length),
    quoted(vehicleHeader),
    quoted(vehicleRow),
    marker('Log', logHeader.length),
    quoted(logHeader),
    ...logRows.map(quoted),
    marker('CostCategories', 4),
    quoted(['CostTypeID', 'Name', 'priority', 'color']),
    quoted(['1', 'Service', '0', '']),
    quoted(['2', categoryLanguage === 'th' ? 'บำรุงรักษา' : 'Maintenance', '0', '']),
    quoted(['9', 'Tuning', '0', '']),
    quoted(['31', 'Insurance', '0', '']),
    quoted(['32', 'Accessories', '0', '#424242']),
    // The user's own, with a stray BOM inside its name, as some exports have.
    quoted(['36', '\uFEFFRepairs', '0', '#424242']),
    marker('Costs', costHeader.length),
    quoted(costHeader),
    quoted(cost('Oil change', '2026-02-08 14:57', '21000', '1', 'Castrol 5W-30', '89.90')),
    quoted(cost('Brake discs', '2026-04-02 10:00', '0', '36', '', '320.00')),
    quoted(cost('Roof rack', '2026-04-15 12:00', '22100', '32', 'Thule', '150.00')),
    quoted(cost('Insurance', '2026-01-10 00:00', '0', '31', 'Yearly', '480.00')),
    quoted(
      cost('Tyres', '2027-02-01', '0', '1', '', '0.0', {
        isTemplate: true,
        remindDate: '2027-02-01',
      }),
    ),
    quoted(cost('Refund', '2026-04-20 09:00', '0', '1', '', '50.00', { isIncome: true })),
    quoted(cost('Car wash', '2026-04-22 17:00', '0', '77', '', '10.00')),
    quoted(cost('Air filter', '', '0', '2', '', '25.00')),
    quoted(cost('Wiper blades', '2026-05-05 10:00', '23000', '2', '', '30.00')),
    marker('FavStations', 6),
    quoted(['NameBrand', 'Latitude', 'Longitude', 'StationID', 'Description', 'CountryCode']),
    quoted(['Morrisons', '51.16514', '-2.99017', '208772', 'Somerset Service Station', 'GBR']),
    marker('Category', 2),
    quoted(['IdCategory', 'Name']),
    quoted(['1', 'Private']),
    quoted(['2', 'Work']),
  ];
  return textFile(`vehicle-${vehicleId}-sync.csv`, `${lines.join('\n')}\n`);
}
