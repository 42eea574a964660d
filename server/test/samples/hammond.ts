/**
 * Hammond sample files, built from the documented layout (research §4.9; the tables of
 * akhilrex/hammond `server/db/dbModels.go` as GORM creates them in SQLite), never from a user's
 * backup. The database holds Hammond's traps: amounts kept as float32 (1.449 reads back as
 * 1.4490000009536743), soft-deleted records, a deleted vehicle, an odometer of 0, a tank-full flag
 * never set (NULL), charges in kWh and in minutes, free-text expense types of which some are not
 * maintenance, a record of a vehicle that is gone, and the accounts table with a password hash
 * that no reading may touch.
 */
import type { SqliteDatabase, SqliteValue } from '../../modules/imports/sources/sqlite-file';
import { sqliteBytesOf } from '../../modules/imports/sources/sqlite-file';
import { binaryFile, textFile } from './test-files';

const SCHEMA = `
CREATE TABLE \`users\` (\`id\` text,\`created_at\` datetime,\`updated_at\` datetime,\`deleted_at\` datetime,\`email\` text UNIQUE,\`password\` text,\`currency\` text,\`distance_unit\` integer,\`date_format\` text,\`role\` integer,\`name\` text,\`is_disabled\` numeric,\`language\` text,PRIMARY KEY (\`id\`));
CREATE TABLE \`vehicles\` (\`id\` text,\`created_at\` datetime,\`updated_at\` datetime,\`deleted_at\` datetime,\`nickname\` text,\`registration\` text,\`make\` text,\`model\` text,\`year_of_manufacture\` integer,\`engine_size\` real,\`fuel_unit\` integer,\`fuel_type\` integer,\`vin\` text,PRIMARY KEY (\`id\`));
CREATE TABLE \`user_vehicles\` (\`id\` text,\`created_at\` datetime,\`updated_at\` datetime,\`deleted_at\` datetime,\`user_id\` text,\`vehicle_id\` text,\`is_owner\` numeric,PRIMARY KEY (\`id\`,\`user_id\`,\`vehicle_id\`));
CREATE TABLE \`fillups\` (\`id\` text,\`created_at\` datetime,\`updated_at\` datetime,\`deleted_at\` datetime,\`vehicle_id\` text,\`fuel_unit\` integer,\`fuel_quantity\` real,\`per_unit_price\` real,\`total_amount\` real,\`odo_reading\` integer,\`is_tank_full\` numeric,\`has_missed_fillup\` numeric,\`comments\` text,\`filling_station\` text,\`user_id\` text,\`date\` datetime,\`currency\` text,\`distance_unit\` integer,\`source\` text,\`fuel_sub_type\` text,PRIMARY KEY (\`id\`));
CREATE TABLE \`expenses\` (\`id\` text,\`created_at\` datetime,\`updated_at\` datetime,\`deleted_at\` datetime,\`vehicle_id\` text,\`amount\` real,\`odo_reading\` integer,\`comments\` text,\`expense_type\` text,\`user_id\` text,\`date\` datetime,\`currency\` text,\`distance_unit\` integer,\`source\` text,PRIMARY KEY (\`id\`));
CREATE TABLE \`settings\` (\`id\` text,\`created_at\` datetime,\`updated_at\` datetime,\`deleted_at\` datetime,\`currency\` text DEFAULT "INR",\`distance_unit\` integer DEFAULT 1,PRIMARY KEY (\`id\`));
`;

/** What no reading may show: the sample's account secrets. */
export const HAMMOND_SECRETS = {
  email: 'owner@example.com',
  passwordHash: '$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
} as const;

const OWNER = 'b7c3a1de-0000-4000-8000-000000000001';
export const HAMMOND_VEHICLES = {
  sx4: 'a1f0c2d4-0000-4000-8000-0000000000a1',
  leaf: 'a1f0c2d4-0000-4000-8000-0000000000b2',
  sold: 'a1f0c2d4-0000-4000-8000-0000000000c3',
} as const;

/** How Go's SQLite driver writes a time.Time. */
function goTime(isoDate: string, time = '00:00:00'): string {
  return `${isoDate} ${time}+00:00`;
}

