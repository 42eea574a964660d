/**
 * aCar / Fuelly app exports built from the documented layouts (research §4.2), never from a
 * user's file. The sectioned export holds its traps: the date format in the metadata, two
 * vehicles in different units (a US-gallon Altima in miles, a Golf in litres and km), per-row
 * units, locale-formatted numbers (`"106,421"`, `"$3.969"`), a partial and a missed fill-up, a
 * diesel, a row without date and one without volume, services, expenses and trips. The
 * positional app CSV holds `Gas` and `Service` rows, a partial fill, `$` amounts, a 12-hour time
 * and a row type the app never wrote.
 */
import { textFile } from './test-files';

const quoteAll = (cells: readonly string[]) =>
  cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');

const METADATA = [
  '"Metadata"',
  quoteAll([
    'Android Version',
    'aCar Version',
    'aCar Build Date',
    'aCar Database Version',
    'Export Date/Time',
    'Export Version',
    'Minimum Supported aCar Version',
    'Date Format',
    'Time Format',
  ]),
];

const VEHICLES_HEADER = [
  'Name',
  'Type',
  'Year',
  'Make',
  'Model',
  'SubModel',
  'Engine',
  'Transmission',
  'Drive Type',
  'Body Type',
  'Bed Type',
  'Active',
  'License Plate',
  'VIN',
  'Insurance Policy',
  'Color',
  'Fuel Tank Capacity',
  'Volume Unit',
  'Distance Unit',
  'Country',
  'Region',
  'City',
  'Notes',
];

const FILL_UP_HEADER = [
  'Vehicle',
  'Date',
  'Time',
  'Odometer Reading',
  'Distance Unit',
  'Volume',
  'Volume Unit',
  'Price per Unit',
  'Total Cost',
  'Payment',
  'Partial Fill-Up?',
  'Previously Missed Fill-Ups?',
  'Fuel Efficiency',
  'Fuel Efficiency Unit',
  'Fuel Category',
  'Fuel Type',
  'Has Fuel Additive?',
  'Fuel Additive Name',
  'Fuel Brand',
  'Fueling Station Address',
  'Place Street',
  'Place City',
  'Place State',
  'Place Country',
  'Place Postal Code',
  'Place Latitude',
  'Place Longitude',
  'Device Latitude',
  'Device Longitude',
  'Driving Mode',
  'City Driving Percentage',
  'Highway Driving Percentage',
  'Average Speed',
  'Tags',
  'Notes',
];

const EVENT_HEADER = [
  'Vehicle',
  'Date',
  'Time',
  'Odometer Reading',
  'Distance Unit',
  'Type',
  'Sub Types',
  'Total Cost',
  'Payment',
  'Place Name',
  'Place Address',
  'Place Street',
  'Place City',
  'Place State',
  'Place Postal Code',
  'Place Country',
  'Place Latitude',
  'Place Longitude',
  'Device Latitude',
  'Device Longitude',
  'Tags',
  'Notes',
];

/** The older exports' services and expenses, one section each, without a Type. */
const SERVICE_HEADER = [
  'Vehicle',
  'Date',
  'Time',
  'Odometer Reading',
  'Distance Unit',
  'Services',
  'Total Cost',
  'Payment',
  'Service Center Name',
  'Service Center Address',
  'Tags',
  'Notes',
];
const EXPENSE_HEADER = [
  'Vehicle',
  'Date',
  'Time',
  'Odometer Reading',
  'Distance Unit',
  'Expenses',
  'Total Cost',
  'Payment',
  'Expense Center Name',
  'Tags',
  'Notes',
];

type SampleFillUp = {
  vehicle: 'Altima' | 'Golf';
  date: string;
  odometer: string;
  volume: string;
  unitPrice: string;
  totalCost: string;
  isPartial?: boolean;
  hasMissed?: boolean;
  notes?: string;
};

/** One cell per header column, the named ones filled. */
function fillUpCells(fillUp: SampleFillUp): string[] {
  const isAltima = fillUp.vehicle === 'Altima';
  const values: Record<string, string> = {
    Vehicle: fillUp.vehicle,
    Date: fillUp.date,
    Time: '08:11',
    'Odometer Reading': fillUp.odometer,
    'Distance Unit': isAltima ? 'mi' : 'km',
    Volume: fillUp.volume,
    'Volume Unit': isAltima ? 'gal' : 'L',
    'Price per Unit': fillUp.unitPrice,
    'Total Cost': fillUp.totalCost,
    Payment: 'Joint Checking',
    'Partial Fill-Up?': fillUp.isPartial ? 'Yes' : 'No',
    'Previously Missed Fill-Ups?': fillUp.hasMissed ? 'Yes' : 'No',
    'Fuel Category': isAltima ? 'Gasoline' : 'Diesel',
    'Fuel Type': isAltima ? 'Gasoline - Regular (87)' : 'Diesel',
    'Has Fuel Additive?': 'No',
    'Fuel Brand': isAltima ? 'Maverik' : '',
    'Fueling Station Address': isAltima ? '24 S Geneva Rd Vineyard, UT 84058' : '',
    Notes: fillUp.notes ?? '',
  };
  return FILL_UP_HEADER.map((column) => values[column] ?? '');
}

