/**
 * LubeLogger sample files built from its documented layouts (research §4.8; Helper/StaticHelper.cs
 * for the CSV headers, Models/ for the database documents), never from a user's data. Each holds
 * the source's traps: the server culture's dates and money (`$1,234.56`, `"12,34"`, `1 234,56 €`),
 * .NET's `True`/`False`, extra-field columns, notes with commas and line breaks, a 0 odometer, a
 * file name that is a GUID; in the backup, dates stored as a UTC+2 server's midnights, decimals
 * in .NET's layout, an electric vehicle, an hour-counting one, a document longer than a page,
 * collections Garage Ledger does not import, and account collections that must stay unread.
 */
import type { ImportFile } from '../../modules/imports/sources/source';
import {
  BsonDecimal,
  type WritableBsonDocument,
  type WritableBsonValue,
  writeLiteDatabase,
} from './litedb-writer';
import { binaryFile, textFile } from './test-files';

/** The server cultures samples are written in, as .NET formats them. */
export const LUBELOGGER_CULTURES = {
  'en-US': {
    shortDate: (year: number, month: number, day: number) => `${month}/${day}/${year}`,
    decimal: '.',
    group: ',',
    currency: (amount: string) => `$${amount}`,
  },
  'de-DE': {
    shortDate: (year: number, month: number, day: number) => `${pad(day)}.${pad(month)}.${year}`,
    decimal: ',',
    group: '.',
    currency: (amount: string) => `${amount}\u00a0€`,
  },
  // .NET (ICU) groups French thousands with a narrow no-break space.
  'fr-FR': {
    shortDate: (year: number, month: number, day: number) => `${pad(day)}/${pad(month)}/${year}`,
    decimal: ',',
    group: '\u202f',
    currency: (amount: string) => `${amount}\u00a0€`,
  },
} as const;
export type LubeloggerCulture = keyof typeof LUBELOGGER_CULTURES;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A decimal as .NET's `ToString()` writes it in a culture: no grouping, the culture's point. */
function decimalIn(culture: LubeloggerCulture, value: string): string {
  return value.replace('.', LUBELOGGER_CULTURES[culture].decimal);
}