function isoDay(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A decimal as Go's float32 comes back through the driver: widened, with its binary error. */
const float32 = (value: number) => Math.fround(value);

type Fillup = {
  vehicle: string;
  date: string;
  fuelUnit: number;
  quantity: number;
  unitPrice: number;
  total: number;
  odometer: number;
  isTankFull?: 0 | 1 | null;
  hasMissedFillup?: 0 | 1 | null;
  station?: string;
  comments?: string;
  subType?: string;
  distanceUnit: number;
  deleted?: boolean;
};

function insertFillup(database: SqliteDatabase, number: number, fillup: Fillup): void {
  const values: SqliteValue[] = [
    `f0000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    goTime(fillup.date, '09:00:00'),
    goTime(fillup.date, '09:00:00'),
    fillup.deleted ? goTime(fillup.date, '10:00:00') : null,
    fillup.vehicle,
    fillup.fuelUnit,
    float32(fillup.quantity),
    float32(fillup.unitPrice),
    float32(fillup.total),
    fillup.odometer,
    fillup.isTankFull === undefined ? 1 : fillup.isTankFull,
    fillup.hasMissedFillup === undefined ? 0 : fillup.hasMissedFillup,
    fillup.comments ?? '',
    fillup.station ?? '',
    OWNER,
    goTime(fillup.date),
    'EUR',
    fillup.distanceUnit,
    '',
    fillup.subType ?? '',
  ];
  database
    .prepare(`INSERT INTO fillups VALUES (${values.map(() => '?').join(',')})`)
    .run(...values);
}

type Expense = { date: string; type: string; amount: number; odometer: number; comments?: string };

function insertExpense(database: SqliteDatabase, number: number, expense: Expense, unit: number) {
  const values: SqliteValue[] = [
    `e0000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    goTime(expense.date),
    goTime(expense.date),
    null,
    HAMMOND_VEHICLES.sx4,
    float32(expense.amount),
    expense.odometer,
    expense.comments ?? '',
    expense.type,
    OWNER,
    goTime(expense.date),
    'EUR',
    unit,
    '',
  ];
  database
    .prepare(`INSERT INTO expenses VALUES (${values.map(() => '?').join(',')})`)
    .run(...values);
}

export type HammondSampleOptions = {
  /** The SX4's regular fill-ups after the traps (the first five carry traps themselves). */
  rows?: number;
  /** Hammond's distance unit of the SX4's records. */
  distanceUnit?: 'km' | 'mi';
  /** The Leaf's, when it differs (a file with both units states none). */
  leafDistanceUnit?: 'km' | 'mi';
  /** Entry path, as the pipeline names a file of an expanded backup. */
  name?: string;
};

/**
 * The database in Hammond's backup. Fill-ups, in this order (rowid = line): 1–2 the Leaf's charges
 * in kWh, 3 a charge in minutes, 4 a deleted fill-up, 5 one with only a total, 6 one of a vehicle
 * not in the file, 7 one of the deleted vehicle, then the SX4's `rows` fill-ups from line 8.
 * Expenses: 1 oil change, 2 brake repair, 3 "Inspektion", 4 insurance, 5 parking.
 */
export function hammondDatabase(options: HammondSampleOptions = {}) {
  const { rows = 6, distanceUnit = 'km', name = 'hammond.db' } = options;
  const leafDistanceUnit = options.leafDistanceUnit ?? distanceUnit;
  const unitCode = (unit: 'km' | 'mi') => (unit === 'km' ? 1 : 0);
  const bytes = sqliteBytesOf((database) => {
    database.exec(SCHEMA);
    database
      .prepare('INSERT INTO users VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)')
      .run(
        OWNER,
        goTime('2023-12-01'),
        goTime('2023-12-01'),
        null,
        HAMMOND_SECRETS.email,
        HAMMOND_SECRETS.passwordHash,
        'EUR',
        1,
        'dd/MM/yyyy',
        0,
        'Owner',
        0,
        'English',
      );
    const addVehicle = (values: SqliteValue[]) =>
      database.prepare('INSERT INTO vehicles VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)').run(...values);
    const created = goTime('2023-12-01');
    addVehicle([
      HAMMOND_VEHICLES.sx4,
      created,
      created,
      null,
      'My SX4',
      'AB-123-CD',
      'Suzuki',
      'SX4',
      2015,
      float32(1.6),
      0,
      0,
      'JS2YB413X95100123',
    ]);
    addVehicle([
      HAMMOND_VEHICLES.leaf,
      created,
      created,
      null,
      'Leaf',
      'EV-42',
      'Nissan',
      'Leaf',
      2019,
      0,
      4,
      4,
      '',
    ]);
    addVehicle([
      HAMMOND_VEHICLES.sold,
      created,
      created,
      goTime('2024-02-01'),
      'Sold Golf',
      '',
      'VW',
      'Golf',
      2008,
      float32(1.4),
      0,
      1,
      '',
    ]);
    for (const vehicle of Object.values(HAMMOND_VEHICLES)) {
      database
        .prepare('INSERT INTO user_vehicles VALUES (?,?,?,?,?,?,?)')
        .run(`uv-${vehicle}`, created, created, null, OWNER, vehicle, 1);
    }

    const km = unitCode(distanceUnit);
    const leafUnit = unitCode(leafDistanceUnit);
    const traps: Fillup[] = [
      {
        vehicle: HAMMOND_VEHICLES.leaf,
        date: '2024-01-04',
        fuelUnit: 4,
        quantity: 38.5,
        unitPrice: 0.29,
        total: 11.17,
        odometer: 18250,
        distanceUnit: leafUnit,
        station: 'Home',
      },
      {
        vehicle: HAMMOND_VEHICLES.leaf,
        date: '2024-01-11',
        fuelUnit: 4,
        quantity: 41.25,
        unitPrice: 0,
        total: 22.69,
        odometer: 18610,
        distanceUnit: leafUnit,
        station: 'Ionity A8',
      },
      {
        vehicle: HAMMOND_VEHICLES.leaf,
        date: '2024-01-15',
        fuelUnit: 5,
        quantity: 45,
        unitPrice: 0.5,
        total: 22.5,
        odometer: 18800,
        distanceUnit: leafUnit,
      },
      {
        vehicle: HAMMOND_VEHICLES.sx4,
        date: '2024-01-05',
        fuelUnit: 0,
        quantity: 20,
        unitPrice: 1.5,
        total: 30,
        odometer: 223100,
        distanceUnit: km,
        deleted: true,
      },
      {
        vehicle: HAMMOND_VEHICLES.sx4,
        date: '2024-01-06',
        fuelUnit: 0,
        quantity: 0,
        unitPrice: 0,
        total: 40,
        odometer: 223200,
        distanceUnit: km,
      },
      {
        vehicle: 'a1f0c2d4-0000-4000-8000-0000000000ff',
        date: '2024-01-07',
        fuelUnit: 0,
        quantity: 30,
        unitPrice: 1.5,
        total: 45,
        odometer: 1000,
        distanceUnit: km,
      },
      {
        vehicle: HAMMOND_VEHICLES.sold,
        date: '2024-01-08',
        fuelUnit: 0,
        quantity: 35,
        unitPrice: 1.7,
        total: 59.5,
        odometer: 301000,
        distanceUnit: km,
      },
    ];
    let number = 0;
    database.exec('BEGIN');
    for (const fillup of traps) insertFillup(database, ++number, fillup);
    for (let index = 0; index < rows; index += 1) {
      const quantity = 31.139 + (index % 7) * 1.25;
      const unitPrice = 1.449 + (index % 3) / 100;
      insertFillup(database, ++number, {
        vehicle: HAMMOND_VEHICLES.sx4,
        date: isoDay('2024-01-03', index * 9),
        fuelUnit: 0,
        quantity,
        unitPrice,
        total: Math.round(quantity * unitPrice * 100) / 100,
        // The fifth has no odometer: Hammond stored the unknown reading as 0.
        odometer: index === 4 ? 0 : 222998 + index * 530,
        // The second is partial, the third follows a missed fill-up, the fourth never had the
        // flag set (NULL), as records from before Hammond asked.
        isTankFull: index === 1 ? 0 : index === 3 ? null : 1,
        hasMissedFillup: index === 2 ? 1 : 0,
        distanceUnit: km,
        ...(index === 0 ? { station: 'Shell Dorfstraße', subType: 'Super 95' } : {}),
        ...(index === 2 ? { comments: 'Forgot to log the one before' } : {}),
      });
    }
    const expenses: Expense[] = [
      { date: '2024-01-20', type: 'Oil change', amount: 89.9, odometer: 223500 },
      { date: '2024-02-02', type: 'Brake pads repair', amount: 240, odometer: 224010 },
      { date: '2024-02-15', type: 'Inspektion', amount: 310.5, odometer: 224600, comments: 'TÜV' },
      { date: '2024-03-01', type: 'Insurance', amount: 420, odometer: 0 },
      { date: '2024-03-02', type: 'Parking', amount: 12, odometer: 0 },
    ];
    expenses.forEach((expense, index) => {
      insertExpense(database, index + 1, expense, km);
    });
    database.exec('COMMIT');
  });
  return binaryFile(name, bytes);
}

/** Hammond's generic import document: one vehicle's fill-ups, wall-clock times in `timezone`. */
export function hammondImportDocument(options: { rows?: number } = {}) {
  const { rows = 4 } = options;
  const data = Array.from({ length: rows }, (_, index) => ({
    fuelQuantity: 40 + index,
    perUnitPrice: 1.799,
    totalAmount: Math.round((40 + index) * 1.799 * 100) / 100,
    // The first row has no odometer: the document's 0.
    odoReading: index === 0 ? 0 : 51200 + index * 610,
    isTankFull: index !== 1,
    hasMissedFillup: false,
    comments: index === 2 ? 'Holiday trip' : '',
    fillingStation: 'Aral',
    date: `${isoDay('2024-03-01', index * 12)}T23:40:00.000Z`,
    fuelSubType: 'Diesel',
  }));
  // A row with a total only: the pipeline cannot complete it.
  data.push({
    fuelQuantity: 0,
    perUnitPrice: 0,
    totalAmount: 50,
    odoReading: 0,
    isTankFull: true,
    hasMissedFillup: false,
    comments: '',
    fillingStation: '',
    date: '2024-06-01T08:00:00.000Z',
    fuelSubType: '',
  });
  const document = { data, vehicleId: HAMMOND_VEHICLES.sx4, timezone: 'Europe/Berlin' };
  return textFile('hammond-import.json', JSON.stringify(document, null, 2));
}
