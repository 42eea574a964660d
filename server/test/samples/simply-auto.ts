/**
 * Simply Auto exports built from the documented layout (research §4.5: the Fuel_Log header of
 * the import guide, `Vehicles.csv`), never from a user's file. The traps: every record in one
 * log told apart by `Record Type`, the date split in three, a service listing two services, an
 * expense, an unknown record type, a date that does not exist, a row without a day, a vehicle
 * that `Vehicles.csv` does not name, and a partial and a missed fill-up.
 */
import { textFile } from './test-files';

const FUEL_LOG_HEADER =
  'Row ID,Vehicle ID,Odometer,Qty,Partial Tank,Missed Fill Up,Total Cost,Distance Traveled,Eff,Octane,Fuel Brand,Filling Station,Notes,Day,Month,Year,Receipt Path,Record Type,Record Desc';

type SampleRecord = {
  vehicle: string;
  odometer: string;
  quantity: string;
  isPartial?: boolean;
  hasMissed?: boolean;
  totalCost: string;
  brand?: string;
  station?: string;
  notes?: string;
  day: string;
  month: string;
  year: string;
  recordType: string;
  description: string;
};

/** Lines 2 to 11 of the Fuel_Log sample. */
export const SIMPLY_AUTO_TRAP_RECORDS: readonly SampleRecord[] = [
  {
    vehicle: '1',
    odometer: '10000',
    quantity: '40.5',
    totalCost: '220.00',
    brand: 'Orlen',
    station: 'Orlen Kraków',
    day: '5',
    month: '1',
    year: '2020',
    recordType: '0',
    description: 'Fuel Record',
  },
  {
    vehicle: '1',
    odometer: '10500',
    quantity: '35',
    isPartial: true,
    totalCost: '190.50',
    brand: 'BP',
    notes: 'Not to the brim',
    day: '20',
    month: '1',
    year: '2020',
    recordType: '0',
    description: 'Fuel Record',
  },
  {
    vehicle: '1',
    odometer: '10600',
    quantity: '0',
    totalCost: '480.00',
    station: 'Auto Serwis',
    notes: 'Tyres and oil',
    day: '25',
    month: '1',
    year: '2020',
    recordType: '1',
    description: 'Tire Rotation, Oil Change',
  },
  {
    vehicle: '1',
    odometer: '10700',
    quantity: '0',
    totalCost: '30.00',
    day: '1',
    month: '2',
    year: '2020',
    recordType: '2',
    description: 'Parking',
  },
  {
    vehicle: '2',
    odometer: '5000',
    quantity: '30',
    hasMissed: true,
    totalCost: '160.00',
    brand: 'Shell',
    day: '3',
    month: '2',
    year: '2020',
    recordType: '0',
    description: 'Fuel Record',
  },
  {
    vehicle: '7',
    odometer: '88000',
    quantity: '52',
    totalCost: '300.00',
    day: '4',
    month: '2',
    year: '2020',
    recordType: '0',
    description: 'Fuel Record',
  },
  {
    vehicle: '1',
    odometer: '11000',
    quantity: '38',
    totalCost: '210.00',
    day: '12',
    month: '12',
    year: '2020',
    recordType: '0',
    description: 'Fuel Record',
  },
  {
    vehicle: '1',
    odometer: '11100',
    quantity: '0',
    totalCost: '15.00',
    day: '13',
    month: '12',
    year: '2020',
    recordType: '7',
    description: 'Toll',
  },
  {
    vehicle: '1',
    odometer: '11200',
    quantity: '30',
    totalCost: '170.00',
    day: '31',
    month: '2',
    year: '2021',
    recordType: '0',
    description: 'Fuel Record',
  },
  {
    vehicle: '2',
    odometer: '5600',
    quantity: '29',
    totalCost: '158.00',
    day: '',
    month: '3',
    year: '2021',
    recordType: '0',
    description: 'Fuel Record',
  },
];

const flag = (value: boolean | undefined) => (value ? '1' : '0');

function fuelLogLine(record: SampleRecord, rowId: number): string {
  return [
    String(rowId),
    record.vehicle,
    record.odometer,
    record.quantity,
    flag(record.isPartial),
    flag(record.hasMissed),
    record.totalCost,
    '0',
    '0',
    '95',
    record.brand ?? '',
    record.station ?? '',
    record.notes ?? '',
    record.day,
    record.month,
    record.year,
    '',
    record.recordType,
    record.description.includes(',') ? `"${record.description}"` : record.description,
  ].join(',');
}

function fillerRecord(index: number): SampleRecord {
  const day = new Date(Date.UTC(2022, 0, 1 + index));
  return {
    vehicle: index % 2 === 0 ? '1' : '2',
    odometer: String(20_000 + index * 350),
    quantity: String(30 + (index % 12)),
    totalCost: (160 + (index % 12) * 5.5).toFixed(2),
    day: String(day.getUTCDate()),
    month: String(day.getUTCMonth() + 1),
    year: String(day.getUTCFullYear()),
    recordType: '0',
    description: 'Fuel Record',
  };
}

/** `Fuel_Log.csv` alone, with `rows` records (10,000 makes a big file). */
export function simplyAutoFuelLogCsv(options: { rows?: number; name?: string } = {}) {
  const { rows = SIMPLY_AUTO_TRAP_RECORDS.length, name = 'Fuel_Log.csv' } = options;
  const fillers = Math.max(0, rows - SIMPLY_AUTO_TRAP_RECORDS.length);
  const records = [
    ...SIMPLY_AUTO_TRAP_RECORDS,
    ...Array.from({ length: fillers }, (_, index) => fillerRecord(index)),
  ];
  const lines = [
    FUEL_LOG_HEADER,
    ...records.map((record, index) => fuelLogLine(record, index + 1)),
  ];
  return textFile(name, `${lines.join('\n')}\n`);
}

/** The entries of `SimplyAuto.zip` as the pipeline hands them over: Vehicles.csv and Fuel_Log.csv. */
export function simplyAutoZipEntries(options: { rows?: number } = {}) {
  const vehicles = textFile(
    'SimplyAuto/Vehicles.csv',
    ['Row ID,Make,Model,Vehicle ID', '1,Honda,Jazz,1', '2,Škoda,Octavia Combi,2', ''].join('\n'),
  );
  return [vehicles, simplyAutoFuelLogCsv({ ...options, name: 'SimplyAuto/Fuel_Log.csv' })];
}