/** Lines 12 to 17 of the sectioned sample (its fill-up header is line 11). */
export const ACAR_TRAP_FILL_UPS: readonly SampleFillUp[] = [
  {
    vehicle: 'Altima',
    date: '7/15/2023',
    odometer: '106,421',
    volume: '20.101',
    unitPrice: '$3.969',
    totalCost: '$79.78',
  },
  {
    vehicle: 'Golf',
    date: '7/16/2023',
    odometer: '52,340',
    volume: '41.20',
    unitPrice: '$1.659',
    totalCost: '$68.35',
  },
  {
    vehicle: 'Altima',
    date: '7/22/2023',
    odometer: '106,688',
    volume: '6.502',
    unitPrice: '$4.019',
    totalCost: '$26.13',
    isPartial: true,
    notes: 'Only $25, the pump cut off',
  },
  {
    vehicle: 'Altima',
    date: '8/3/2023',
    odometer: '107,240',
    volume: '18.004',
    unitPrice: '$3.899',
    totalCost: '$70.20',
    hasMissed: true,
  },
  {
    vehicle: 'Golf',
    date: '',
    odometer: '52,901',
    volume: '39.00',
    unitPrice: '$1.699',
    totalCost: '$66.26',
  },
  {
    vehicle: 'Golf',
    date: '8/9/2023',
    odometer: '53,300',
    volume: '',
    unitPrice: '$1.699',
    totalCost: '',
  },
];

function fillerFillUp(index: number): SampleFillUp {
  const day = new Date(Date.UTC(2023, 8, 1 + index));
  const volume = 15 + (index % 6);
  const unitPrice = 3.5 + (index % 10) / 100;
  return {
    vehicle: 'Altima',
    date: `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`,
    odometer: (108_000 + index * 310).toLocaleString('en-US'),
    volume: volume.toFixed(3),
    unitPrice: `$${unitPrice.toFixed(3)}`,
    totalCost: `$${(volume * unitPrice).toFixed(2)}`,
  };
}

export type AcarServiceLayout = 'events' | 'services';

/**
 * aCar's sectioned CSV export with `rows` fill-ups; its services come as the newer `Event
 * Records` (with a Type per row, expenses among them) or the older `Service Records` and
 * `Expense Records` sections.
 */