/** A decimal as .NET's `ToString("C")` writes money: grouped, two places, the culture's symbol. */
function moneyIn(culture: LubeloggerCulture, value: string): string {
  const { decimal, group, currency } = LUBELOGGER_CULTURES[culture];
  const [whole = '0', fraction = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return currency(`${grouped}${decimal}${fraction.padEnd(2, '0').slice(0, 2)}`);
}

/** A CSV cell as CsvHelper writes one: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The name LubeLogger's export gives a file: a random GUID (ImportController). */
export const LUBELOGGER_EXPORT_NAME = '3f2b8c1e-7d4a-4e9b-9a61-0c5d2e8f4b17.csv';

type DateParts = [year: number, month: number, day: number];

/** The n-th generated day after 2024-02-01, a week apart: for big files. */
function generatedDay(index: number): DateParts {
  const date = new Date(Date.UTC(2024, 1, 1 + index * 7));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** One fill-up as LubeLogger knows it, numbers in invariant spelling. */
type GasFixture = {
  date: DateParts;
  odometer: number;
  quantity: string;
  cost: string;
  economy: string;
  isFull: boolean;
  isMissed: boolean;
  notes: string;
  tags: string;
  station: string;
};

/** The fill-ups every gas sample starts with; the reader's tests assert these. */
export const LUBELOGGER_GAS_FIXTURES: readonly GasFixture[] = [
  {
    date: [2024, 1, 3],
    odometer: 12345,
    quantity: '12.34',
    cost: '45.67',
    economy: '0',
    isFull: true,
    isMissed: false,
    notes: 'First fill, after the "big" trip\nPaid cash',
    tags: 'costco highway',
    station: 'Shell',
  },
  {
    date: [2024, 1, 12],
    odometer: 12690,
    quantity: '5.5',
    cost: '20.35',
    economy: '0',
    isFull: false,
    isMissed: false,
    notes: '',
    tags: '',
    station: '',
  },
  {
    date: [2024, 1, 20],
    odometer: 13010,
    quantity: '1234.5',
    cost: '1999.99',
    economy: '31.2',
    isFull: true,
    isMissed: true,
    notes: 'Fleet card',
    tags: '',
    station: 'Aral',
  },
  // Saved without an odometer: LubeLogger writes 0.
  {
    date: [2024, 1, 28],
    odometer: 0,
    quantity: '10',
    cost: '38',
    economy: '0',
    isFull: true,
    isMissed: false,
    notes: '',
    tags: '',
    station: '',
  },
];

export type LubeloggerCsvOptions = {
  culture?: LubeloggerCulture;
  /** Total rows; rows past the fixtures are generated, a week apart. */
  rows?: number;
  fileName?: string;
};

function gasFixtures(rows: number | undefined): GasFixture[] {
  const fixtures = [...LUBELOGGER_GAS_FIXTURES];
  for (let index = fixtures.length; index < (rows ?? fixtures.length); index += 1) {
    fixtures.push({
      date: generatedDay(index),
      odometer: 13_400 + index * 410,
      quantity: `${30 + (index % 9)}.${index % 100}`,
      cost: `${60 + (index % 40)}.${String(index % 100).padStart(2, '0')}`,
      economy: '29.5',
      isFull: index % 5 !== 0,
      isMissed: false,
      notes: index % 3 === 0 ? `Generated fill-up ${index}` : '',
      tags: '',
      station: index % 2 === 0 ? 'Shell' : '',
    });
  }
  return fixtures.slice(0, rows ?? fixtures.length);
}

/**
 * The Gas export: `Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags`
 * and one extra field. Its numbers are `ToString()` (no currency, the culture's decimal point).
 */
export function lubeloggerGasCsv(options: LubeloggerCsvOptions = {}): ImportFile {
  const culture = options.culture ?? 'en-US';
  const { shortDate } = LUBELOGGER_CULTURES[culture];
  const header = [
    'Date',
    'Odometer',
    'FuelConsumed',
    'Cost',
    'FuelEconomy',
    'IsFillToFull',
    'MissedFuelUp',
    'Notes',
    'Tags',
    'extrafield_Station',
  ];
  const rows = gasFixtures(options.rows).map((fill) => [
    shortDate(...fill.date),
    String(fill.odometer),
    decimalIn(culture, fill.quantity),
    decimalIn(culture, fill.cost),
    decimalIn(culture, fill.economy),
    fill.isFull ? 'True' : 'False',
    fill.isMissed ? 'True' : 'False',
    fill.notes,
    fill.tags,
    fill.station,
  ]);
  return textFile(options.fileName ?? LUBELOGGER_EXPORT_NAME, csvText(header, rows));
}

type RecordFixture = {
  date: DateParts;
  description: string;
  cost: string;
  notes: string;
  odometer: number;
  tags: string;
  warranty: string;
};

export const LUBELOGGER_RECORD_FIXTURES: readonly RecordFixture[] = [
  {
    date: [2023, 11, 5],
    description: 'Oil change',
    cost: '89.9',
    notes: 'Synthetic 5W-30, filter',
    odometer: 12000,
    tags: 'engine',
    warranty: '12 months',
  },
  {
    date: [2024, 2, 14],
    description: 'Timing belt, water pump',
    cost: '1234.56',
    notes: '',
    odometer: 14210,
    tags: '',
    warranty: '',
  },
  {
    date: [2024, 3, 1],
    description: '',
    cost: '0',
    notes: 'Inspection only',
    odometer: 0,
    tags: '',
    warranty: '',
  },
];

/**
 * The Service, Repair and Upgrade exports, one header for the three:
 * `Date,Description,Cost,Notes,Odometer,Tags`, the cost as `ToString("C")` money.
 */
export function lubeloggerRecordCsv(options: LubeloggerCsvOptions = {}): ImportFile {
  const culture = options.culture ?? 'en-US';
  const { shortDate } = LUBELOGGER_CULTURES[culture];
  const header = [
    'Date',
    'Description',
    'Cost',
    'Notes',
    'Odometer',
    'Tags',
    'extrafield_Warranty',
  ];
  const fixtures = [...LUBELOGGER_RECORD_FIXTURES];
  for (let index = fixtures.length; index < (options.rows ?? fixtures.length); index += 1) {
    fixtures.push({
      date: generatedDay(index),
      description: `Service ${index}`,
      cost: `${100 + index}.50`,
      notes: '',
      odometer: 15_000 + index * 1_000,
      tags: '',
      warranty: '',
    });
  }
  const rows = fixtures.map((record) => [
    shortDate(...record.date),
    record.description,
    moneyIn(culture, record.cost),
    record.notes,
    String(record.odometer),
    record.tags,
    record.warranty,
  ]);
  return textFile(options.fileName ?? LUBELOGGER_EXPORT_NAME, csvText(header, rows));
}

/** The Odometer export: `Date,InitialOdometer,Odometer,Notes,Tags`; the last reading is 0. */
export function lubeloggerOdometerCsv(options: LubeloggerCsvOptions = {}): ImportFile {
  const { shortDate } = LUBELOGGER_CULTURES[options.culture ?? 'en-US'];
  const header = ['Date', 'InitialOdometer', 'Odometer', 'Notes', 'Tags'];
  const rows = [
    [shortDate(2024, 1, 1), '12000', '12345', 'New year', ''],
    [shortDate(2024, 2, 1), '12345', '13900', '', 'commute'],
    [shortDate(2024, 3, 1), '13900', '0', '', ''],
  ];
  return textFile(options.fileName ?? LUBELOGGER_EXPORT_NAME, csvText(header, rows));
}

/** The exports of records Garage Ledger does not keep, two rows each. */
export function lubeloggerUnimportedCsv(
  kind: 'tax' | 'supply' | 'plan' | 'equipment',
  options: LubeloggerCsvOptions = {},
): ImportFile {
  const culture = options.culture ?? 'en-US';
  const { shortDate } = LUBELOGGER_CULTURES[culture];
  const money = (value: string) => moneyIn(culture, value);
  const layouts = {
    tax: {
      header: ['Date', 'Description', 'Cost', 'Notes', 'Tags'],
      rows: [
        [shortDate(2024, 1, 15), 'Registration', money('120'), '', ''],
        [shortDate(2025, 1, 15), 'Registration', money('125'), '', ''],
      ],
    },
    supply: {
      header: [
        'Date',
        'PartNumber',
        'PartSupplier',
        'PartQuantity',
        'Description',
        'Notes',
        'Cost',
        'Tags',
      ],
      rows: [
        [shortDate(2024, 1, 5), 'OF-123', 'Parts Co', '2', 'Oil filter', '', money('19.98'), ''],
        [shortDate(2024, 1, 5), 'W-5W30', 'Parts Co', '5', 'Oil 5W-30', '', money('45'), ''],
      ],
    },
    plan: {
      header: [
        'DateCreated',
        'DateModified',
        'Description',
        'Notes',
        'Type',
        'Priority',
        'Progress',
        'Cost',
      ],
      rows: [
        [
          '1/5/2024 9:30:00 AM',
          '1/6/2024 10:00:00 AM',
          'Brakes',
          '',
          'RepairRecord',
          'Normal',
          'Backlog',
          money('300'),
        ],
        [
          '1/7/2024 9:30:00 AM',
          '1/7/2024 9:30:00 AM',
          'Tyres',
          '',
          'ServiceRecord',
          'Low',
          'Testing',
          money('500'),
        ],
      ],
    },
    equipment: {
      header: ['Description', 'Notes', 'Tags', 'IsEquipped'],
      rows: [
        ['Winter tyres', '', '', 'False'],
        ['Roof box', '', '', 'True'],
      ],
    },
  } as const;
  const { header, rows } = layouts[kind];
  return textFile(options.fileName ?? LUBELOGGER_EXPORT_NAME, csvText(header, rows));
}

/**
 * A file made by hand for LubeLogger's importer, in its aliases (MapProfile/ImportMappers.cs):
 * split Day/Month/Year, `Litres`, Fuelly's per-unit `Price`, `Partial Tank` as 1/0, and
 * `MissedFuelUp` (its own name, which shows it is LubeLogger's). Three rows cannot be read.
 */
export function lubeloggerHandMadeCsv(): ImportFile {
  const header = [
    'Day',
    'Month',
    'Year',
    'Odometer',
    'Litres',
    'Price',
    'Partial Tank',
    'MissedFuelUp',
    'Note',
  ];
  const rows = [
    ['3', '1', '2024', '12345', '40.2', '1.799', '0', 'false', 'Full tank'],
    ['17', '1', '2024', '12800', '20', '1.85', '1', 'true', ''],
    ['', '', '', '13000', '30', '1.8', '0', '', 'Date forgotten'],
    ['2', '2', '2024', '13300', '', '1.8', '0', '', 'Litres forgotten'],
    ['9', '2', '2024', '13700', '35', '', '0', '', 'Price forgotten'],
  ];
  return textFile('lubelogger-import.csv', csvText(header, rows));
}

// ---------------------------------------------------------------------------------------------
// Backup zip
// ---------------------------------------------------------------------------------------------

export type LubeloggerBackupOptions = {
  useMpg?: boolean;
  useUkMpg?: boolean;
  /** Whether the zip holds `config/userConfig.json` (absent, users' settings are in the db). */
  hasUserConfigFile?: boolean;
  /** The exporting server's offset from UTC: LiteDB stores its local midnights in UTC. */
  serverUtcOffsetHours?: number;
  /** Fill-ups of the first vehicle generated on top of the fixtures: for big backups. */
  rows?: number;
};

/** A LubeLogger record date: the server's local midnight, which LiteDB keeps in UTC. */
function storedDate([year, month, day]: DateParts, serverUtcOffsetHours: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - serverUtcOffsetHours * 3_600_000);
}

/** Notes long enough that their document spans more than one 8 kB page. */
export const LUBELOGGER_LONG_NOTES = `Road trip log: ${'fuel stop, coffee, back on the road; '.repeat(300)}end.`;

/** The secrets the account collections hold: a reading must never carry them. */
export const LUBELOGGER_ACCOUNT_SECRETS = [
  'pbkdf2-hash-of-the-admin-password',
  'reset-token-4f1d2c',
  'api-key-9a8b7c',
] as const;

function record(
  id: number,
  vehicleId: number,
  fields: Record<string, WritableBsonValue>,
): WritableBsonDocument {
  return { _id: id, VehicleId: vehicleId, Files: [], Tags: [], ExtraFields: [], ...fields };
}

/** The database documents, by collection, as LubeLogger's models store them. */
export function lubeloggerBackupCollections(
  options: LubeloggerBackupOptions = {},
): Record<string, WritableBsonDocument[]> {
  const offset = options.serverUtcOffsetHours ?? 2;
  const date = (year: number, month: number, day: number) => storedDate([year, month, day], offset);
  const gas = (
    id: number,
    vehicleId: number,
    day: Date,
    mileage: WritableBsonValue,
    gallons: string,
    cost: string,
    fields: Record<string, WritableBsonValue> = {},
  ) =>
    record(id, vehicleId, {
      Date: day,
      Mileage: mileage,
      Gallons: new BsonDecimal(gallons),
      Cost: new BsonDecimal(cost),
      IsFillToFull: true,
      MissedFuelUp: false,
      Notes: '',
      ...fields,
    });

  const gasRecords = [
    gas(1, 1, date(2024, 1, 3), 12345, '12.340', '45.67', {
      Notes: 'First fill',
      Tags: ['costco', 'highway'],
      ExtraFields: [{ Name: 'Station', Value: 'Shell', IsRequired: false }],
    }),
    // Migrated databases keep Mileage as a decimal (LiteDBHelper's user version 1).
    gas(2, 1, date(2024, 1, 12), new BsonDecimal('12690'), '5.5', '20.35', { IsFillToFull: false }),
    gas(3, 1, date(2024, 1, 20), 13010, '30.25', '55.00', {
      MissedFuelUp: true,
      Notes: LUBELOGGER_LONG_NOTES,
    }),
    gas(4, 2, date(2024, 1, 21), 5400, '30.5', '9.15'),
    gas(5, 3, date(2024, 1, 22), 120, '20', '31.80'),
    gas(6, 1, date(2024, 1, 28), 0, '0', '0', { Notes: 'Saved by mistake' }),
    gas(7, 99, date(2024, 1, 29), 13500, '10', '18'),
  ];
  for (let index = 0; index < (options.rows ?? 0); index += 1) {
    const [year, month, day] = generatedDay(index);
    gasRecords.push(
      gas(
        100 + index,
        1,
        date(year, month, day),
        13_400 + index * 410,
        `${30 + (index % 9)}.5`,
        '61.20',
      ),
    );
  }

  return {
    vehicles: [
      {
        _id: 1,
        ImageLocation: '/images/sx4.png',
        Year: 2015,
        Make: 'Suzuki',
        Model: 'SX4',
        LicensePlate: 'AB-123-CD',
        PurchaseDate: '',
        SoldDate: '',
        PurchasePrice: new BsonDecimal('0'),
        SoldPrice: new BsonDecimal('0'),
        IsElectric: false,
        IsDiesel: false,
        UseHours: false,
        OdometerOptional: false,
        ExtraFields: [
          { Name: 'VIN', Value: 'JS2YB413XF6100001', IsRequired: false },
          { Name: 'Colour', Value: 'Blue', IsRequired: false },
        ],
        Tags: ['daily'],
        HasOdometerAdjustment: false,
        OdometerMultiplier: '1',
        OdometerDifference: '0',
        VehicleIdentifier: 'LicensePlate',
      },
      {
        _id: 2,
        Year: 2021,
        Make: 'Renault',
        Model: 'Zoe',
        LicensePlate: 'EV-42',
        IsElectric: true,
        IsDiesel: false,
        UseHours: false,
        ExtraFields: [],
        Tags: [],
      },
      {
        _id: 3,
        Year: 2019,
        Make: 'Kubota',
        Model: 'L2501',
        LicensePlate: '',
        IsElectric: false,
        IsDiesel: true,
        UseHours: true,
        ExtraFields: [],
        Tags: [],
      },
    ],
    gasrecords: gasRecords,
    servicerecords: [
      record(1, 1, {
        Date: date(2023, 11, 5),
        Mileage: 12000,
        Description: 'Oil change',
        Cost: new BsonDecimal('89.90'),
        Notes: 'Synthetic 5W-30',
        ExtraFields: [{ Name: 'Warranty', Value: '12 months', IsRequired: false }],
      }),
    ],
    collisionrecords: [
      record(1, 1, {
        Date: date(2024, 2, 14),
        Mileage: 0,
        Description: 'Replace mirror',
        Cost: new BsonDecimal('120'),
        Notes: '',
      }),
    ],
    upgraderecords: [
      record(1, 2, {
        Date: date(2024, 3, 1),
        Mileage: 6100,
        Description: 'Tow hitch',
        Cost: new BsonDecimal('450.00'),
        Notes: '',
        Tags: ['towing'],
      }),
    ],
    odometerrecords: [
      record(1, 1, { Date: date(2024, 2, 1), InitialMileage: 12345, Mileage: 13900, Notes: '' }),
      record(2, 3, { Date: date(2024, 2, 1), InitialMileage: 120, Mileage: 130, Notes: '' }),
      record(3, 1, { Date: date(2024, 3, 1), InitialMileage: 13900, Mileage: 0, Notes: '' }),
    ],
    taxrecords: [
      record(1, 1, {
        Date: date(2024, 1, 15),
        Description: 'Registration',
        Cost: new BsonDecimal('120'),
      }),
      record(2, 1, {
        Date: date(2025, 1, 15),
        Description: 'Registration',
        Cost: new BsonDecimal('125'),
      }),
    ],
    supplyrecords: [
      record(1, 0, { Date: date(2024, 1, 5), PartNumber: 'OF-123', Description: 'Oil filter' }),
    ],
    planrecords: [
      record(1, 1, { Description: 'Brakes', Progress: 0, Priority: 1 }),
      record(2, 1, { Description: 'Tyres', Progress: 1, Priority: 2 }),
      record(3, 2, { Description: 'Wipers', Progress: 0, Priority: 2 }),
    ],
    reminderrecords: [record(1, 1, { Description: 'Oil change', Mileage: 17000 })],
    userrecords: [
      {
        _id: 1,
        UserName: 'admin',
        Password: LUBELOGGER_ACCOUNT_SECRETS[0],
        EmailAddress: 'admin@example.test',
      },
    ],
    tokenrecords: [
      { _id: 1, Body: LUBELOGGER_ACCOUNT_SECRETS[1], EmailAddress: 'admin@example.test' },
    ],
    apikeyrecords: [{ _id: 1, Key: LUBELOGGER_ACCOUNT_SECRETS[2], Name: 'Home Assistant' }],
    userconfigrecords: [
      {
        _id: 1,
        UserConfig: { UseMPG: options.useMpg ?? true, UseUKMPG: options.useUkMpg ?? false },
      },
    ],
  };
}

/**
 * A backup zip as the pipeline hands it over, expanded: `data/cartracker.db`, the root user's
 * `config/userConfig.json`, and files the reader leaves alone.
 */
export function lubeloggerBackup(options: LubeloggerBackupOptions = {}): ImportFile[] {
  const userConfig = {
    UseDarkMode: false,
    EnableCsvImports: true,
    UseMPG: options.useMpg ?? true,
    UseDescending: false,
    EnableAuth: true,
    HideZero: false,
    UseUKMPG: options.useUkMpg ?? false,
    UseThreeDecimalGasCost: true,
    PreferredGasUnit: '',
    PreferredGasMileageUnit: '',
    UserNameHash: 'sha256-of-the-root-user-name',
    UserPasswordHash: 'sha256-of-the-root-password',
    UserLanguage: 'en_US',
  };
  return [
    binaryFile('data/cartracker.db', writeLiteDatabase(lubeloggerBackupCollections(options))),
    ...(options.hasUserConfigFile === false
      ? []
      : [textFile('config/userConfig.json', JSON.stringify(userConfig))]),
    textFile('config/serverConfig.json', '{}'),
    textFile('data/widgets.html', '<div>widgets</div>'),
    binaryFile('images/sx4.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    binaryFile('documents/receipt.pdf', Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n', 'latin1')),
  ];
}