export function acarSectionedCsv(options: { rows?: number; services?: AcarServiceLayout } = {}) {
  const { rows = ACAR_TRAP_FILL_UPS.length, services = 'events' } = options;
  const fillers = Math.max(0, rows - ACAR_TRAP_FILL_UPS.length);
  const fillUps = [
    ...ACAR_TRAP_FILL_UPS,
    ...Array.from({ length: fillers }, (_, index) => fillerFillUp(index)),
  ];
  const serviceLines =
    services === 'events'
      ? [
          '"Event Records"',
          quoteAll(EVENT_HEADER),
          eventLine([
            'Altima',
            '5/14/2022',
            '10:43',
            '93,600',
            'mi',
            'Service',
            'Engine Oil, Oil Filter',
            '$22.00',
            'Checking',
            'Home',
          ]),
          eventLine([
            'Golf',
            '6/2/2022',
            '09:00',
            '48,100',
            'km',
            'Service',
            'Tire Rotation',
            '$40.00',
            'Card',
            'Reifen Müller',
          ]),
          eventLine([
            'Altima',
            '6/20/2022',
            '12:00',
            '94,100',
            'mi',
            'Expense',
            'Parking',
            '$12.00',
            'Cash',
            '',
          ]),
          eventLine([
            'Altima',
            '7/1/2022',
            '12:00',
            '94,300',
            'mi',
            'Expense',
            'Insurance',
            '$480.00',
            'Card',
            '',
          ]),
          eventLine([
            'Altima',
            '7/4/2022',
            '12:00',
            '94,380',
            'mi',
            'Reminder',
            'Wipers',
            '',
            '',
            '',
          ]),
        ]
      : [
          '"Service Records"',
          quoteAll(SERVICE_HEADER),
          quoteAll([
            'Altima',
            '5/14/2022',
            '10:43',
            '93,600',
            'mi',
            'Engine Oil, Oil Filter',
            '$22.00',
            'Checking',
            'Home',
            '',
            '',
            '',
          ]),
          quoteAll([
            'Golf',
            '6/2/2022',
            '09:00',
            '48,100',
            'km',
            'Tire Rotation',
            '$40.00',
            'Card',
            'Reifen Müller',
            '',
            '',
            '',
          ]),
          '"Expense Records"',
          quoteAll(EXPENSE_HEADER),
          quoteAll([
            'Altima',
            '6/20/2022',
            '12:00',
            '94,100',
            'mi',
            'Parking',
            '$12.00',
            'Cash',
            '',
            '',
            '',
          ]),
          quoteAll([
            'Altima',
            '7/1/2022',
            '12:00',
            '94,300',
            'mi',
            'Insurance',
            '$480.00',
            'Card',
            '',
            '',
            '',
          ]),
        ];
  const lines = [
    ...METADATA,
    quoteAll([
      '13',
      '5.4.3',
      '07/11/2023',
      '18',
      '07/20/2023 - 13:55',
      '11',
      '5.0.0',
      'M/d/yyyy',
      'HH:mm',
    ]),
    '',
    '"Vehicles"',
    quoteAll(VEHICLES_HEADER),
    quoteAll([
      'Altima',
      'CAR',
      '2012',
      'Nissan',
      'Altima',
      'S',
      '2.5L L4 GAS',
      'Automatic',
      'FWD',
      'Sedan',
      '',
      'Yes',
      'F96 2HK',
      '1N4AL2AP9CC248968',
      '',
      'Gray',
      '20.0',
      'US_GALLON',
      'MILE',
      'United States',
      'Utah',
      'Orem',
      '',
    ]),
    quoteAll([
      'Golf',
      'CAR',
      '2016',
      'Volkswagen',
      'Golf',
      'TDI',
      '2.0L',
      'Manual',
      'FWD',
      'Hatchback',
      '',
      'Yes',
      'B-GL 2016',
      '',
      '',
      'Blue',
      '50.0',
      'LITER',
      'KILOMETER',
      'Germany',
      'Berlin',
      'Berlin',
      'Bought used',
    ]),
    '',
    '"Fill-Up Records"',
    quoteAll(FILL_UP_HEADER),
    ...fillUps.map((fillUp) => quoteAll(fillUpCells(fillUp))),
    '',
    ...serviceLines,
    '',
    '"Trip Records"',
    quoteAll([
      'Vehicle',
      'Start Date',
      'Start Time',
      'Start Odometer Reading',
      'End Date',
      'End Odometer Reading',
      'Distance Unit',
      'Distance',
      'Type',
    ]),
    quoteAll([
      'Altima',
      '5/14/2022',
      '10:43',
      '93,600',
      '5/14/2022',
      '93,650',
      'mi',
      '50.1',
      'Vacation',
    ]),
  ];
  return textFile('acar-export.csv', `${lines.join('\n')}\n`);
}

function eventLine(cells: string[]): string {
  return quoteAll([...cells, ...Array(EVENT_HEADER.length - cells.length).fill('')]);
}

/**
 * The Fuelly app's positional CSV (the layout Hammond reads by index, research §4.2 a) with
 * `rows` fill-ups: Gas rows (full and partial), a Service, a row of a type the app never wrote.
 */
export function acarAppCsv(options: { rows?: number } = {}) {
  const { rows = 3 } = options;
  const header =
    'Type,MPG,Date,Time,Car Name,Odometer,Fill,Price per Unit,Quantity,Total Cost,Octane,Gas Brand,Location,Tags,Payment Type,Tire Pressure,Notes,Services';
  const trapRows = [
    'Gas,,2024-09-01,8:05 AM,Civic,"10,000",Full,$3.259,12.000,$39.11,87,Shell,Main St,,Card,,,',
    'Gas,,2024-09-04,18:30,Civic,"10,150",Partial,$3.499,4.000,$14.00,87,,,commute,Card,,Topped up,',
    'Gas,40.0,2024-09-08,7:00 AM,Civic,"10,400",Full,$3.499,6.000,$20.99,87,,,,,,,',
    'Service,,2024-09-20,10:00 AM,Civic,"10,500",,,,$59.99,,,Quick Lube,,Card,,synthetic,Oil Change',
    'Trip,,2024-09-21,10:00 AM,Civic,"10,560",,,,,,,,,,,,',
  ];
  const fillers = Array.from({ length: Math.max(0, rows - 3) }, (_, index) => {
    const day = new Date(Date.UTC(2024, 9, 1 + index)).toISOString().slice(0, 10);
    return `Gas,,${day},7:00 AM,Civic,"${(11_000 + index * 300).toLocaleString('en-US')}",Full,$3.399,9.000,$30.59,87,,,,,,,`;
  });
  return textFile('fuelly-app.csv', `${[header, ...trapRows, ...fillers].join('\n')}\n`);
}
